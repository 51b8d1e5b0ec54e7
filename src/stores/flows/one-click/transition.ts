/**
 * One-click checkout's transition: what the page read, what is typed, the login's answers, the
 * push wait and its endings. A login that got no answer at all keeps the view, what was
 * typed and the idempotency key (the retry sends the same one); a rate limit keeps the view and
 * says how long (the phone form's Continue, or the push wait's resend, held until then); any
 * other failure is the error view. Answers only count in the view that waits for them.
 */
import { oneClickErrorMessage } from '../../../api/error-catalogue.ts';
import type { ApiFailure } from '../../../api/errors.ts';
import type { Wait } from '../../../api/waits.ts';
import { commonOf } from '../create-flow.ts';
import {
  initialState,
  isRateLimited,
  isWaiting,
  type OneClickCommon,
  type OneClickEvent,
  type OneClickState,
  type RejectReason,
  type WaitingState,
} from './state.ts';
import { canResend } from './waiting.ts';

const COMMON_FIELDS: Record<keyof OneClickCommon, true> = {
  checkout: true,
  phoneInput: true,
  remember: true,
  prefersApp: true,
  attempt: true,
};

/** What every view keeps of `state`, without the fields of its view. */
export const common = (state: OneClickState): OneClickCommon =>
  commonOf<OneClickCommon>(state, COMMON_FIELDS);

/** Back to the phone form, keeping what every view keeps. */
function phoneForm(state: OneClickState, patch: Partial<OneClickCommon> = {}): OneClickState {
  return {
    ...common(state),
    ...patch,
    view: 'phone_form',
    submitting: false,
    error: undefined,
    fieldError: undefined,
  };
}

function isTransport(failure: ApiFailure): boolean {
  return failure.kind !== 'http';
}

function failed(state: OneClickState, failure: ApiFailure, wait?: Wait): OneClickState {
  const error = oneClickErrorMessage(failure);
  // A rate limit: the form stays, saying how long to wait.
  if (wait && state.view === 'phone_form' && state.submitting) {
    return { ...state, attempt: undefined, submitting: false, error, wait };
  }
  // No answer at all: stay, keep what was typed and the key, let the shopper try again.
  const transport = isTransport(failure);
  const attempt = transport ? state.attempt : undefined;
  if (state.view === 'phone_form') {
    if (!state.submitting) return state;
    if (transport) return { ...state, attempt, submitting: false, error };
    return { ...common(state), attempt, view: 'error', error };
  }
  if (isWaiting(state)) {
    if (!state.submitting) return state;
    // A rate-limited resend: the wait stays usable, the resend held until the limit ends.
    if (wait) return { ...state, attempt: undefined, submitting: false, error, wait };
    if (transport) return { ...state, attempt, submitting: false, error };
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

/** A login's answer counts on the phone form while it is sent, and in the wait. */
const loginAnswered = (state: OneClickState) =>
  (state.view === 'phone_form' && state.submitting) || isWaiting(state);

/** The login page's code step takes over (for an OTP challenge, or to sign up). */
function toLoginOtp(
  state: OneClickState,
  href: string,
  phone: string,
  reason: 'otp_challenge' | 'signup',
): OneClickState {
  return { ...common(state), attempt: undefined, view: 'redirect_to_otp', href, phone, reason };
}

/** What the page read, what is typed, a number refused before any call. */
function typing(
  state: OneClickState,
  event: Extract<
    OneClickEvent,
    { type: 'initialized' | 'phoneChanged' | 'rememberChanged' | 'invalid' }
  >,
): OneClickState {
  switch (event.type) {
    case 'initialized':
      return {
        ...initialState(event.checkout),
        phoneInput: state.phoneInput,
        remember: state.remember,
        prefersApp: event.prefersApp,
      };
    case 'phoneChanged':
      if (state.view !== 'phone_form' || state.submitting) return state;
      // Another number: the last one's wait no longer holds here (a kept one is checked on submit).
      return {
        ...state,
        phoneInput: event.value,
        fieldError: undefined,
        error: undefined,
        wait: undefined,
      };
    case 'rememberChanged':
      if (state.view !== 'phone_form' || state.submitting) return state;
      return { ...state, remember: event.value };
    case 'invalid':
      if (state.view !== 'phone_form') return state;
      return { ...state, submitting: false, fieldError: event.error };
  }
}

/**
 * Every branch of one-click checkout: pure, the only way its state changes. Every event has its
 * case (no `default`): an event added to `OneClickEvent` fails the typecheck until it is handled.
 */
export function transition(state: OneClickState, event: OneClickEvent): OneClickState {
  switch (event.type) {
    case 'initialized':
    case 'phoneChanged':
    case 'rememberChanged':
    case 'invalid':
      return typing(state, event);
    case 'submitted':
      if (state.view !== 'phone_form' || state.submitting || isRateLimited(state)) return state;
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
          submitting: false,
          confirming: false,
          error: undefined,
          wait: undefined,
        };
      }
      if (isWaiting(state) && state.submitting) {
        return {
          ...state,
          attempt: undefined,
          approval: event.approval,
          retries: state.retries + 1,
          sentAt: event.now,
          now: event.now,
          submitting: false,
          error: undefined,
          wait: undefined,
        };
      }
      return state;
    }
    case 'otpChallenged':
      if (!loginAnswered(state)) return state;
      return toLoginOtp(state, event.href, event.phone, 'otp_challenge');
    case 'invalidUser':
      if (!loginAnswered(state)) return state;
      // With the one-click sign-up flag on, the code step of the login page; else sign up in the app.
      if (event.signupHref) return toLoginOtp(state, event.signupHref, event.phone, 'signup');
      return { ...common(state), attempt: undefined, view: 'redirect_to_signup' };
    case 'failed':
      return failed(state, event.failure, event.wait);
    case 'waitRestored':
      if (state.view !== 'phone_form') return state;
      return {
        ...state,
        attempt: undefined,
        submitting: false,
        error: { key: 'common:wait.kept' },
        wait: event.wait,
      };
    case 'waitOver':
      if ((state.view !== 'phone_form' && !isWaiting(state)) || !state.wait) return state;
      return { ...state, error: undefined, wait: undefined };
    case 'tick':
      if (!isWaiting(state) || event.now === state.now) return state;
      return { ...state, now: event.now };
    case 'resendStarted':
      if (!isWaiting(state) || !canResend(state)) return state;
      return {
        ...state,
        attempt: event.attempt,
        submitting: true,
        error: undefined,
        wait: undefined,
      };
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
