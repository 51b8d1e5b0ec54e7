/**
 * What the link-page flows share: how a failed call is classed (a server answer, or no answer at
 * all), the support code a page quotes, and which failures are worth an error report.
 */
import { transportMessage } from '../../api/transport-message.ts';
import { toFailure, type ApiFailure } from '../../api/errors.ts';
import type { Text } from '../../i18n/types.ts';

/** No server answer (timeout, offline, dropped, unreadable): the page offers to try again. */
export function noAnswer(failure: ApiFailure): Text | undefined {
  return transportMessage(failure);
}

/**
 * The code a person quotes to support: the server's own support or error code, otherwise
 * `HTTP-{status}`. Undefined when no server answered.
 */
export function supportCode(failure: ApiFailure): string | undefined {
  if (failure.kind !== 'http') return undefined;
  const body = failure.body;
  for (const value of [body?.['support_code'], body?.error_code, body?.errorCode]) {
    if (typeof value === 'string' && /^[\w.-]{1,64}$/.test(value)) return value;
  }
  return `HTTP-${failure.status}`;
}

/** Unexpected failures are reported (5xx, unreadable answers); expected 4xx answers are not. */
export function isUnexpected(failure: ApiFailure): boolean {
  return failure.kind === 'malformed' || (failure.kind === 'http' && failure.status >= 500);
}

/**
 * The events a one-call link page dispatches around its call (`result`: what the call gave).
 * `run`: the person asked for the call (the confirm button, or 'Try again').
 */
export type TokenCallEvent<R = void> =
  | { type: 'run' }
  | { type: 'missing' }
  | { type: 'succeeded'; result: R }
  | { type: 'failed'; failure: ApiFailure };

/**
 * Where a link page's `run` leads: from the confirm view (the person pressed the button) or the
 * network view ('Try again') to the loader; anywhere else nothing happens (a double press, a
 * press on an outcome).
 */
export function runFrom<S extends { view: string }>(state: S, loading: S): S {
  return state.view === 'confirm' || state.view === 'network' ? loading : state;
}

/**
 * Runs a link page's one call on the token of its path, once at a time and only when a person
 * asks for it (a token is never spent by loading the page): `run` first (to the loader),
 * `missing` without a token, then `succeeded` or `failed` (reporting the unexpected).
 */
export function tokenCall<R = void>(options: {
  isLoading: () => boolean;
  dispatch: (event: TokenCallEvent<R>) => void;
  token: () => string | undefined;
  call: (token: string) => Promise<R>;
  report?: ((error: unknown) => void) | undefined;
}): () => Promise<void> {
  let running = false;
  return async () => {
    if (running) return;
    options.dispatch({ type: 'run' });
    if (!options.isLoading()) return;
    const token = options.token();
    if (!token) {
      options.dispatch({ type: 'missing' });
      return;
    }
    running = true;
    try {
      const result = await options.call(token);
      options.dispatch({ type: 'succeeded', result });
    } catch (error) {
      const failure = toFailure(error);
      if (isUnexpected(failure)) options.report?.(error);
      options.dispatch({ type: 'failed', failure });
    } finally {
      running = false;
    }
  };
}
