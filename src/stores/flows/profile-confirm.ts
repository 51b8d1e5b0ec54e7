/**
 * Profile update confirmation: what the link confirms and a confirm button (nothing is spent
 * before the person presses it), then loading, then
 * success, or invalid-token (US-0002: invalid or older than 3 days), or another error shown with
 * a support code (the server's code, or HTTP-{status}). No answer at all offers a retry.
 */
import type { ApiFailure } from '../../api/errors.ts';
import type { Text } from '../../i18n/types.ts';
import { createFlow, type FlowSurface } from './create-flow.ts';
import { noAnswer, runFrom, supportCode, tokenCall } from './link-pages.ts';

/** The server code of an invalid or expired update link. */
export const INVALID_UPDATE_LINK = 'US-0002';

export type ProfileConfirmState =
  | { view: 'confirm' }
  | { view: 'loading' }
  | { view: 'success' }
  | { view: 'invalid' }
  | { view: 'error'; code: string }
  | { view: 'network'; error: Text };

export type ProfileConfirmEvent =
  /** The person pressed the confirm button, or 'Try again'. */
  | { type: 'run' }
  | { type: 'missing' }
  | { type: 'confirmed' }
  | { type: 'failed'; failure: ApiFailure };

export function isInvalidLink(failure: ApiFailure): boolean {
  if (failure.kind !== 'http') return false;
  const body = failure.body;
  return [body?.error_code, body?.additional_information?.error_code, body?.errorCode].includes(
    INVALID_UPDATE_LINK,
  );
}

export const initialState = (): ProfileConfirmState => ({ view: 'confirm' });

export function transition(
  state: ProfileConfirmState,
  event: ProfileConfirmEvent,
): ProfileConfirmState {
  if (event.type === 'run') return runFrom(state, { view: 'loading' });
  if (state.view !== 'loading') return state;
  if (event.type === 'confirmed') return { view: 'success' };
  if (event.type === 'missing') return { view: 'invalid' };
  if (isInvalidLink(event.failure)) return { view: 'invalid' };
  const error = noAnswer(event.failure);
  if (error) return { view: 'network', error };
  return { view: 'error', code: supportCode(event.failure) ?? 'HTTP-0' };
}

export interface ProfileConfirmDeps {
  /** Reads the token from the path (in the browser, when the flow starts). */
  token: () => string | undefined;
  confirm: (token: string) => Promise<void>;
  report?: (error: unknown) => void;
}

export interface ProfileConfirmFlow extends FlowSurface<ProfileConfirmState, ProfileConfirmEvent> {
  /** Runs the confirmation: the confirm button, and again 'Try again' (never on load). */
  confirm: () => Promise<void>;
}

export function createProfileConfirmFlow(deps: ProfileConfirmDeps): ProfileConfirmFlow {
  const flow = createFlow({ initial: initialState(), transition });
  const confirm = tokenCall({
    isLoading: () => flow.get().view === 'loading',
    dispatch: (event) => flow.dispatch(event.type === 'succeeded' ? { type: 'confirmed' } : event),
    token: deps.token,
    call: deps.confirm,
    report: deps.report,
  });

  return { ...flow.surface, confirm };
}
