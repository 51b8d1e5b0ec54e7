/**
 * `/signin/{id}`: go to the Android or iOS store by device; on any other device
 * say 'We couldn't verify you, please install the app and try again'. The store is chosen in the
 * browser (the shell is static), so the pre-rendered state is 'checking'.
 */
import { storeFor } from '../../lib/open-app.ts';
import { createFlow, type FlowSurface } from './create-flow.ts';

export type SigninAppState =
  { view: 'checking' } | { view: 'store'; url: string } | { view: 'unsupported' };

export type SigninAppEvent = { type: 'device'; store: string | undefined };

export const initialState = (): SigninAppState => ({ view: 'checking' });

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

export interface SigninAppFlow extends FlowSurface<SigninAppState, SigninAppEvent> {
  /** Reads the device and, on a phone, leaves for its store. */
  start: () => void;
}

export function createSigninAppFlow(deps: SigninAppDeps): SigninAppFlow {
  const flow = createFlow({ initial: initialState(), transition });
  // Reaction: entering the store view leaves for it.
  flow.onChange((state, previous) => {
    if (previous.view === 'checking' && state.view === 'store') deps.navigate(state.url);
  });
  function start(): void {
    flow.dispatch({ type: 'device', store: storeFor(deps.userAgent, deps.maxTouchPoints) });
  }
  return { ...flow.surface, start };
}
