/**
 * One-click checkout (spec section 2 'One-click checkout', section 4 'One-click checkout', section
 * 9 timers). `oneClickTransition` is pure and holds every branch; `createOneClickFlow` wraps it in
 * a nanostores atom with actions that call src/api/one-click.ts, and owns every timer through an
 * injectable scheduler: the approval poll (1 s for the first 2 polls, then 5 s), the 90 s resend
 * hold, the 92 s sent-notification line, the 2 s 'notification sent' tick and the open-app wait.
 * All of them stop when the waiting views are left or the page is hidden, and resume from the
 * clock when it is shown again.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { oneClickErrorMessage } from '../../api/error-catalogue.ts';
import { toFailure, type ApiFailure } from '../../api/errors.ts';
import type { OneClickAnswer } from '../../api/one-click.ts';
import { APP_LINK_SCHEME } from '../../config.ts';
import { ERROR } from '../../contract/errors.ts';
import type {
  ApprovalToken,
  ApproveStatus,
  Guard,
  OneClickLoginBody,
} from '../../contract/identity-api.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Text } from '../../i18n/types.ts';
import type { FlowName, PageName } from '../../lib/analytics.ts';
import { cleanClientId } from '../../lib/address.ts';
import { OPEN_APP_DELAY_MS, storeFor } from '../../lib/open-app.ts';
import { CSRF } from '../../lib/persisted.ts';
import { DEFAULT_COUNTRY, type CountryCode } from '../../lib/phone.ts';
import { parseCheckout, type Checkout } from '../../lib/promo.ts';

// ---------------------------------------------------------------------------------------------
// Constants (spec section 9)

/** 'Resend notification' is held back this long after each push. */
export const PUSH_RESEND_SECONDS = 90;
/** The sent-notification line counts down from this. */
export const SENT_NOTICE_SECONDS = 92;
/** How long the 'notification sent' tick shows. */
export const SENT_TICK_MS = 2000;
export const POLL_FAST_MS = 1000;
/** Polls of a request that wait POLL_FAST_MS; the rest wait POLL_SLOW_MS. */
export const POLL_FAST_COUNT = 2;
export const POLL_SLOW_MS = 5000;
/** Retries (re-issued logins) before the flow rejects with max tries. */
export const MAX_PUSH_RETRIES = 5;
/** The guard of the one-click login. */
export const ONE_CLICK_GUARD: Guard = { attempts: 3 };
export const FLOW: FlowName = 'one_click';

/** The wait before poll number `pollsDone + 1` of one request. */
export function pollDelay(pollsDone: number): number {
  return pollsDone < POLL_FAST_COUNT ? POLL_FAST_MS : POLL_SLOW_MS;
}

// ---------------------------------------------------------------------------------------------
// State

export const ONE_CLICK_VIEWS = [
  'phone_form',
  'push_notification',
  'confirm_via_app',
  'redirect_to_otp',
  'redirect_to_signup',
  'redirect_to_idp',
  'rejected_user',
  'max_tries_reached',
  'error',
] as const;
export type OneClickView = (typeof ONE_CLICK_VIEWS)[number];
export type WaitingView = 'push_notification' | 'confirm_via_app';

export type RejectReason = 'maxTriesReached' | 'changePhone' | 'rejected';

export interface PhoneInputValue {
  country: CountryCode;
  input: string;
}

/** A one-click login call: its idempotency key is reused only if the same call is retried. */
export interface Attempt {
  key: string;
  phone: string;
  isRetry: boolean;
}

interface Common {
  checkout: Checkout;
  phoneInput: PhoneInputValue;
  /** 'Stay signed in on this browser': `remember` of the identity-service form. */
  remember: boolean;
  /** On a phone, the wait opens with the open-app button (confirm_via_app). */
  prefersApp: boolean;
  /** A login call that got no answer (dropped, timed out): a retry sends the same key. */
  attempt: Attempt | undefined;
}

