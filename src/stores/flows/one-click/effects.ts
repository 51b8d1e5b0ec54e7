/**
 * One-click checkout's effects, which run once the shopper submits a number: the login (its
 * idempotency key kept for a retry), the proof once the shopper approves, the timers (timers.ts),
 * the kept waits, and the reactions to a new view (its analytics page, the login page's code
 * step).
 */
import { toFailure } from '../../../api/errors.ts';
import { waitOf } from '../../../api/waits.ts';
import type { OneClickAnswer } from '../../../api/one-click.ts';
import { ERROR } from '../../../contract/errors.ts';
import { storeFor } from '../../../lib/open-app.ts';
import type { Flow } from '../create-flow.ts';
import { waitTask } from '../waits.ts';
import type { OneClickDeps } from './flow.ts';
import type { OneClickInit } from './presets.ts';
import { loginOtpHref, oneClickLoginBody } from './requests.ts';
import {
  FLOW,
  isWaiting,
  oneClickWaitScope,
  pageOf,
  type Attempt,
  type OneClickEvent,
  type OneClickState,
  type RejectReason,
} from './state.ts';
import { alwaysVisible } from '../../../lib/page-visibility.ts';
import { browserScheduler, createOneClickTimers } from './timers.ts';
import { appLink, canResend, MAX_PUSH_RETRIES } from './waiting.ts';

type OneClickCore = Flow<OneClickState, OneClickEvent>;

/** The request's status; a request that is gone (404, 410) can no longer be approved. */
async function pollStatus(deps: OneClickDeps, id: string, signal: AbortSignal) {
  try {
    return await deps.status(id, signal);
  } catch (error) {
    const failure = toFailure(error);
    const gone = failure.kind === 'http' && (failure.status === 404 || failure.status === 410);
    return gone ? ('rejected' as const) : undefined;
  }
}

/** The login call of `attempt`, and where its answer leads. */
function loginCall(
  flow: OneClickCore,
  deps: OneClickDeps,
  context: () => { idpClientId?: string | undefined },
  otpHref: (phone: string) => string,
  now: () => number,
  waits: ReturnType<typeof waitTask>,
) {
  const { dispatch } = flow;
  const track = (name: string, properties?: Record<string, string | number>) =>
    deps.analytics.track(name, { flow: FLOW, ...(properties ? { properties } : {}) });
  return async (attempt: Attempt): Promise<void> => {
    const signal = flow.begin();
    const checkout = flow.get().checkout;
    let answer: OneClickAnswer;
    try {
      answer = await deps.login(oneClickLoginBody(attempt.phone, attempt.isRetry, checkout), {
        ...context(),
        idempotencyKey: attempt.key,
      });
    } catch (error) {
      if (signal.aborted) return;
      const failure = toFailure(error);
      if (
        failure.kind === 'http' &&
        failure.status === 400 &&
        failure.body?.error === ERROR.invalidUser
      ) {
        track('one_click_invalid_user');
        const signup = await deps.oneClickSignup().catch(() => false);
        if (signal.aborted) return;
        const signupHref = signup ? otpHref(attempt.phone) : undefined;
        dispatch({ type: 'invalidUser', phone: attempt.phone, signupHref });
        return;
      }
      const status = failure.kind === 'http' ? { status: failure.status } : {};
      track('one_click_failed', { kind: failure.kind, ...status });
      const wait = waitOf(failure, waits.now());
      if (wait) waits.hold(oneClickWaitScope(attempt.phone), wait);
      dispatch({ type: 'failed', failure, wait });
      return;
    }
    if (signal.aborted) return;
    if (answer.kind === 'otp') {
      track('one_click_otp_challenge');
      dispatch({ type: 'otpChallenged', href: otpHref(attempt.phone), phone: attempt.phone });
      return;
    }
    track(attempt.isRetry ? 'one_click_push_resent' : 'one_click_push_sent');
    dispatch({ type: 'pushSent', approval: answer.approval, now: now() });
  };
}

/** The same attempt (no answer last time) keeps its key; any other gets a new one. */
function sameOrNewAttempt(
  last: Attempt | undefined,
  phone: string,
  isRetry: boolean,
  newKey: () => string,
): Attempt {
  if (last && last.phone === phone && last.isRetry === isRetry) return last;
  return { key: newKey(), phone, isRetry };
}

/** How a wait ends: approved (the proof token, then the identity service), or rejected. */
function endings(
  flow: OneClickCore,
  deps: OneClickDeps,
  stopTimers: () => void,
  context: () => { idpClientId?: string | undefined },
) {
  const { dispatch } = flow;
  return {
    /** 'confirmed': the proof token; a failure is a rejected user. */
    confirm: async (id: string): Promise<void> => {
      const state = flow.get();
      if (!isWaiting(state) || state.approval.id !== id || state.confirming) return;
      dispatch({ type: 'confirmed' });
      stopTimers();
      const signal = flow.begin();
      try {
        const profiling = await deps.profiling();
        if (signal.aborted) return;
        const token = await deps.proof(id, profiling, context());
        if (signal.aborted) return;
        deps.analytics.track('one_click_confirmed', { flow: FLOW });
        await deps.analytics.flush();
        dispatch({ type: 'proofIssued', token });
      } catch {
        if (signal.aborted) return;
        deps.analytics.track('one_click_proof_failed', { flow: FLOW });
        dispatch({ type: 'proofFailed' });
      }
    },
    reject: (reason: RejectReason): void => {
      if (!isWaiting(flow.get())) return;
      deps.analytics.track('one_click_rejected', { flow: FLOW, properties: { reason } });
      dispatch({ type: 'rejected', reason });
    },
  };
}

