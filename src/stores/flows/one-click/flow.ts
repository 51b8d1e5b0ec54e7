/**
 * One-click checkout's effects: the login (its idempotency key kept for a retry), the proof once
 * the shopper approves, the timers (timers.ts), and the reactions to a new view (its analytics
 * page, the login page's code step).
 */
import { toFailure } from '../../../api/errors.ts';
import { waitOf } from '../../../api/waits.ts';
import type { OneClickAnswer } from '../../../api/one-click.ts';
import { ERROR } from '../../../contract/errors.ts';
import type { ApproveStatus, OneClickLoginBody } from '../../../contract/identity-api.ts';
import type { Locale } from '../../../i18n/config.ts';
import type { FlowAnalytics } from '../../../lib/analytics.ts';
import { storeFor } from '../../../lib/open-app.ts';
import type { PhoneInputValue } from '../../../lib/phone.ts';
import { createFlow, type Flow } from '../create-flow.ts';
import { waitTask, type WaitDeps } from '../waits.ts';
import { loginOtpHref, oneClickLoginBody, type OneClickInit } from './presets.ts';
import {
  appLink,
  canResend,
  FLOW,
  initialState,
  isWaiting,
  MAX_PUSH_RETRIES,
  oneClickWaitScope,
  pageOf,
  type Attempt,
  type OneClickEvent,
  type OneClickState,
  type RejectReason,
  type WaitingView,
} from './state.ts';
import {
  alwaysVisible,
  browserScheduler,
  createOneClickTimers,
  type PageVisibility,
  type Scheduler,
} from './timers.ts';
import { transition } from './transition.ts';

export interface OneClickDeps {
  locale: Locale;
  login: (
    body: OneClickLoginBody,
    context: { idpClientId?: string | undefined; idempotencyKey: string },
  ) => Promise<OneClickAnswer>;
  status: (id: string, signal: AbortSignal) => Promise<ApproveStatus>;
  proof: (
    id: string,
    profiling: Record<string, unknown> | undefined,
    context: { idpClientId?: string | undefined },
  ) => Promise<string>;
  /** A phone input to international digits, or undefined when it is not a valid number. */
  validatePhone: (value: PhoneInputValue) => Promise<string | undefined>;
  /** The one-click sign-up flag (remote; may still be loading). */
  oneClickSignup: () => Promise<boolean>;
  navigate: (href: string) => void;
  analytics: FlowAnalytics;
  profiling: () => Record<string, unknown> | undefined;
  /** A new idempotency key (a UUID). */
  newKey: () => string;
  scheduler?: Scheduler;
  visibility?: PageVisibility;
  /** The device, for the open-app button's store. */
  device?: { userAgent: string; maxTouchPoints?: number };
  /** Rate limits of the login kept across a reload, per number (src/stores/flows/waits.ts). */
  wait?: WaitDeps | undefined;
}

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

/** The store of a phone's platform, for the open-app button (none on other devices). */
const storeOf = (device: OneClickDeps['device']) =>
  device ? storeFor(device.userAgent, device.maxTouchPoints) : undefined;

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
        const token = await deps.proof(id, deps.profiling(), context());
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

export function createOneClickFlow(deps: OneClickDeps) {
  const clock = deps.scheduler ?? browserScheduler;
  const visibility = deps.visibility ?? alwaysVisible;
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;
  let init: OneClickInit = { checkout: flow.get().checkout };
  const context = () => ({ idpClientId: init.clientId });
  const paused = () => flow.isDestroyed() || visibility.hidden();
  const storeOfDevice = () => storeOf(deps.device);
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

  const otpHref = (phone: string) =>
    loginOtpHref(deps.locale, phone, {
      clientId: init.clientId,
      acrValues: init.acrValues,
      csrf: init.csrfForAddress,
    });
  const waits = waitTask(flow, deps.wait ?? {}, () => dispatch({ type: 'waitOver' }));
  const login = loginCall(flow, deps, context, otpHref, () => clock.now(), waits);
  let watching = false;

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
    ...flow.surface,

    /** Reads the checkout once the page runs (the csrf has already been taken out). */
    init(value: OneClickInit): void {
      init = value;
      // Subscribed here, once, not at creation: the island creates the flow while pre-rendering.
      if (!watching && !flow.isDestroyed()) {
        watching = true;
        flow.onDestroy(visibility.subscribe(() => timers.visibilityChanged(visibility.hidden())));
      }
      dispatch({ type: 'initialized', checkout: value.checkout, prefersApp: !!storeOfDevice() });
      deps.analytics.page('welcome', FLOW);
    },

    changePhone: (value: PhoneInputValue) => dispatch({ type: 'phoneChanged', value }),
    changeRemember: (value: boolean) => dispatch({ type: 'rememberChanged', value }),

    async submit(): Promise<void> {
      const state = flow.get();
      if (state.view !== 'phone_form' || state.submitting) return;
      if (state.phoneInput.input.trim() === '') {
        dispatch({ type: 'invalid', error: { key: 'fields:phone.empty' } });
        return;
      }
      const phone = await deps.validatePhone(state.phoneInput);
      if (flow.isDestroyed()) return;
      if (!phone) {
        dispatch({ type: 'invalid', error: { key: 'fields:phone.invalidMobile' } });
        return;
      }
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

    switchTo: (view: WaitingView) => dispatch({ type: 'switchedTo', view }),

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

    /** From an outcome view (error, rejected, sign up in the app) back to the phone form. */
    restart: () => dispatch({ type: 'restarted' }),
  };
}

export type OneClickFlow = ReturnType<typeof createOneClickFlow>;
