import type { ApiFailure } from '../../api/errors.ts';

/**
 * What the pages behind the identity service's sign-in share (connected apps, business
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
