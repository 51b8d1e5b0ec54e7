/**
 * The security page (`/security/`): where the account is signed in (sessions and trusted devices,
 * the current one marked) and its passkeys. Each session can be signed out, every other one at
 * once, each passkey removed: each after a confirmation. Signed in as connected apps is
 * (./signed-in.ts): no token, or a refused one, sends the person through the authorize flow once.
 *
 * Faults: a session already gone (404) says it was already signed out and reads the list again;
 * a passkey already gone likewise; the last passkey is removed (the phone or password remains,
 * the dialog warns) unless the service keeps it (409: the only way in), which the page says.
 */
import type { ApiFailure } from '../../api/errors.ts';
import type {
  AccountPasskey,
  AccountPasskeysResponse,
  DeviceSession,
} from '../../contract/sessions.ts';
import { LAST_SIGN_IN_METHOD } from '../../contract/errors.ts';
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

/** Why a call failed, in the words the view needs. */
export type FailureReason = TokenFailure;

export type Account = Omit<AccountPasskeysResponse, 'passkeys'>;

/** What the dialog asks to confirm. */
export type Confirm =
  { kind: 'session'; id: string } | { kind: 'others' } | { kind: 'passkey'; id: string };

export type SecurityNotice =
  | { kind: 'signed_out'; session: DeviceSession }
  /** 404: it was signed out elsewhere meanwhile; the list was read again. */
  | { kind: 'already_signed_out'; session: DeviceSession }
  | { kind: 'signed_out_others'; count: number }
  | { kind: 'passkey_removed'; passkey: AccountPasskey }
  | { kind: 'passkey_already_removed'; passkey: AccountPasskey }
  /** 409: the service keeps the account's only way in. */
  | { kind: 'passkey_kept'; passkey: AccountPasskey }
  | { kind: 'session_failed'; session: DeviceSession; reason: FailureReason }
  | { kind: 'others_failed'; reason: FailureReason }
  | { kind: 'passkey_failed'; passkey: AccountPasskey; reason: FailureReason };

export interface SecurityLists {
  sessions: readonly DeviceSession[];
  account: Account;
  passkeys: readonly AccountPasskey[];
}

export type ListState = {
  view: 'list';
  confirm?: Confirm;
  /** The confirmed action is on its way (the dialog's button is busy). */
  submitting?: true;
  notice?: SecurityNotice;
} & SecurityLists;

export type SecurityState = TokenPageView | ListState;

/** How a confirmed action ended. */
export type Outcome =
  | { kind: 'done'; count?: number }
  | { kind: 'gone' }
  | { kind: 'kept' }
  | { kind: 'failed'; reason: FailureReason };

export type SecurityEvent =
  | TokenPageEvent
  | ({ type: 'loaded' } & SecurityLists)
  | { type: 'ask'; confirm: Confirm }
  | { type: 'cancel' }
  | { type: 'started' }
  | { type: 'ended'; outcome: Outcome }
  /** The lists read again after an action (a 404): the notice stays. */
  | ({ type: 'refreshed' } & SecurityLists);

export const initialState = (): SecurityState => ({ view: 'loading' });

const lists = (state: SecurityLists): SecurityLists => ({
  sessions: state.sessions,
  account: state.account,
  passkeys: state.passkeys,
});

/** Whether the dialog may ask `confirm` (its row is still listed). */
function askable(state: ListState, confirm: Confirm): boolean {
  switch (confirm.kind) {
    case 'session':
      return state.sessions.some((item) => item.id === confirm.id && !item.current);
    case 'others':
      return state.sessions.some((item) => !item.current);
    case 'passkey':
      return state.passkeys.some((item) => item.id === confirm.id);
  }
}

/** The new lists and notice once the confirmed action ended. */
function ended(state: ListState, confirm: Confirm, outcome: Outcome): ListState {
  const base = lists(state);
  if (confirm.kind === 'others') {
    if (outcome.kind === 'failed') {
      return { view: 'list', ...base, notice: { kind: 'others_failed', reason: outcome.reason } };
    }
    return {
      view: 'list',
      ...base,
      sessions: state.sessions.filter((item) => item.current),
      notice: {
        kind: 'signed_out_others',
        count: outcome.kind === 'done' ? (outcome.count ?? 0) : 0,
      },
    };
  }
  if (confirm.kind === 'session') {
    const session = state.sessions.find((item) => item.id === confirm.id);
    if (!session) return { view: 'list', ...base };
    const without = state.sessions.filter((item) => item.id !== confirm.id);
    switch (outcome.kind) {
      case 'failed':
        return {
          view: 'list',
          ...base,
          notice: { kind: 'session_failed', session, reason: outcome.reason },
        };
      case 'gone':
        return {
          view: 'list',
          ...base,
          sessions: without,
          notice: { kind: 'already_signed_out', session },
        };
      default:
        return {
          view: 'list',
          ...base,
          sessions: without,
          notice: { kind: 'signed_out', session },
        };
    }
  }
  const passkey = state.passkeys.find((item) => item.id === confirm.id);
  if (!passkey) return { view: 'list', ...base };
  const without = state.passkeys.filter((item) => item.id !== confirm.id);
  switch (outcome.kind) {
    case 'failed':
      return {
        view: 'list',
        ...base,
        notice: { kind: 'passkey_failed', passkey, reason: outcome.reason },
      };
    case 'kept':
      return { view: 'list', ...base, notice: { kind: 'passkey_kept', passkey } };
    case 'gone':
      return {
        view: 'list',
        ...base,
        passkeys: without,
        notice: { kind: 'passkey_already_removed', passkey },
      };
    default:
      return {
        view: 'list',
        ...base,
        passkeys: without,
        notice: { kind: 'passkey_removed', passkey },
      };
  }
}