/** The push wait: one approval request, and the clock its countdowns are read from. */
export interface Waiting {
  /** International digits. */
  phone: string;
  approval: ApprovalToken;
  /** Logins re-issued with is_retry=true so far. */
  retries: number;
  /** When the current push was sent (scheduler clock, ms). */
  sentAt: number;
  /** The clock at the last tick. */
  now: number;
  resending: boolean;
  /** The request is confirmed and its proof token is on its way. */
  confirming: boolean;
  error: Text | undefined;
}

export type OneClickState = Common &
  (
    | {
        view: 'phone_form';
        submitting: boolean;
        error: Text | undefined;
        fieldError: Text | undefined;
      }
    | ({ view: WaitingView } & Waiting)
    | { view: 'redirect_to_otp'; href: string; phone: string; reason: 'otp_challenge' | 'signup' }
    | { view: 'redirect_to_signup' }
    | { view: 'redirect_to_idp'; token: string }
    | { view: 'rejected_user' }
    | { view: 'max_tries_reached' }
    | { view: 'error'; error: Text }
  );

export type WaitingState = Extract<OneClickState, { view: WaitingView }>;

export type OneClickEvent =
  | { type: 'initialized'; checkout: Checkout; prefersApp: boolean }
  | { type: 'phoneChanged'; value: PhoneInputValue }
  | { type: 'rememberChanged'; value: boolean }
  | { type: 'invalid'; error: Text }
  | { type: 'submitted'; attempt: Attempt }
  | { type: 'pushSent'; approval: ApprovalToken; now: number }
  | { type: 'otpChallenged'; href: string; phone: string }
  | { type: 'invalidUser'; phone: string; signupHref: string | undefined }
  | { type: 'failed'; failure: ApiFailure }
  | { type: 'tick'; now: number }
  | { type: 'resendStarted'; attempt: Attempt }
  | { type: 'confirmed' }
  | { type: 'proofIssued'; token: string }
  | { type: 'proofFailed' }
  | { type: 'rejected'; reason: RejectReason }
  | { type: 'switchedTo'; view: WaitingView }
  | { type: 'restarted' };

export function initialOneClickState(checkout: Checkout = parseCheckout(null)): OneClickState {
  return {
    view: 'phone_form',
    checkout,
    phoneInput: { country: DEFAULT_COUNTRY, input: '' },
    remember: false,
    prefersApp: false,
    attempt: undefined,
    submitting: false,
    error: undefined,
    fieldError: undefined,
  };
}

export function isWaiting(state: OneClickState): state is WaitingState {
  return state.view === 'push_notification' || state.view === 'confirm_via_app';
}

function common(state: OneClickState): Common {
  return {
    checkout: state.checkout,
    phoneInput: state.phoneInput,
    remember: state.remember,
    prefersApp: state.prefersApp,
    attempt: state.attempt,
  };
}

