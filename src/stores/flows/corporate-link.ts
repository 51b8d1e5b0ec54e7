/**
 * Corporate invitation and corporate e-mail verification (spec section 4, 'Link pages'):
 * loading, then valid or invalid. No answer at all (offline, timeout) offers a retry instead of
 * calling a good link invalid.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { ApiFailure } from '../../api/errors.ts';
import type { Text } from '../../i18n/types.ts';
import { noAnswer, tokenCall } from './link-pages.ts';

export type CorporateLinkKind = 'invitation' | 'verify';

export type CorporateLinkState =
  | { view: 'loading' }
  | { view: 'valid' }
  | { view: 'invalid' }
  | { view: 'network'; message: Text };

export type CorporateLinkEvent =
  | { type: 'retry' }
  | { type: 'missing' }
  | { type: 'accepted' }
  | { type: 'failed'; failure: ApiFailure };

export function transition(
  state: CorporateLinkState,
  event: CorporateLinkEvent,
): CorporateLinkState {
  if (event.type === 'retry') return state.view === 'network' ? { view: 'loading' } : state;
  if (state.view !== 'loading') return state;
  if (event.type === 'accepted') return { view: 'valid' };
  if (event.type === 'missing') return { view: 'invalid' };
  const message = noAnswer(event.failure);
  return message ? { view: 'network', message } : { view: 'invalid' };
}

export interface CorporateLinkDeps {
  /** Reads the token from the path (in the browser, when the flow starts). */
  token: () => string | undefined;
  /** The page's call: the invitation or the e-mail verification. */
  check: (token: string) => Promise<void>;
  report?: (error: unknown) => void;
}

export interface CorporateLinkFlow {
  $state: ReadableAtom<CorporateLinkState>;
  start: () => Promise<void>;
}

export function createCorporateLinkFlow(deps: CorporateLinkDeps): CorporateLinkFlow {
  const $state = atom<CorporateLinkState>({ view: 'loading' });
  const dispatch = (event: CorporateLinkEvent) => $state.set(transition($state.get(), event));
  const start = tokenCall({
    isLoading: () => $state.get().view === 'loading',
    dispatch: (event) => dispatch(event.type === 'succeeded' ? { type: 'accepted' } : event),
    token: deps.token,
    call: deps.check,
    report: deps.report,
  });

  return { $state, start };
}
