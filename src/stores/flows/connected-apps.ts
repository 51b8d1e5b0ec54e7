/**
 * Connected apps: the list of apps the user approved, each removable after a
 * confirmation. The access token comes from the page's hash and lives only in this flow's
 * closure (never in storage, never in the state). No token, or a token the identity service
 * rejects, sends the user through the authorize flow once; coming back from it with no usable
 * token shows a sign-in screen instead of looping.
 */
import type { Association } from '../../contract/identity-service.ts';
import { createFlow } from './create-flow.ts';
import {
  tokenFailure,
  tokenPageActions,
  tokenPageTransition,
  type TokenFailure,
  type TokenPageDeps,
  type TokenPageEvent,
  type TokenPageView,
} from './signed-in.ts';

export interface ConnectedApp {
  clientId: string;
  name: string;
  /** A safe (https or same-origin) logo address, or none: the view shows a letter instead. */
  logoUri: string | undefined;
}

/** Why a call failed, in the words the view needs. */
export type FailureReason = TokenFailure;

export type AppsNotice =
  | { kind: 'removed'; name: string }
  | { kind: 'remove_failed'; clientId: string; name: string; reason: FailureReason };

export type AppsState =
  | TokenPageView
  | {
      view: 'list';
      apps: readonly ConnectedApp[];
      /** The app whose removal is being confirmed (the dialog is open). */
      confirm?: string;
      /** Its removal is on its way (the dialog's button is busy). */
      submitting?: true;
      notice?: AppsNotice;
    };

export type AppsEvent =
  | TokenPageEvent
  | { type: 'loaded'; apps: readonly ConnectedApp[] }
  | { type: 'ask_remove'; clientId: string }
  | { type: 'cancel_remove' }
  | { type: 'remove_started' }
  | { type: 'removed'; clientId: string }
  | { type: 'remove_failed'; clientId: string; reason: FailureReason }
  | { type: 'dismiss_notice' };

export const initialState = (): AppsState => ({ view: 'loading' });

export function transition(state: AppsState, event: AppsEvent): AppsState {
  switch (event.type) {
    case 'loaded':
      return state.view === 'loading' ? { view: 'list', apps: event.apps } : state;
    case 'load_failed':
    case 'unauthorized':
    case 'retry':
    case 'sign_in':
      return tokenPageTransition(state, event);
    case 'ask_remove': {
      if (state.view !== 'list' || state.submitting) return state;
      if (!state.apps.some((app) => app.clientId === event.clientId)) return state;
      return { view: 'list', apps: state.apps, confirm: event.clientId };
    }
    case 'cancel_remove':
      if (state.view !== 'list' || state.submitting || state.confirm === undefined) return state;
      return withoutKeys(state, 'confirm');
    case 'remove_started':
      if (state.view !== 'list' || state.confirm === undefined || state.submitting) return state;
      return { view: 'list', apps: state.apps, confirm: state.confirm, submitting: true };
    case 'removed': {
      if (!isRemoving(state, event.clientId)) return state;
      const app = state.apps.find((item) => item.clientId === event.clientId);
      return {
        view: 'list',
        apps: state.apps.filter((item) => item.clientId !== event.clientId),
        notice: { kind: 'removed', name: app?.name ?? event.clientId },
      };
    }
    case 'remove_failed': {
      if (!isRemoving(state, event.clientId)) return state;
      const app = state.apps.find((item) => item.clientId === event.clientId);
      return {
        view: 'list',
        apps: state.apps,
        notice: {
          kind: 'remove_failed',
          clientId: event.clientId,
          name: app?.name ?? event.clientId,
          reason: event.reason,
        },
      };
    }
    case 'dismiss_notice':
      return state.view === 'list' && state.notice ? withoutKeys(state, 'notice') : state;
  }
}

/** The removal of `clientId` is on its way. */
function isRemoving(
  state: AppsState,
  clientId: string,
): state is Extract<AppsState, { view: 'list' }> {
  return state.view === 'list' && state.submitting === true && state.confirm === clientId;
}

function withoutKeys<S extends object, K extends keyof S>(state: S, ...keys: K[]): S {
  const copy = { ...state };
  for (const key of keys) delete copy[key];
  return copy;
}

/** Only https logos or this site's own paths (like the header's `safeLogoUri`). */
export function toConnectedApp(
  association: Association,
  safeLogo: (value: string | null | undefined) => string | undefined,
): ConnectedApp {
  return {
    clientId: association.clientId,
    name: association.clientName.trim().slice(0, 80) || association.clientId,
    logoUri: safeLogo(association.logoUri),
  };
}

/** The letter shown when an app has no logo (or it does not load). */
export function appInitial(name: string): string {
  const first = Array.from(name.trim())[0] ?? '?';
  return first.toLocaleUpperCase();
}

export interface ConnectedAppsDeps extends TokenPageDeps {
  fetchApps: (token: string, signal: AbortSignal) => Promise<Association[]>;
  removeApp: (token: string, clientId: string) => Promise<void>;
  safeLogo: (value: string | null | undefined) => string | undefined;
}

export function createConnectedAppsFlow(deps: ConnectedAppsDeps) {
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;

  const actions = tokenPageActions(flow, deps, async (token, signal) => {
    const associations = await deps.fetchApps(token, signal);
    if (signal.aborted) return;
    dispatch({
      type: 'loaded',
      apps: associations.map((item) => toConnectedApp(item, deps.safeLogo)),
    });
  });

  async function confirmRemove(): Promise<void> {
    const before = flow.get();
    if (before.view !== 'list' || before.confirm === undefined || before.submitting) return;
    const clientId = before.confirm;
    dispatch({ type: 'remove_started' });
    const token = deps.accessToken;
    try {
      if (!token) throw new Error('No access token');
      await deps.removeApp(token, clientId);
      dispatch({ type: 'removed', clientId });
    } catch (error) {
      dispatch({
        type: 'remove_failed',
        clientId,
        reason: token ? tokenFailure(deps.toFailure(error)) : 'expired',
      });
    }
  }

  return {
    ...flow.surface,
    ...actions,
    askRemove: (clientId: string) => dispatch({ type: 'ask_remove', clientId }),
    cancelRemove: () => dispatch({ type: 'cancel_remove' }),
    confirmRemove,
    dismissNotice: () => dispatch({ type: 'dismiss_notice' }),
  };
}

export type ConnectedAppsFlow = ReturnType<typeof createConnectedAppsFlow>;
