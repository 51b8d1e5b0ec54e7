/**
 * `/signin/{id}` (spec section 2): go to the Android or iOS store by device; on any other device
 * say 'We couldn't verify you, please install the app and try again'. The store is chosen in the
 * browser (the shell is static), so the pre-rendered state is 'checking'.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { storeFor } from '../../lib/open-app.ts';

export type SigninAppState =
  { view: 'checking' } | { view: 'store'; url: string } | { view: 'unsupported' };

export type SigninAppEvent = { type: 'device'; store: string | undefined };

export function transition(state: SigninAppState, event: SigninAppEvent): SigninAppState {
  if (state.view !== 'checking') return state;
  return event.store ? { view: 'store', url: event.store } : { view: 'unsupported' };
}

export interface SigninAppDeps {
  userAgent: string;
  maxTouchPoints?: number;
  /** Replaces the page with the store (no history entry to come back to a blank page). */
  navigate: (url: string) => void;
}

export interface SigninAppFlow {
  $state: ReadableAtom<SigninAppState>;
  start: () => void;
}

export function createSigninAppFlow(deps: SigninAppDeps): SigninAppFlow {
  const $state = atom<SigninAppState>({ view: 'checking' });
  function start(): void {
    const before = $state.get();
    const next = transition(before, {
      type: 'device',
      store: storeFor(deps.userAgent, deps.maxTouchPoints),
    });
    $state.set(next);
    if (before.view === 'checking' && next.view === 'store') deps.navigate(next.url);
  }
  return { $state, start };
}
