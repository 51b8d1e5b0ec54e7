/**
 * The views the pages behind the identity service's sign-in share (connected apps, security): the
 * page leaving for the authorize flow, back from it still signed out, and a read that failed.
 */
import { Button } from './Button.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { useResolved } from './use-resolved.ts';
import { ViewHeading } from './ViewHeading.tsx';
import { WaitCard } from './WaitCard.tsx';

/** Leaving for sign-in: what is happening, and a link for those who cannot wait. */
export function LeavingToSignIn(props: {
  id: string;
  title: string;
  status: string;
  linkLabel: string;
  href: () => Promise<string>;
}) {
  const href = useResolved(props.href);
  return (
    <WaitCard
      id={props.id}
      title={props.title}
      status={props.status}
      link={href ? { href, label: props.linkLabel } : undefined}
    />
  );
}

/** Back from the authorize flow with no usable token: sign in again, on the person's word. */
export function SignInAgain(props: {
  id: string;
  title: string;
  body: string;
  label: string;
  onSignIn: () => void;
}) {
  return (
    <section className="card center stack" aria-labelledby={props.id}>
      <ViewHeading id={props.id}>{props.title}</ViewHeading>
      <p className="muted">{props.body}</p>
      <Button onClick={props.onSignIn}>{props.label}</Button>
    </section>
  );
}

/** The page's read failed for a reason other than the token: why, and try again in place. */
export function LoadFailed(props: {
  id: string;
  title: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <section className="card stack" aria-labelledby={props.id}>
      <ViewHeading id={props.id}>{props.title}</ViewHeading>
      <ErrorAlert>{props.message}</ErrorAlert>
      <Button onClick={props.onRetry}>{props.retryLabel}</Button>
    </section>
  );
}
