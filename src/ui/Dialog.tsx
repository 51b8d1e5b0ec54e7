import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The one modal dialog (native `<dialog>` with `showModal()`: the page behind is inert). It opens
 * and closes with `open`; focus starts on `initialFocus` (else the first control), Tab and
 * Shift+Tab stay inside, Escape asks `onCancel` (unless `busy`), and focus goes back to where it
 * was when the dialog closes (the caller may move it elsewhere after).
 */
export function Dialog(props: {
  open: boolean;
  onCancel: () => void;
  /** A call is in flight: Escape does nothing. */
  busy?: boolean | undefined;
  /** The ids of the title and of the body (from `useId`). */
  labelledBy: string;
  describedBy?: string | undefined;
  initialFocus?: RefObject<HTMLElement | null> | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const { open, initialFocus } = props;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      initialFocus?.current?.focus();
    } else if (!open && element.open) {
      element.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) {
        opener.current.focus();
      }
      opener.current = null;
    }
  }, [open, initialFocus]);

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
      className={props.className ?? 'dialog'}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: the dialog closes through the caller's state, never by itself.
        event.preventDefault();
        if (!props.busy) props.onCancel();
      }}
    >
      {props.children}
    </dialog>
  );
}
