/**
 * Security alerts: loading, then the alert (LOGIN or PROFILE_UPDATE) with its primary action,
 * 'This wasn't me: secure my account' (the report, `PUT .../acknowledgement`), and the quiet 'It
 * was me' (no call: nothing else to do); after the report, the thank-you page with what happens
 * next and the next step (a new password through the recovery form, with the alert's phone
 * number when it carries one); an alert reported before shows 'acknowledged'; a server error shows the error page with HTTP-{status}. No answer
 * at all keeps the user where they are with the message and a way to try again.
 */
import { toFailure, type ApiFailure } from '../../api/errors.ts';
import type { Alert } from '../../contract/identity-api.ts';
import type { Text } from '../../i18n/types.ts';
import { createFlow, type FlowSurface } from './create-flow.ts';
import { isUnexpected, noAnswer } from './link-pages.ts';

export type AlertStage = 'load' | 'report';

export type SecurityAlertState =
  | { view: 'loading' }
  | { view: 'shown'; alert: Alert; submitting: boolean; error?: Text }
  | { view: 'thanks'; alert: Alert }
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
  | { type: 'reported' }
  /** 'It was me'. */
  | { type: 'itWasMe' }
  | { type: 'failed'; failure: ApiFailure };

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
        return event.alert.acknowledged
          ? { view: 'acknowledged' }
          : { view: 'shown', alert: event.alert, submitting: false };
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
      if (event.type === 'reported') return { view: 'thanks', alert: state.alert };
      if (event.type === 'failed') {
        const error = noAnswer(event.failure);
        return error
          ? { view: 'shown', alert: state.alert, submitting: false, error }
          : { view: 'error', stage: 'report', code: httpCode(event.failure) };
      }
      return state;
    case 'thanks':
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
  report?: (error: unknown) => void;
}

export interface SecurityAlertFlow extends FlowSurface<SecurityAlertState, SecurityAlertEvent> {
  /** Loads the alert (on load, and again from the retry button). */
  start: () => Promise<void>;
  /** 'This wasn't me: secure my account': reports the alert (`PUT .../acknowledgement`). */
  reportAlert: () => Promise<void>;
  /** 'It was me': nothing to report. */
  itWasMe: () => void;
}

export function createSecurityAlertFlow(deps: SecurityAlertDeps): SecurityAlertFlow {
  const flow = createFlow({ initial: initialState(), transition });
  const dispatch = flow.dispatch;
  let running = false;
  let id: string | undefined;

  async function call(id: string, run: (id: string) => Promise<SecurityAlertEvent>) {
    running = true;
    try {
      dispatch(await run(id));
    } catch (error) {
      const failure = toFailure(error);
      if (isUnexpected(failure)) deps.report?.(error);
      dispatch({ type: 'failed', failure });
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
    await call(id, async (alertId) => {
      await deps.acknowledge(alertId);
      return { type: 'reported' };
    });
  }

  function itWasMe(): void {
    if (!running) dispatch({ type: 'itWasMe' });
  }

  return { ...flow.surface, start, reportAlert, itWasMe };
}