function phoneForm(state: OneClickState, patch: Partial<Common> = {}): OneClickState {
  return {
    ...common(state),
    ...patch,
    view: 'phone_form',
    submitting: false,
    error: undefined,
    fieldError: undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Derived values

const secondsUntil = (deadline: number, now: number) =>
  Math.max(0, Math.ceil((deadline - now) / 1000));

/** Seconds until 'Resend notification' is enabled (90 after each push). */
export function resendIn(state: Waiting): number {
  return secondsUntil(state.sentAt + PUSH_RESEND_SECONDS * 1000, state.now);
}

/** The sent-notification line's seconds (92 after each push). */
export function noticeIn(state: Waiting): number {
  return secondsUntil(state.sentAt + SENT_NOTICE_SECONDS * 1000, state.now);
}

/** Whether the 'notification sent' tick shows (the first 2 s after each push). */
export function showsSentTick(state: Waiting): boolean {
  return state.now - state.sentAt < SENT_TICK_MS;
}

export function canResend(state: OneClickState): boolean {
  return isWaiting(state) && !state.resending && !state.confirming && resendIn(state) === 0;
}

/** The moment of the next visible change of the countdowns, or undefined when all are over. */
export function nextTickAt(state: Waiting): number | undefined {
  const end = state.sentAt + SENT_NOTICE_SECONDS * 1000;
  if (state.now >= end) return undefined;
  const elapsed = Math.max(0, state.now - state.sentAt);
  return state.sentAt + (Math.floor(elapsed / 1000) + 1) * 1000;
}

/** Only the app's own scheme is opened; anything else the server sends is ignored. */
export function appLink(approval: ApprovalToken | undefined): string | undefined {
  const link = approval?.web_deeplink;
  return link?.toLowerCase().startsWith(APP_LINK_SCHEME) ? link : undefined;
}

// ---------------------------------------------------------------------------------------------
// Transition

function isTransport(failure: ApiFailure): boolean {
  return failure.kind !== 'http';
}

function failed(state: OneClickState, failure: ApiFailure): OneClickState {
  const error = oneClickErrorMessage(failure);
  // No answer at all: stay, keep what was typed and the key, let the shopper try again.
  const transport = isTransport(failure);
  const attempt = transport ? state.attempt : undefined;
  if (state.view === 'phone_form') {
    if (!state.submitting) return state;
    if (transport) return { ...state, attempt, submitting: false, error };
    return { ...common(state), attempt, view: 'error', error };
  }
  if (isWaiting(state)) {
    if (!state.resending) return state;
    if (transport) return { ...state, attempt, resending: false, error };
    return { ...common(state), attempt, view: 'error', error };
  }
  return state;
}

/** Reject with max tries: its view; with change phone: the phone form; otherwise rejected user. */
function rejected(state: WaitingState, reason: RejectReason): OneClickState {
  switch (reason) {
    case 'maxTriesReached':
      return { ...common(state), attempt: undefined, view: 'max_tries_reached' };
    case 'changePhone':
      return phoneForm(state, { attempt: undefined });
    case 'rejected':
      return { ...common(state), attempt: undefined, view: 'rejected_user' };
  }
}

export function oneClickTransition(state: OneClickState, event: OneClickEvent): OneClickState {
  switch (event.type) {
    case 'initialized':
      return {
        ...initialOneClickState(event.checkout),
        phoneInput: state.phoneInput,
        remember: state.remember,
        prefersApp: event.prefersApp,
      };
    case 'phoneChanged':
      if (state.view !== 'phone_form' || state.submitting) return state;
      return { ...state, phoneInput: event.value, fieldError: undefined, error: undefined };
    case 'rememberChanged':
      if (state.view !== 'phone_form' || state.submitting) return state;
      return { ...state, remember: event.value };
    case 'invalid':
      if (state.view !== 'phone_form') return state;
      return { ...state, submitting: false, fieldError: event.error };
    case 'submitted':
      if (state.view !== 'phone_form' || state.submitting) return state;
      return {
        ...state,
        attempt: event.attempt,
        submitting: true,
        error: undefined,
        fieldError: undefined,
      };
    case 'pushSent': {
      if (state.view === 'phone_form' && state.submitting && state.attempt) {
        return {
          ...common(state),
          attempt: undefined,
          view: state.prefersApp ? 'confirm_via_app' : 'push_notification',
          phone: state.attempt.phone,
          approval: event.approval,
          retries: 0,
          sentAt: event.now,
          now: event.now,
          resending: false,
          confirming: false,
          error: undefined,
        };
      }
      if (isWaiting(state) && state.resending) {
        return {
          ...state,
          attempt: undefined,
          approval: event.approval,
          retries: state.retries + 1,
          sentAt: event.now,
          now: event.now,
          resending: false,
          error: undefined,
        };
      }
      return state;
    }
    case 'otpChallenged':
      if (!(state.view === 'phone_form' && state.submitting) && !isWaiting(state)) return state;
      return {
        ...common(state),
        attempt: undefined,
        view: 'redirect_to_otp',
        href: event.href,
        phone: event.phone,
        reason: 'otp_challenge',
      };
    case 'invalidUser':
      if (!(state.view === 'phone_form' && state.submitting) && !isWaiting(state)) return state;
      // With the one-click sign-up flag on, the code step of the login page; else sign up in the app.
      if (event.signupHref) {
        return {
          ...common(state),
          attempt: undefined,
          view: 'redirect_to_otp',
          href: event.signupHref,
          phone: event.phone,
          reason: 'signup',
        };
      }
      return { ...common(state), attempt: undefined, view: 'redirect_to_signup' };
    case 'failed':
      return failed(state, event.failure);
    case 'tick':
      if (!isWaiting(state) || event.now === state.now) return state;
      return { ...state, now: event.now };
    case 'resendStarted':
      if (!isWaiting(state) || !canResend(state)) return state;
      return { ...state, attempt: event.attempt, resending: true, error: undefined };
    case 'confirmed':
      if (!isWaiting(state) || state.confirming) return state;
      return { ...state, confirming: true, error: undefined };
    case 'proofIssued':
      if (!isWaiting(state) || !state.confirming) return state;
      return { ...common(state), attempt: undefined, view: 'redirect_to_idp', token: event.token };
    case 'proofFailed':
      if (!isWaiting(state) || !state.confirming) return state;
      return { ...common(state), attempt: undefined, view: 'rejected_user' };
    case 'rejected':
      if (!isWaiting(state) || state.confirming) return state;
      return rejected(state, event.reason);
    case 'switchedTo':
      if (!isWaiting(state) || state.view === event.view) return state;
      return { ...state, view: event.view };
    case 'restarted':
      if (state.view === 'phone_form' || isWaiting(state) || state.view === 'redirect_to_idp') {
        return state;
      }
      return phoneForm(state, { attempt: undefined });
  }
}

// ---------------------------------------------------------------------------------------------
// Addresses and payloads

/** Where the login page takes over: its OTP view for this number (spec section 4). */
export function loginOtpHref(
  locale: Locale,
  phone: string,
  extra: {
    clientId?: string | undefined;
    acrValues?: string | undefined;
    csrf?: string | undefined;
  },
): string {
  const query = new URLSearchParams({ view: 'otp', fullMobileNumber: phone });
  if (extra.clientId) query.set('clientId', extra.clientId);
  if (extra.acrValues) query.set('acr_values', extra.acrValues);
  // Only when session storage could not keep it: the login page takes it out of the address.
  if (extra.csrf) query.set('csrf', extra.csrf);
  return `${localizedPath(locale, '/login')}?${query.toString()}`;
}

export function oneClickLoginBody(
  phone: string,
  isRetry: boolean,
  checkout: Checkout,
): OneClickLoginBody {
  return {
    phone_number: phone,
    guard: ONE_CLICK_GUARD,
    is_retry: isRetry,
    external_params: { ...checkout.externalParams },
  };
}

/** Analytics page names of spec section 2 (the one-click phone form is a welcome page). */
export function pageOf(view: OneClickView): PageName | undefined {
  return view === 'phone_form' ? 'welcome' : undefined;
}

// ---------------------------------------------------------------------------------------------
// The flow

export interface Scheduler {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface PageVisibility {
  hidden: () => boolean;
  /** Calls `listener` whenever the page is hidden or shown; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

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
  analytics: {
    page: (page: PageName, flow?: FlowName) => void;
    track: (
      name: string,
      details?: { flow?: FlowName; page?: PageName; properties?: Record<string, string | number> },
    ) => void;
    flush: () => Promise<void>;
  };
  profiling: () => Record<string, unknown> | undefined;
  /** A new idempotency key (a UUID). */
  newKey: () => string;
  scheduler?: Scheduler;
  visibility?: PageVisibility;
  /** The device, for the open-app button's store. */
  device?: { userAgent: string; maxTouchPoints?: number };
}

export interface OneClickInit {
  checkout: Checkout;
  /** The raw acr_values, handed on to the login page. */
  acrValues?: string | undefined;
  clientId?: string | undefined;
  /** Set only when session storage could not keep the csrf. */
  csrfForAddress?: string | undefined;
}

/**
 * The presets of spec section 2 'One-click checkout' from the query (csrf is taken out
 * separately, at once): the checkout of acr_values, and the client the shopper signs in to (the
 * address, the acr_values' client_id, or `persistedClientId`, this tab's last one).
 */
export function readOneClickPresets(
  query: URLSearchParams,
  persistedClientId: string | undefined,
): Required<Pick<OneClickInit, 'checkout' | 'acrValues' | 'clientId'>> {
  const acrValues = query.get('acr_values') ?? undefined;
  const checkout = parseCheckout(acrValues);
  const clientId =
    cleanClientId(query.get('clientId')) ??
    cleanClientId(checkout.externalParams['client_id']) ??
    cleanClientId(persistedClientId);
  return { checkout, acrValues, clientId };
}

/**
 * The csrf that travels in the login page's address (`loginOtpHref`): only a well-formed one that
 * session storage could not keep (`stored` false). A malformed one is dropped, not carried on.
 */
export function csrfForAddress(csrf: string | undefined, stored: boolean): string | undefined {
  return csrf && !stored && CSRF.test(csrf) ? csrf : undefined;
}

const browserScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const alwaysVisible: PageVisibility = { hidden: () => false, subscribe: () => () => undefined };

export function createOneClickFlow(deps: OneClickDeps) {
  const clock = deps.scheduler ?? browserScheduler;
  const visibility = deps.visibility ?? alwaysVisible;
  const $state = atom<OneClickState>(initialOneClickState());
  const dispatch = (event: OneClickEvent) => $state.set(oneClickTransition($state.get(), event));
  /** Turns true at the first change of view: from then on each new view takes the focus. */
  const $viewChanged = atom(false);
  let init: OneClickInit = { checkout: $state.get().checkout };
  const context = () => ({ idpClientId: init.clientId });

  // Timers: one poll and one countdown tick at most, plus the open-app wait.
  let pollTimer: unknown;
  let tickTimer: unknown;
  let openAppTimer: unknown;
  let polling: AbortController | undefined;
  /** Polls answered for the current request. */
  let pollsDone = 0;
  /** Bumped whenever polling stops: answers of older polls are ignored. */
  let pollSession = 0;
  let destroyed = false;

  function clear(handle: unknown): undefined {
    if (handle !== undefined) clock.clearTimeout(handle);
    return undefined;
  }

  function stopPolling(): void {
    pollSession += 1;
    pollTimer = clear(pollTimer);
    polling?.abort();
    polling = undefined;
  }

  function stopTicking(): void {
    tickTimer = clear(tickTimer);
  }

  function cancelOpenApp(): void {
    openAppTimer = clear(openAppTimer);
  }

  function stopAll(): void {
    stopPolling();
    stopTicking();
    cancelOpenApp();
  }

  const paused = () => destroyed || visibility.hidden();

  function scheduleTick(): void {
    stopTicking();
    const state = $state.get();
    if (!isWaiting(state) || paused()) return;
    const at = nextTickAt({ ...state, now: clock.now() });
    if (at === undefined) return;
    tickTimer = clock.setTimeout(
      () => {
        tickTimer = undefined;
        dispatch({ type: 'tick', now: clock.now() });
        scheduleTick();
      },
      Math.max(0, at - clock.now()),
    );
  }

  function schedulePoll(delay = pollDelay(pollsDone)): void {
    pollTimer = clear(pollTimer);
    const state = $state.get();
    if (!isWaiting(state) || state.resending || state.confirming || paused()) return;
    pollTimer = clock.setTimeout(() => {
      pollTimer = undefined;
      void poll();
    }, delay);
  }

  async function poll(): Promise<void> {
    const state = $state.get();
    if (!isWaiting(state) || state.resending || state.confirming || paused()) return;
    const id = state.approval.id;
    const mine = pollSession;
    const controller = new AbortController();
    polling = controller;
    let status: ApproveStatus | undefined;
    try {
      status = await deps.status(id, controller.signal);
    } catch (error) {
      const failure = toFailure(error);
      // The request is gone: nobody can approve it any more.
      if (failure.kind === 'http' && (failure.status === 404 || failure.status === 410)) {
        status = 'rejected';
      }
    }
    if (polling === controller) polling = undefined;
    const now = $state.get();
    if (mine !== pollSession || !isWaiting(now) || now.approval.id !== id) return;
    pollsDone += 1;
    if (status === 'confirmed') void confirm(id);
    else if (status === 'rejected') reject('rejected');
    else schedulePoll();
  }

  /** 'confirmed': the proof token, then the identity service; a failure is a rejected user. */
  async function confirm(id: string): Promise<void> {
    const state = $state.get();
    if (!isWaiting(state) || state.approval.id !== id || state.confirming) return;
    dispatch({ type: 'confirmed' });
    stopAll();
    try {
      const token = await deps.proof(id, deps.profiling(), context());
      if (destroyed) return;
      deps.analytics.track('one_click_confirmed', { flow: FLOW });
      await deps.analytics.flush();
      dispatch({ type: 'proofIssued', token });
    } catch {
      if (destroyed) return;
      deps.analytics.track('one_click_proof_failed', { flow: FLOW });
      dispatch({ type: 'proofFailed' });
    }
  }

  function reject(reason: RejectReason): void {
    if (!isWaiting($state.get())) return;
    deps.analytics.track('one_click_rejected', { flow: FLOW, properties: { reason } });
    dispatch({ type: 'rejected', reason });
  }

  /** The same attempt (no answer last time) keeps its key; any other gets a new one. */
  function attemptFor(phone: string, isRetry: boolean): Attempt {
    const last = $state.get().attempt;
    if (last && last.phone === phone && last.isRetry === isRetry) return last;
    return { key: deps.newKey(), phone, isRetry };
  }

  async function login(attempt: Attempt): Promise<void> {
    const checkout = $state.get().checkout;
    let answer: OneClickAnswer;
    try {
      answer = await deps.login(oneClickLoginBody(attempt.phone, attempt.isRetry, checkout), {
        ...context(),
        idempotencyKey: attempt.key,
      });
    } catch (error) {
      if (destroyed || $state.get().attempt !== attempt) return;
      const failure = toFailure(error);
      if (
        failure.kind === 'http' &&
        failure.status === 400 &&
        failure.body?.error === ERROR.invalidUser
      ) {
        deps.analytics.track('one_click_invalid_user', { flow: FLOW });
        const signup = await deps.oneClickSignup().catch(() => false);
        if (destroyed || $state.get().attempt !== attempt) return;
        dispatch({
          type: 'invalidUser',
          phone: attempt.phone,
          signupHref: signup ? otpHref(attempt.phone) : undefined,
        });
        return;
      }
      deps.analytics.track('one_click_failed', {
        flow: FLOW,
        properties: {
          kind: failure.kind,
          ...(failure.kind === 'http' ? { status: failure.status } : {}),
        },
      });
      dispatch({ type: 'failed', failure });
      return;
    }
    if (destroyed || $state.get().attempt !== attempt) return;
    if (answer.kind === 'otp') {
      deps.analytics.track('one_click_otp_challenge', { flow: FLOW });
      dispatch({ type: 'otpChallenged', href: otpHref(attempt.phone), phone: attempt.phone });
      return;
    }
    deps.analytics.track(attempt.isRetry ? 'one_click_push_resent' : 'one_click_push_sent', {
      flow: FLOW,
    });
    dispatch({ type: 'pushSent', approval: answer.approval, now: clock.now() });
  }

  function otpHref(phone: string): string {
    return loginOtpHref(deps.locale, phone, {
      clientId: init.clientId,
      acrValues: init.acrValues,
      csrf: init.csrfForAddress,
    });
  }

  // Reactions: analytics pages, timers per view and request, the login page's OTP view.
  let previous: OneClickState = $state.get();
  const unbind = $state.listen((state) => {
    const left = previous;
    previous = state;
    if (state.view !== left.view) {
      $viewChanged.set(true);
      const page = pageOf(state.view);
      if (page) deps.analytics.page(page, FLOW);
      if (!isWaiting(state)) stopAll();
      if (left.view === 'confirm_via_app') cancelOpenApp();
      if (state.view === 'redirect_to_otp') deps.navigate(state.href);
    }
    if (!isWaiting(state)) return;
    const newRequest = !isWaiting(left) || left.approval.id !== state.approval.id;
    if (newRequest) {
      stopPolling();
      pollsDone = 0;
      schedulePoll();
      scheduleTick();
    } else if (state.resending && !left.resending) {
      // The request is being replaced: its polls stop; the new one starts its own.
      stopPolling();
    } else if (!state.resending && left.resending) {
      // The resend got no answer: the old request is still the one to watch.
      schedulePoll();
    }
  });

  // Hidden page: every timer and poll stops. Shown again: the clock catches up, the request is
  // asked about at once (the shopper may have approved it in the app meanwhile), cadence resumes.
  function onVisibilityChange(): void {
    if (destroyed) return;
    if (visibility.hidden()) {
      stopAll();
      return;
    }
    const state = $state.get();
    if (!isWaiting(state)) return;
    dispatch({ type: 'tick', now: clock.now() });
    scheduleTick();
    schedulePoll(0);
  }
  let unwatch: (() => void) | undefined;

  return {
    $state: $state as ReadableAtom<OneClickState>,
    $viewChanged: $viewChanged as ReadableAtom<boolean>,

    /** Reads the checkout once the page runs (csrf has already been taken out). */
    init(value: OneClickInit): void {
      init = value;
      // Subscribed here, not at creation: the island creates the flow while pre-rendering too.
      unwatch ??= visibility.subscribe(onVisibilityChange);
      const prefersApp =
        deps.device !== undefined &&
        storeFor(deps.device.userAgent, deps.device.maxTouchPoints) !== undefined;
      dispatch({ type: 'initialized', checkout: value.checkout, prefersApp });
      deps.analytics.page('welcome', FLOW);
    },

    changePhone: (value: PhoneInputValue) => dispatch({ type: 'phoneChanged', value }),
    changeRemember: (value: boolean) => dispatch({ type: 'rememberChanged', value }),

    async submit(): Promise<void> {
      const state = $state.get();
      if (state.view !== 'phone_form' || state.submitting) return;
      if (state.phoneInput.input.trim() === '') {
        dispatch({ type: 'invalid', error: { key: 'fields:phone.empty' } });
        return;
      }
      const phone = await deps.validatePhone(state.phoneInput);
      if (destroyed) return;
      if (!phone) {
        dispatch({ type: 'invalid', error: { key: 'fields:phone.invalidMobile' } });
        return;
      }
      const attempt = attemptFor(phone, false);
      dispatch({ type: 'submitted', attempt });
      deps.analytics.track('one_click_submitted', { flow: FLOW, page: 'welcome' });
      await login(attempt);
    },

    /** 'Resend notification': the login again with is_retry=true; after 5 retries, max tries. */
    async resend(): Promise<void> {
      const state = $state.get();
      if (!isWaiting(state) || !canResend({ ...state, now: clock.now() })) return;
      dispatch({ type: 'tick', now: clock.now() });
      if (state.retries >= MAX_PUSH_RETRIES) {
        reject('maxTriesReached');
        return;
      }
      const attempt = attemptFor(state.phone, true);
      dispatch({ type: 'resendStarted', attempt });
      if ($state.get().attempt !== attempt) return;
      await login(attempt);
    },

    /** 'Change': back to the phone form, with the number as typed. */
    changeNumber: () => reject('changePhone'),

    switchTo: (view: WaitingView) => dispatch({ type: 'switchedTo', view }),

    /**
     * 'Open the app': the approval deep link, then after 1000 ms the store for the device, unless
     * the page went to the background meanwhile (the app opened).
     */
    openApp(): void {
      const state = $state.get();
      if (!isWaiting(state)) return;
      cancelOpenApp();
      const link = appLink(state.approval);
      if (link) deps.navigate(link);
      deps.analytics.track('one_click_open_app', { flow: FLOW });
      openAppTimer = clock.setTimeout(() => {
        openAppTimer = undefined;
        const device = deps.device;
        const store = device ? storeFor(device.userAgent, device.maxTouchPoints) : undefined;
        if (store && !paused() && isWaiting($state.get())) deps.navigate(store);
      }, OPEN_APP_DELAY_MS);
    },

    /** From an outcome view (error, rejected, sign up in the app) back to the phone form. */
    restart: () => dispatch({ type: 'restarted' }),

    destroy(): void {
      destroyed = true;
      stopAll();
      unbind();
      unwatch?.();
    },
  };
}

export type OneClickFlow = ReturnType<typeof createOneClickFlow>;
