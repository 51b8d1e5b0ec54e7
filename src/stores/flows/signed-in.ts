import type { ApiFailure } from '../../api/errors.ts';
import type { Flow } from './create-flow.ts';

/**
 * What the pages behind the identity service's sign-in share (connected apps, security, business
 * invitation): who is signed in is read on start; a read that failed is tried again from its
 * `load_failed` view; 'Sign in' goes through the authorize flow.
 */
/** A read that failed for a reason other than the token: try again in place. */
export type LoadFailure = 'offline' | 'network' | 'timeout' | 'server';

/**
 * Why a call of a signed-in page failed: no answer (which kind), the token refused (a status of
 * `refused`), or anything else from the server.
 */
export function signedInFailure(
  failure: ApiFailure,
  refused: readonly number[],
): LoadFailure | 'refused' {
  switch (failure.kind) {
    case 'offline':
    case 'network':
    case 'timeout':
      return failure.kind;
    case 'malformed':
      return 'server';
    case 'http':
      return refused.includes(failure.status) ? 'refused' : 'server';
  }
}

export function signedInActions(
  view: () => string,
  dispatch: (event: { type: 'retry' } | { type: 'sign_in' }) => void,
  load: () => Promise<void>,
) {
  return {
    start: (): void => void load(),
    retry: (): void => {
      if (view() !== 'load_failed') return;
      dispatch({ type: 'retry' });
      void load();
    },
    signIn: (): void => dispatch({ type: 'sign_in' }),
  };
}

/** Why a call of a page signed in with an access token failed: 401 and 403 refuse the token. */
export type TokenFailure = LoadFailure | 'expired';

export function tokenFailure(failure: ApiFailure): TokenFailure {
  const reason = signedInFailure(failure, [401, 403]);
  return reason === 'refused' ? 'expired' : reason;
}

/**
 * The views of a page signed in with an access token (connected apps, security) around its own
 * `list`: reading, the read failed, leaving for the authorize flow, and back from it still signed
 * out (sign in again, on the person's word, instead of a loop).
 */
export type TokenPageView =
  | { view: 'loading' }
  | { view: 'load_failed'; reason: LoadFailure }
  | { view: 'redirect' }
  | { view: 'signin_failed' };

export type TokenPageEvent =
  | { type: 'load_failed'; reason: LoadFailure }
  /** No token, or the token was refused. `returned`: this page load came back from authorize. */
  | { type: 'unauthorized'; returned: boolean }
  | { type: 'retry' }
  | { type: 'sign_in' };

/** The events of `TokenPageEvent`, the same on every token page (its list has the rest). */
export function tokenPageTransition<L extends { view: 'list'; submitting?: true }>(
  state: TokenPageView | L,
  event: TokenPageEvent,
): TokenPageView | L {
  switch (event.type) {
    case 'load_failed':
      return state.view === 'loading' ? { view: 'load_failed', reason: event.reason } : state;
    case 'unauthorized':
      if (state.view !== 'loading') return state;
      return event.returned ? { view: 'signin_failed' } : { view: 'redirect' };
    case 'retry':
      return state.view === 'load_failed' ? { view: 'loading' } : state;
    case 'sign_in':
      return state.view === 'signin_failed' ||
        state.view === 'load_failed' ||
        (state.view === 'list' && !state.submitting)
        ? { view: 'redirect' }
        : state;
  }
}

export interface TokenPageDeps {
  /** The access token of the authorize return, or none. Kept in the flow's closure only. */
  accessToken: string | undefined;
  /** True when this page load came back from the authorize flow. */
  returned: boolean;
  /** Leaves for the authorize flow (location.replace). */
  goToAuthorize: () => void;
  toFailure: (error: unknown) => ApiFailure;
}

/**
 * A token page's start, retry and sign-in: `read` (which dispatches what it read) runs with the
 * token; no token, or one refused, is `unauthorized`; the redirect view leaves the page.
 */
export function tokenPageActions(
  flow: Pick<Flow<{ view: string }, TokenPageEvent>, 'dispatch' | 'get' | 'begin' | 'onChange'>,
  deps: TokenPageDeps,
  read: (token: string, signal: AbortSignal) => Promise<void>,
) {
  flow.onChange((state) => {
    if (state.view === 'redirect') deps.goToAuthorize();
  });
  const unauthorized = () => flow.dispatch({ type: 'unauthorized', returned: deps.returned });

  async function load(): Promise<void> {
    const token = deps.accessToken;
    if (!token) return unauthorized();
    const signal = flow.begin();
    try {
      await read(token, signal);
    } catch (error) {
      if (signal.aborted) return;
      const reason = tokenFailure(deps.toFailure(error));
      if (reason === 'expired') unauthorized();
      else flow.dispatch({ type: 'load_failed', reason });
    }
  }

  return signedInActions(() => flow.get().view, flow.dispatch, load);
}
