/**
 * Security alerts (spec sections 2 and 4, 'Alert'): loading, then the alert (LOGIN or
 * PROFILE_UPDATE) with a 'click here' to report it, then the thank-you page; an alert reported
 * before shows 'acknowledged'; a server error shows the error page with HTTP-{status}. No answer
 * at all keeps the user where they are with the message and a way to try again.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { toFailure, type ApiFailure } from '../../api/errors.ts';
import type { Alert } from '../../contract/identity-api.ts';
import type { Text } from '../../i18n/types.ts';
import { isUnexpected, noAnswer } from './link-pages.ts';

export type AlertStage = 'load' | 'report';

export type SecurityAlertState =
  | { view: 'loading' }
  | { view: 'shown'; alert: Alert; reporting: boolean; error?: Text }
  | { view: 'thanks' }
  | { view: 'acknowledged' }
  | { view: 'error'; stage: AlertStage; code: string }
  | { view: 'network'; message: Text };

export type SecurityAlertEvent =
  | { type: 'retry' }
  | { type: 'missing' }
  | { type: 'loaded'; alert: Alert }
  | { type: 'report' }
  | { type: 'reported' }
  | { type: 'failed'; failure: ApiFailure };

/** Alert errors show HTTP-{status} (spec section 8). */
function httpCode(failure: ApiFailure): string {
  return failure.kind === 'http' ? `HTTP-${failure.status}` : 'HTTP-0';
}

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
          : { view: 'shown', alert: event.alert, reporting: false };
      }
      if (event.type === 'missing') return { view: 'error', stage: 'load', code: 'HTTP-404' };
      if (event.type === 'failed') {
        const message = noAnswer(event.failure);
        return message
          ? { view: 'network', message }
          : { view: 'error', stage: 'load', code: httpCode(event.failure) };
      }
      return state;
    case 'shown':
      if (event.type === 'report' && !state.reporting) {
        return { view: 'shown', alert: state.alert, reporting: true };
      }
      if (!state.reporting) return state;
      if (event.type === 'reported') return { view: 'thanks' };
      if (event.type === 'failed') {
        const message = noAnswer(event.failure);
        return message
          ? { view: 'shown', alert: state.alert, reporting: false, error: message }
          : { view: 'error', stage: 'report', code: httpCode(event.failure) };
      }
      return state;
    case 'thanks':
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

export interface SecurityAlertFlow {
  $state: ReadableAtom<SecurityAlertState>;
  /** Loads the alert (on load, and again from the retry button). */
  start: () => Promise<void>;
  /** 'Click here': reports the alert (`PUT .../acknowledgement`). */
  reportAlert: () => Promise<void>;
}

export function createSecurityAlertFlow(deps: SecurityAlertDeps): SecurityAlertFlow {
  const $state = atom<SecurityAlertState>({ view: 'loading' });
  const dispatch = (event: SecurityAlertEvent) => $state.set(transition($state.get(), event));
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
    if ($state.get().view !== 'loading') return;
    id = deps.id();
    if (!id) {
      dispatch({ type: 'missing' });
      return;
    }
    await call(id, async (alertId) => ({ type: 'loaded', alert: await deps.load(alertId) }));
  }

  async function reportAlert(): Promise<void> {
    const state = $state.get();
    if (running || !id || state.view !== 'shown' || state.reporting) return;
    dispatch({ type: 'report' });
    await call(id, async (alertId) => {
      await deps.acknowledge(alertId);
      return { type: 'reported' };
    });
  }

  return { $state, start, reportAlert };
}
