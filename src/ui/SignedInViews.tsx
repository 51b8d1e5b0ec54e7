/**
 * The pages signed in with an access token (connected apps, security): the page around each one's
 * list (`TokenPage`), and the views they share: reading, leaving for the authorize flow, back from
 * it still signed out, and a read that failed (which the business invitation shares too). Each
 * page says them in its own namespace, under the same keys.
 */
import { useEffect, type ReactNode } from 'react';
import type { ReadableAtom } from 'nanostores';
import { toFailure } from '../api/errors.ts';
import { localizedPath, type Locale } from '../i18n/config.ts';
import { authorizeAddressOnce, type AuthorizeReturn } from '../lib/authorize.ts';
import type { LoadFailure, TokenPageDeps, TokenPageView } from '../stores/flows/signed-in.ts';
import { Button } from './Button.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { useT } from './i18n.tsx';
import { useFlow } from './island.tsx';
import { useAccessToken } from './use-access-token.ts';
import { useResolved } from './use-resolved.ts';
import { ViewFocus, ViewHeading } from './ViewHeading.tsx';
import { WaitCard } from './WaitCard.tsx';

/** A call that got no answer, in the words every page uses for it. */
export const NO_ANSWER_KEYS = {
  offline: 'common:offline',
  network: 'common:networkError',
  timeout: 'common:timeout',
} as const satisfies Record<Exclude<LoadFailure, 'server'>, string>;

/** The page's namespace of words. */
type Words = 'apps' | 'security';

/** What `TokenPage` needs of a token page's flow (src/stores/flows/signed-in.ts). */
interface TokenFlow {
  $state: ReadableAtom<TokenPageView | { view: 'list' }>;
  $viewChanged: ReadableAtom<boolean>;
  start: () => void;
  destroy: () => void;
  signIn: () => void;
  retry: () => void;
}

/** The flow's list view. */
type ListOf<F extends TokenFlow> =
  F['$state'] extends ReadableAtom<infer S> ? Extract<S, { view: 'list' }> : never;

interface TokenPageProps<F extends TokenFlow> {
  words: Words;
  /** The title's id: every view is labelled by it, and a new view focuses it. */
  id: string;
  locale: Locale;
  /** The page's path: the authorize flow returns to it, exactly as registered. */
  path: string;
  /** The authorize return, taken out of the address bar as the island's module was evaluated. */
  back: AuthorizeReturn;
  /** The page's flow, made once the token is known. */
  create: (page: TokenPageDeps) => F;
  /** The page's own view: its list. */
  list: (flow: F, state: ListOf<F>) => ReactNode;
}

/**
 * A page signed in with an access token: the loader until the authorize return's code has become
 * an access token, then the page's flow (made once, started and destroyed with the island) and its
 * list or the view of `TokenPageView` it is in. A new view moves focus to its heading (the list
 * keeps focus where the person is); the loader never takes it.
 */
export function TokenPage<F extends TokenFlow>(props: TokenPageProps<F>) {
  const access = useAccessToken(props.back);
  if (!access.ready) {
    return (
      <ViewFocus focus={false} view="loading">
        <TokenPageLoading words={props.words} id={props.id} />
      </ViewFocus>
    );
  }
  return <TokenPageFlow {...props} accessToken={access.token} returned={access.returned} />;
}

function TokenPageFlow<F extends TokenFlow>(
  props: TokenPageProps<F> & { accessToken: string | undefined; returned: boolean },
) {
  const { words, id, locale, path } = props;
  const href = () =>
    authorizeAddressOnce({
      redirectUri: `${location.origin}${localizedPath(locale, path)}`,
      locale,
    });
  const made = useFlow(() =>
    props.create({
      accessToken: props.accessToken,
      returned: props.returned,
      goToAuthorize: () => void href().then((address) => location.replace(address)),
      toFailure,
    }),
  );
  // `useFlow` reads the state's type off the flow, which TypeScript cannot do for a generic one.
  const { flow, focus } = made;
  const state = made.state as TokenPageView | ListOf<F>;
  useEffect(() => {
    flow.start();
    return () => flow.destroy();
  }, [flow]);
  return (
    <ViewFocus focus={focus && state.view !== 'loading'} view={state.view}>
      {isListed(state) ? (
        props.list(flow, state)
      ) : (
        <TokenPageScreen
          words={words}
          id={id}
          state={state}
          href={href}
          onSignIn={flow.signIn}
          onRetry={flow.retry}
        />
      )}
    </ViewFocus>
  );
}

const isListed = <L extends { view: 'list' }>(state: TokenPageView | L): state is L =>
  state.view === 'list';

/** Reading who is signed in and the page's lists (also before the page's flow exists). */
function TokenPageLoading(props: { words: Words; id: string }) {
  const t = useT();
  const { words, id } = props;
  return <WaitCard id={id} title={t(`${words}:title`)} status={t(`${words}:loading`)} busy />;
}

function TokenPageScreen(props: {
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
