/**
 * Connected apps (spec section 2): the list of apps the user approved, each removable after a
 * confirmation. The access token comes from the page's hash and lives only in this flow's
 * closure (never in storage, never in the state). No token, or a token the identity service
 * rejects, sends the user through the authorize flow once; coming back from it with no usable
 * token shows a sign-in screen instead of looping.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { ApiFailure } from '../../api/errors.ts';
import type { Association } from '../../contract/identity-service.ts';

export interface ConnectedApp {
  clientId: string;
  name: string;
  /** A safe (https or same-origin) logo address, or none: the view shows a letter instead. */
  logoUri: string | undefined;
}

/** Why a call failed, in the words the view needs. */
export type FailureReason = 'offline' | 'network' | 'timeout' | 'server' | 'expired';

export type AppsNotice =
  | { kind: 'removed'; name: string }
  | { kind: 'remove_failed'; clientId: string; name: string; reason: FailureReason };

export type AppsState =
  | { step: 'loading' }
  | {
      step: 'list';
      apps: readonly ConnectedApp[];
      /** The app whose removal is being confirmed (the dialog is open). */
      confirm?: string;
      /** The app being removed (the dialog's button is busy). */
      removing?: string;
      notice?: AppsNotice;
    }
  /** The list could not be loaded for a reason other than the token: try again in place. */
  | { step: 'load_failed'; reason: Exclude<FailureReason, 'expired'> }
  /** Leaving for the authorize flow. */
  | { step: 'redirect' }
  /** Back from the authorize flow and still no valid token: offer to sign in again. */
  | { step: 'signin_failed' };

export type AppsEvent =
  | { type: 'loaded'; apps: readonly ConnectedApp[] }
  | { type: 'load_failed'; reason: Exclude<FailureReason, 'expired'> }
  /** No token, or the token was refused. `returned`: this page load came back from authorize. */
  | { type: 'unauthorized'; returned: boolean }
  | { type: 'retry' }
  | { type: 'sign_in' }
  | { type: 'ask_remove'; clientId: string }
  | { type: 'cancel_remove' }
  | { type: 'remove_started' }
  | { type: 'removed'; clientId: string }
  | { type: 'remove_failed'; clientId: string; reason: FailureReason }
  | { type: 'dismiss_notice' };

export const INITIAL_APPS_STATE: AppsState = { step: 'loading' };

