import { useId, useRef, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

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

/** A confirmation of something that cannot be undone: focus starts on Cancel, the safe choice. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={props.open}
      onCancel={props.onCancel}
      busy={props.pending}
      labelledBy={titleId}
      describedBy={bodyId}
      initialFocus={cancel}
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
    </Dialog>
  );
}
