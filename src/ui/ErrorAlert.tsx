import type { ReactNode } from 'react';
import type { Text } from '../i18n/types.ts';
import { useT } from './i18n.tsx';

/** A form-level error, announced when it appears. */
export function ErrorAlert(props: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="alert-error" role="alert">
      <p>{props.children}</p>
      {props.action}
    </div>
  );
}

/** A flow's form-level `error` (nothing when there is none). */
export function FormError(props: { error: Text | undefined; action?: ReactNode }) {
  const t = useT();
  if (!props.error) return null;
  return <ErrorAlert action={props.action}>{t.text(props.error)}</ErrorAlert>;
}