export function transition(state: AppsState, event: AppsEvent): AppsState {
  switch (event.type) {
    case 'loaded':
      return state.step === 'loading' ? { step: 'list', apps: event.apps } : state;
    case 'load_failed':
      return state.step === 'loading' ? { step: 'load_failed', reason: event.reason } : state;
    case 'unauthorized':
      if (state.step !== 'loading') return state;
      return event.returned ? { step: 'signin_failed' } : { step: 'redirect' };
    case 'retry':
      return state.step === 'load_failed' ? { step: 'loading' } : state;
    case 'sign_in':
      return state.step === 'signin_failed' ||
        state.step === 'load_failed' ||
        (state.step === 'list' && state.removing === undefined)
        ? { step: 'redirect' }
        : state;
    case 'ask_remove': {
      if (state.step !== 'list' || state.removing !== undefined) return state;
      if (!state.apps.some((app) => app.clientId === event.clientId)) return state;
      return { step: 'list', apps: state.apps, confirm: event.clientId };
    }
    case 'cancel_remove':
      if (state.step !== 'list' || state.removing !== undefined || state.confirm === undefined)
        return state;
      return withoutKeys(state, 'confirm');
    case 'remove_started':
      if (state.step !== 'list' || state.confirm === undefined || state.removing !== undefined)
        return state;
      return { step: 'list', apps: state.apps, confirm: state.confirm, removing: state.confirm };
    case 'removed': {
      if (state.step !== 'list' || state.removing !== event.clientId) return state;
      const app = state.apps.find((item) => item.clientId === event.clientId);
      return {
        step: 'list',
        apps: state.apps.filter((item) => item.clientId !== event.clientId),
        notice: { kind: 'removed', name: app?.name ?? event.clientId },
      };
    }
    case 'remove_failed': {
      if (state.step !== 'list' || state.removing !== event.clientId) return state;
      const app = state.apps.find((item) => item.clientId === event.clientId);
      return {
        step: 'list',
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
      return state.step === 'list' && state.notice ? withoutKeys(state, 'notice') : state;
  }
}

function withoutKeys<S extends object, K extends keyof S>(state: S, ...keys: K[]): S {
  const copy = { ...state };
  for (const key of keys) delete copy[key];
  return copy;
}

/** 401 and 403 mean the token is no good; everything else may pass. */
export function failureReason(failure: ApiFailure): FailureReason {
  switch (failure.kind) {
    case 'offline':
    case 'network':
    case 'timeout':
      return failure.kind;
    case 'malformed':
      return 'server';
    case 'http':
      return failure.status === 401 || failure.status === 403 ? 'expired' : 'server';
  }
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

export interface ConnectedAppsDeps {
  /** The access token read from the hash, or none. Kept in this closure only. */
  accessToken: string | undefined;
  /** True when this page load came back from the authorize flow. */
  returned: boolean;
  fetchApps: (token: string, signal: AbortSignal) => Promise<Association[]>;
  removeApp: (token: string, clientId: string) => Promise<void>;
  safeLogo: (value: string | null | undefined) => string | undefined;
  /** Leaves for the authorize flow (location.replace). */
  goToAuthorize: () => void;
  toFailure: (error: unknown) => ApiFailure;
}

export function createConnectedAppsFlow(deps: ConnectedAppsDeps) {
  const $state = atom<AppsState>(INITIAL_APPS_STATE);
  let controller: AbortController | undefined;
  let destroyed = false;

  const dispatch = (event: AppsEvent) => {
    if (!destroyed) $state.set(transition($state.get(), event));
  };

  // Reaction: entering the redirect step leaves the page.
  const unbind = $state.listen((state) => {
    if (state.step === 'redirect') deps.goToAuthorize();
  });

  async function load(): Promise<void> {
    const token = deps.accessToken;
    if (!token) {
      dispatch({ type: 'unauthorized', returned: deps.returned });
      return;
    }
    controller?.abort();
    const own = new AbortController();
    controller = own;
    try {
      const associations = await deps.fetchApps(token, own.signal);
      if (own.signal.aborted) return;
      dispatch({
        type: 'loaded',
        apps: associations.map((item) => toConnectedApp(item, deps.safeLogo)),
      });
    } catch (error) {
      if (own.signal.aborted) return;
      const reason = failureReason(deps.toFailure(error));
      if (reason === 'expired') dispatch({ type: 'unauthorized', returned: deps.returned });
      else dispatch({ type: 'load_failed', reason });
    }
  }

  async function confirmRemove(): Promise<void> {
    const before = $state.get();
    if (before.step !== 'list' || before.confirm === undefined || before.removing !== undefined)
      return;
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
        reason: token ? failureReason(deps.toFailure(error)) : 'expired',
      });
    }
  }

  return {
    $state: $state as ReadableAtom<AppsState>,
    start: () => void load(),
    retry: () => {
      if ($state.get().step !== 'load_failed') return;
      dispatch({ type: 'retry' });
      void load();
    },
    signIn: () => dispatch({ type: 'sign_in' }),
    askRemove: (clientId: string) => dispatch({ type: 'ask_remove', clientId }),
    cancelRemove: () => dispatch({ type: 'cancel_remove' }),
    confirmRemove,
    dismissNotice: () => dispatch({ type: 'dismiss_notice' }),
    destroy: () => {
      destroyed = true;
      controller?.abort();
      unbind();
    },
  };
}

export type ConnectedAppsFlow = ReturnType<typeof createConnectedAppsFlow>;
