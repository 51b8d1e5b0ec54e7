/**
 * Corporate invitation and corporate e-mail verification: what the link will do and a confirm
 * button (nothing is spent before the person presses it), then loading, then valid or invalid. No answer at all (offline, timeout) offers a retry instead of
 * calling a good link invalid.
 */
import type { ApiFailure } from '../../api/errors.ts';
import type { Text } from '../../i18n/types.ts';
import { createFlow, type FlowSurface } from './create-flow.ts';
import { noAnswer, runFrom, tokenCall } from './link-pages.ts';

export type CorporateLinkKind = 'invitation' | 'verify';

export type CorporateLinkState =
  | { view: 'confirm' }
  | { view: 'loading' }
  | { view: 'valid' }
  | { view: 'invalid' }
  | { view: 'network'; error: Text };

export type CorporateLinkEvent =
  /** The person pressed the confirm button, or 'Try again'. */
  | { type: 'run' }
  | { type: 'missing' }
  | { type: 'accepted' }
  | { type: 'failed'; failure: ApiFailure };

export const initialState = (): CorporateLinkState => ({ view: 'confirm' });

export function transition(
  state: CorporateLinkState,
  event: CorporateLinkEvent,
): CorporateLinkState {
  if (event.type === 'run') return runFrom(state, { view: 'loading' });
  if (state.view !== 'loading') return state;
  if (event.type === 'accepted') return { view: 'valid' };
  if (event.type === 'missing') return { view: 'invalid' };
  const error = noAnswer(event.failure);
  return error ? { view: 'network', error } : { view: 'invalid' };
}

export interface CorporateLinkDeps {
  /** Reads the token from the path (in the browser, when the flow starts). */
  token: () => string | undefined;
  /** The page's call: the invitation or the e-mail verification. */
  check: (token: string) => Promise<void>;
  report?: (error: unknown) => void;
}

export interface CorporateLinkFlow extends FlowSurface<CorporateLinkState, CorporateLinkEvent> {
  /** Runs the page's call: the confirm button, and again 'Try again' (never on load). */
  confirm: () => Promise<void>;
}

export function createCorporateLinkFlow(deps: CorporateLinkDeps): CorporateLinkFlow {
  const flow = createFlow({ initial: initialState(), transition });
  const confirm = tokenCall({
    isLoading: () => flow.get().view === 'loading',
    dispatch: (event) => flow.dispatch(event.type === 'succeeded' ? { type: 'accepted' } : event),
    token: deps.token,
    call: deps.check,
    report: deps.report,
  });

  return { ...flow.surface, confirm };
}