/**
 * Attaches the effects to `flow` (once): its timers, waits and reactions, and the actions that
 * call. `init` is what the page read (the client, acr_values, a csrf left in the address).
 */
export function oneClickEffects(flow: OneClickCore, deps: OneClickDeps, init: () => OneClickInit) {
  const { dispatch } = flow;
  const clock = deps.scheduler ?? browserScheduler;
  const visibility = deps.visibility ?? alwaysVisible;
  const context = () => ({ idpClientId: init().clientId });
  const paused = () => flow.isDestroyed() || visibility.hidden();
  const storeOfDevice = () =>
    deps.device ? storeFor(deps.device.userAgent, deps.device.maxTouchPoints) : undefined;
  const attemptFor = (phone: string, isRetry: boolean) =>
    sameOrNewAttempt(flow.get().attempt, phone, isRetry, deps.newKey);

  const timers = createOneClickTimers({
    clock,
    get: flow.get,
    dispatch,
    paused,
    status: (id, signal) => pollStatus(deps, id, signal),
    settled: (id, status) => (status === 'confirmed' ? void confirm(id) : reject('rejected')),
  });
  flow.onDestroy(timers.stopAll);
  const { confirm, reject } = endings(flow, deps, timers.stopAll, context);

  const otpHref = (phone: string) => {
    const { clientId, acrValues, csrfForAddress } = init();
    return loginOtpHref(deps.locale, phone, { clientId, acrValues, csrf: csrfForAddress });
  };
  const waits = waitTask(flow, deps.wait ?? {}, () => dispatch({ type: 'waitOver' }));
  const login = loginCall(flow, deps, context, otpHref, () => clock.now(), waits);

  // Reactions: analytics pages, the login page's code step, the timers.
  flow.onChange((state, previous) => {
    if (state.view !== previous.view) {
      const page = pageOf(state.view);
      if (page) deps.analytics.page(page, FLOW);
      if (state.view === 'redirect_to_otp') deps.navigate(state.href);
    }
    timers.react(state, previous);
  });
  return {
    /** The page runs: the timers follow whether it is shown (a hidden page polls nothing). */
    watchVisibility(): void {
      if (flow.isDestroyed()) return;
      flow.onDestroy(visibility.subscribe(() => timers.visibilityChanged(visibility.hidden())));
    },

    /** Continue, once the number is valid: a wait kept for it, or the login. */
    async submit(phone: string): Promise<void> {
      const kept = waits.restore(oneClickWaitScope(phone));
      if (kept) {
        dispatch({ type: 'waitRestored', wait: kept });
        return;
      }
      const attempt = attemptFor(phone, false);
      dispatch({ type: 'submitted', attempt });
      deps.analytics.track('one_click_submitted', { flow: FLOW, page: 'welcome' });
      await login(attempt);
    },

    /** 'Resend notification': the login again with is_retry=true; after 5 retries, max tries. */
    async resend(): Promise<void> {
      const state = flow.get();
      if (!isWaiting(state) || !canResend({ ...state, now: clock.now() })) return;
      dispatch({ type: 'tick', now: clock.now() });
      if (state.retries >= MAX_PUSH_RETRIES) {
        reject('maxTriesReached');
        return;
      }
      const attempt = attemptFor(state.phone, true);
      dispatch({ type: 'resendStarted', attempt });
      const started = flow.get();
      if (!isWaiting(started) || !started.submitting) return;
      await login(attempt);
    },

    /** 'Change': back to the phone form, with the number as typed (a resend's answer dropped). */
    changeNumber: (): void => {
      flow.cancel();
      reject('changePhone');
    },

    /** 'Use a code by SMS instead' (the SMS fallback): the login page's code view, this number. */
    useSms(): void {
      const state = flow.get();
      if (!isWaiting(state) || state.confirming) return;
      flow.cancel();
      deps.analytics.track('one_click_sms_fallback', { flow: FLOW });
      dispatch({ type: 'otpChallenged', href: otpHref(state.phone), phone: state.phone });
    },

    /** 'Open the app': its link, then the device's store unless the app opened meanwhile. */
    openApp(): void {
      const state = flow.get();
      if (!isWaiting(state)) return;
      const link = appLink(state.approval);
      if (link) deps.navigate(link);
      deps.analytics.track('one_click_open_app', { flow: FLOW });
      timers.openAppLater(() => {
        const store = storeOfDevice();
        if (store && !paused() && isWaiting(flow.get())) deps.navigate(store);
      });
    },
  };
}
