import type { ReactNode } from 'react';

/** A form-level error, announced when it appears. */
export function ErrorAlert(props: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="alert-error" role="alert">
      <p>{props.children}</p>
      {props.action}
    </div>
  );
}
