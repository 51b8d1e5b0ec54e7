/**
 * The views of the pages signed in with an access token (connected apps, security) other than
 * their lists: reading, leaving for the authorize flow, back from it still signed out, and a read
 * that failed (which the business invitation shares). Each page says them in its own namespace,
 * under the same keys.
 */
import type { LoadFailure, TokenPageView } from '../stores/flows/signed-in.ts';
import { Button } from './Button.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { useT } from './i18n.tsx';
import { useResolved } from './use-resolved.ts';
import { ViewHeading } from './ViewHeading.tsx';
import { WaitCard } from './WaitCard.tsx';

/** A call that got no answer, in the words every page uses for it. */
export const NO_ANSWER_KEYS = {
  offline: 'common:offline',
  network: 'common:networkError',
  timeout: 'common:timeout',
} as const satisfies Record<Exclude<LoadFailure, 'server'>, string>;

/** The page's namespace of words. */
type Words = 'apps' | 'security';

/** Reading who is signed in and the page's lists (also before the page's flow exists). */
export function TokenPageLoading(props: { words: Words; id: string }) {
  const t = useT();
  const { words, id } = props;
  return <WaitCard id={id} title={t(`${words}:title`)} status={t(`${words}:loading`)} busy />;
}

export function TokenPageScreen(props: {
  words: Words;
  /** The title's id (each view is labelled by it; a new view focuses it). */
  id: string;
  state: TokenPageView;
  /** The authorize address this page leaves for. */
  href: () => Promise<string>;
  onSignIn: () => void;
  onRetry: () => void;
}) {
  const t = useT();
  const { words, id, state } = props;
  switch (state.view) {
    case 'loading':
      return <TokenPageLoading words={words} id={id} />;
    case 'redirect':
      return <LeavingToSignIn words={words} id={id} href={props.href} />;
    case 'signin_failed':
      // Back from the authorize flow with no usable token: sign in again, on the person's word.
      return (
        <section className="card center stack" aria-labelledby={id}>
          <ViewHeading id={id}>{t(`${words}:signInTitle`)}</ViewHeading>
          <p className="muted">{t(`${words}:signInBody`)}</p>
          <Button onClick={props.onSignIn}>{t(`${words}:signIn`)}</Button>
        </section>
      );
    case 'load_failed':
      return <LoadFailed words={words} id={id} reason={state.reason} onRetry={props.onRetry} />;
  }
}

/**
 * A signed-in page's read failed for a reason other than the token: why, and try again in place
 * (the business invitation's too).
 */
export function LoadFailed(props: {
  words: Words | 'invitation';
  id: string;
  reason: LoadFailure;
  onRetry: () => void;
}) {
  const t = useT();
  const { words, id, reason } = props;
  return (
    <section className="card stack" aria-labelledby={id}>
      <ViewHeading id={id}>{t(`${words}:title`)}</ViewHeading>
      <ErrorAlert>
        {reason === 'server' ? t(`${words}:loadFailed`) : t(NO_ANSWER_KEYS[reason])}
      </ErrorAlert>
      <Button onClick={props.onRetry}>{t('common:retry')}</Button>
    </section>
  );
}

/** Leaving for sign-in: what is happening, and a link for those who cannot wait. */
function LeavingToSignIn(props: { words: Words; id: string; href: () => Promise<string> }) {
  const t = useT();
  const { words, id } = props;
  const href = useResolved(props.href);
  return (
    <WaitCard
      id={id}
      title={t(`${words}:title`)}
      status={t(`${words}:redirecting`)}
      link={href ? { href, label: t(`${words}:continueToSignIn`) } : undefined}
    />
  );
}
