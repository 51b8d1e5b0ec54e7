/**
 * Security alerts: loading, then the alert (LOGIN or PROFILE_UPDATE) with its primary action,
 * 'This wasn't me: secure my account', and the quiet 'It was me' (no call: nothing else to do).
 * The primary action reports the alert (the spec's `PUT .../acknowledgement`), then secures the
 * account (`POST .../secure-account`: signed out everywhere, payments paused until a new
 * password, passkeys marked for review); the thank-you page says what the answer lists as done,
 * then the next step (a new password through the recovery form, with the alert's phone number
 * when it carries one). An alert that secured the account before (another press, another tab, a
 * reload) shows 'already secured' with when and what was done, and changes nothing; one reported
 * before without securing shows 'acknowledged'. A server error shows the error page with
 * HTTP-{status} (its title says which call failed). No answer at all keeps the user where they
 * are with the message and a way to try again: the retry sends the secure call's first
 * idempotency key, so the account is secured once and the page is not told its own first press
 * was 'already' done.
 */
import { toFailure, type ApiFailure } from '../../api/errors.ts';
import type { Alert, SecureAccountResponse, SecuredAccount } from '../../contract/identity-api.ts';
import type { Text } from '../../i18n/types.ts';
import { createFlow, type FlowSurface } from './create-flow.ts';
import { isUnexpected, noAnswer } from './link-pages.ts';

/** Which call failed: the alert's read, the report, or securing the account. */
export type AlertStage = 'load' | 'report' | 'secure';

export type SecurityAlertState =
  | { view: 'loading' }
  | { view: 'shown'; alert: Alert; submitting: boolean; error?: Text }
  /** Secured now: what was done. */
  | { view: 'thanks'; alert: Alert; secured: SecuredAccount }
  /** Secured before (this press changed nothing): when, and what was done then. */
  | { view: 'secured_before'; alert: Alert; secured: SecuredAccount }
  | { view: 'it_was_me' }
  | { view: 'acknowledged' }
  | { view: 'error'; stage: AlertStage; code: string }
  | { view: 'network'; error: Text };

export type SecurityAlertEvent =
  | { type: 'retry' }
  | { type: 'missing' }
  | { type: 'loaded'; alert: Alert }
  /** 'This wasn't me: secure my account'. */
  | { type: 'report' }
  | { type: 'reported'; answer: SecureAccountResponse }
  /** 'It was me'. */
  | { type: 'itWasMe' }
  /** `stage`: the report's call that failed (the load's failures have none). */
  | { type: 'failed'; failure: ApiFailure; stage?: AlertStage };

/** An alert error is shown as HTTP-{status}; no answer at all as HTTP-0. */
function httpCode(failure: ApiFailure): string {
  return failure.kind === 'http' ? `HTTP-${failure.status}` : 'HTTP-0';
}

export const initialState = (): SecurityAlertState => ({ view: 'loading' });

export function transition(
  state: SecurityAlertState,
  event: SecurityAlertEvent,
): SecurityAlertState {
  switch (state.view) {
    case 'network':
      return event.type === 'retry' ? { view: 'loading' } : state;
    case 'loading':
      if (event.type === 'loaded') {
        const { alert } = event;
        if (alert.secured) return { view: 'secured_before', alert, secured: alert.secured };
        return alert.acknowledged
          ? { view: 'acknowledged' }
          : { view: 'shown', alert, submitting: false };
      }
      if (event.type === 'missing') return { view: 'error', stage: 'load', code: 'HTTP-404' };
      if (event.type === 'failed') {
        const error = noAnswer(event.failure);
        return error
          ? { view: 'network', error }
          : { view: 'error', stage: 'load', code: httpCode(event.failure) };
      }
      return state;
    case 'shown':
      if (event.type === 'report' && !state.submitting) {
        return { view: 'shown', alert: state.alert, submitting: true };
      }
      if (event.type === 'itWasMe' && !state.submitting) return { view: 'it_was_me' };
      if (!state.submitting) return state;
      if (event.type === 'reported') {
        const { already_secured: already, secured } = event.answer;
        return { view: already ? 'secured_before' : 'thanks', alert: state.alert, secured };
      }
      if (event.type === 'failed') {
        const error = noAnswer(event.failure);
        return error
          ? { view: 'shown', alert: state.alert, submitting: false, error }
          : { view: 'error', stage: event.stage ?? 'report', code: httpCode(event.failure) };
      }
      return state;
    case 'thanks':
    case 'secured_before':
    case 'it_was_me':
    case 'acknowledged':
    case 'error':
      return state;
  }
}

export interface SecurityAlertDeps {
  /** Reads the alert id from the path (in the browser, when the flow starts). */
  id: () => string | undefined;
  load: (id: string) => Promise<Alert>;
  acknowledge: (id: string) => Promise<void>;
  /** Secures the alert's account; `key` is the same for every try of one page's report. */
  secure: (id: string, key: string) => Promise<SecureAccountResponse>;
  /** A new idempotency key (a UUID). */
  newKey: () => string;
  report?: (error: unknown) => void;
}

export interface SecurityAlertFlow extends FlowSurface<SecurityAlertState, SecurityAlertEvent> {
  /** Loads the alert (on load, and again from the retry button). */
  start: () => Promise<void>;
  /**
   * 'This wasn't me: secure my account': reports the alert (`PUT .../acknowledgement`, once it
   * succeeded not again), then secures the account (`POST .../secure-account`, one key per page).
   */
  reportAlert: () => Promise<void>;
  /** 'It was me': nothing to report. */
  itWasMe: () => void;
}

export function createSecurityAlertFlow(deps: SecurityAlertDeps): SecurityAlertFlow {
  const flow = createFlow({ initial: initialState(), transition });
  const dispatch = flow.dispatch;
  let running = false;
  let id: string | undefined;
  /** The report's progress: acknowledged already (not sent again), and the secure call's key. */
  let acknowledged = false;
  let key: string | undefined;

  async function call(
    id: string,
    run: (id: string) => Promise<SecurityAlertEvent>,
    stage?: () => AlertStage,
  ) {
    running = true;
    try {
      dispatch(await run(id));
    } catch (error) {
      const failure = toFailure(error);
      if (isUnexpected(failure)) deps.report?.(error);
      dispatch({ type: 'failed', failure, ...(stage ? { stage: stage() } : {}) });
    } finally {
      running = false;
    }
  }

  async function start(): Promise<void> {
    if (running) return;
    dispatch({ type: 'retry' });
    if (flow.get().view !== 'loading') return;
    id = deps.id();
    if (!id) {
      dispatch({ type: 'missing' });
      return;
    }
    await call(id, async (alertId) => ({ type: 'loaded', alert: await deps.load(alertId) }));
  }

  async function reportAlert(): Promise<void> {
    const state = flow.get();
    if (running || !id || state.view !== 'shown' || state.submitting) return;
    dispatch({ type: 'report' });
    const secureKey = (key ??= deps.newKey());
    await call(
      id,
      async (alertId) => {
        if (!acknowledged) await deps.acknowledge(alertId);
        acknowledged = true;
        return { type: 'reported', answer: await deps.secure(alertId, secureKey) };
      },
      () => (acknowledged ? 'secure' : 'report'),
    );
  }

  function itWasMe(): void {
    if (!running) dispatch({ type: 'itWasMe' });
  }

  return { ...flow.surface, start, reportAlert, itWasMe };
}
