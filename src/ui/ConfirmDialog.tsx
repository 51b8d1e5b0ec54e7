import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from './Button.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** While true the confirm button is busy and the dialog cannot be dismissed. */
  pending?: boolean;
  pendingLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal confirmation (native `<dialog>` with `showModal()`: the page behind is inert). Focus
 * starts on Cancel (the safe choice), Tab and Shift+Tab stay inside, Escape cancels, and focus
 * goes back to where it was when the dialog closes (the caller may move it elsewhere after).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      cancel.current?.focus();
    } else if (!props.open && element.open) {
      element.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) {
        opener.current.focus();
      }
      opener.current = null;
    }
  }, [props.open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: the dialog closes through the state, never by itself.
        event.preventDefault();
        if (!props.pending) props.onCancel();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {props.title}
      </h2>
      <div id={bodyId}>{props.children}</div>
      <div className="dialog-actions">
        <button
          ref={cancel}
          type="button"
          className="button button-secondary"
          disabled={props.pending === true}
          onClick={props.onCancel}
        >
          {props.cancelLabel}
        </button>
        <Button
          className="button-danger"
          pending={props.pending === true}
          {...(props.pendingLabel ? { pendingLabel: props.pendingLabel } : {})}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