export function transition(state: SecurityState, event: SecurityEvent): SecurityState {
  switch (event.type) {
    case 'loaded':
      return state.view === 'loading' ? { view: 'list', ...lists(event) } : state;
    case 'load_failed':
    case 'unauthorized':
    case 'retry':
    case 'sign_in':
      return tokenPageTransition(state, event);
    case 'ask':
      if (state.view !== 'list' || state.submitting || !askable(state, event.confirm)) return state;
      return { view: 'list', ...lists(state), confirm: event.confirm };
    case 'cancel':
      if (state.view !== 'list' || state.submitting || !state.confirm) return state;
      return { view: 'list', ...lists(state), ...(state.notice ? { notice: state.notice } : {}) };
    case 'started':
      if (state.view !== 'list' || !state.confirm || state.submitting) return state;
      return { view: 'list', ...lists(state), confirm: state.confirm, submitting: true };
    case 'ended':
      if (state.view !== 'list' || !state.confirm || !state.submitting) return state;
      return ended(state, state.confirm, event.outcome);
    case 'refreshed':
      if (state.view !== 'list' || state.submitting) return state;
      return {
        view: 'list',
        ...lists(event),
        ...(state.confirm ? { confirm: state.confirm } : {}),
        ...(state.notice ? { notice: state.notice } : {}),
      };
  }
}

/** A removal the service refused because the passkey is the account's only way in. */
export const isKept = (failure: ApiFailure) =>
  failure.kind === 'http' && failure.status === 409 && failure.body?.error === LAST_SIGN_IN_METHOD;

/** The passkeys of this site (the page's host is the relying party's id). */
export const passkeysOf = (passkeys: readonly AccountPasskey[], rpId: string) =>
  passkeys.filter((item) => item.rpId === rpId).map((item) => item.id);

export interface SecurityDeps extends TokenPageDeps {
  fetchLists: (token: string, signal?: AbortSignal) => Promise<SecurityLists>;
  signOutSession: (token: string, id: string) => Promise<'done' | 'gone'>;
  signOutOthers: (token: string) => Promise<number>;
  removePasskey: (token: string, id: string) => Promise<'done' | 'gone'>;
  /**
   * Tells the browser's passkey managers which passkeys the account still has (after each read
   * and each removal) and the account's names: silent where the browser cannot be told.
   */
  signalPasskeys: (account: Account, passkeys: readonly AccountPasskey[]) => void;
}

export function createSecurityFlow(deps: SecurityDeps) {
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;

  async function read(token: string, type: 'loaded' | 'refreshed', signal?: AbortSignal) {
    const found = await deps.fetchLists(token, signal);
    if (signal?.aborted) return;
    dispatch({ type, ...found });
    deps.signalPasskeys(found.account, found.passkeys);
  }

  const actions = tokenPageActions(flow, deps, (token, signal) => read(token, 'loaded', signal));

  async function act(token: string, confirm: Confirm): Promise<Outcome> {
    switch (confirm.kind) {
      case 'others':
        return { kind: 'done', count: await deps.signOutOthers(token) };
      case 'session':
        return { kind: await deps.signOutSession(token, confirm.id) };
      case 'passkey':
        return { kind: await deps.removePasskey(token, confirm.id) };
    }
  }

  async function confirm(): Promise<void> {
    const before = flow.get();
    if (before.view !== 'list' || !before.confirm || before.submitting) return;
    const asked = before.confirm;
    dispatch({ type: 'started' });
    const token = deps.accessToken;
    let outcome: Outcome;
    try {
      if (!token) throw new Error('No access token');
      outcome = await act(token, asked);
    } catch (error) {
      const failure = deps.toFailure(error);
      outcome =
        asked.kind === 'passkey' && isKept(failure)
          ? { kind: 'kept' }
          : { kind: 'failed', reason: token ? tokenFailure(failure) : 'expired' };
    }
    dispatch({ type: 'ended', outcome });
    const after = flow.get();
    if (after.view === 'list' && asked.kind === 'passkey' && outcome.kind !== 'failed') {
      deps.signalPasskeys(after.account, after.passkeys);
    }
    // Something changed elsewhere meanwhile: read the lists again (quietly; a failure keeps them).
    if (outcome.kind === 'gone' && token) await read(token, 'refreshed').catch(() => undefined);
  }

  return {
    ...flow.surface,
    ...actions,
    ask: (asked: Confirm) => dispatch({ type: 'ask', confirm: asked }),
    cancel: () => dispatch({ type: 'cancel' }),
    confirm,
  };
}

export type SecurityFlow = ReturnType<typeof createSecurityFlow>;
