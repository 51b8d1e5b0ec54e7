/**
 * One-click checkout's views and state: the phone form, then the push wait (or, on a phone, its
 * open-the-app variant) with its countdowns read from one clock, then the identity service, the
 * login page's code step, or an ending (rejected, max tries, sign up in the app, an error).
 */
import type { ApiFailure } from '../../../api/errors.ts';
import type { Wait } from '../../../api/waits.ts';
import { APP_LINK_SCHEME } from '../../../config.ts';
import type { ApprovalToken, Guard } from '../../../contract/identity-api.ts';
import type { Text } from '../../../i18n/types.ts';
import type { FlowName, PageName } from '../../../lib/analytics.ts';
import { DEFAULT_COUNTRY, type PhoneInputValue } from '../../../lib/phone.ts';
import { parseCheckout, type Checkout } from '../../../lib/promo.ts';
import { commonOf } from '../create-flow.ts';

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

/** A one-click login call: its idempotency key is reused only if the same call is retried. */
export interface Attempt {
  key: string;
  phone: string;
  isRetry: boolean;
}

/** What every view keeps. */
export interface OneClickCommon {
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
  /** A resend's login call in flight. */
  submitting: boolean;
  /** The request is confirmed and its proof token is on its way. */
  confirming: boolean;
  error: Text | undefined;
  /**
   * A rate limit of the resend: 'Resend notification' waits until it ends (the rest of the view,
   * and the request's polls, go on).
   */
  wait?: Wait | undefined;
}

export type OneClickState = OneClickCommon &
  (
    | {
        view: 'phone_form';
        submitting: boolean;
        error: Text | undefined;
        fieldError: Text | undefined;
        /** A rate limit of the login: Continue waits until it ends (src/stores/flows/waits.ts). */
        wait?: Wait | undefined;
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
  /** The page read the checkout; on a phone the wait opens with the open-app button. */
  | { type: 'initialized'; checkout: Checkout; prefersApp: boolean }
  | { type: 'phoneChanged'; value: PhoneInputValue }
  | { type: 'rememberChanged'; value: boolean }
  /** The number is empty or not a mobile number: its error, and nothing is sent. */
  | { type: 'invalid'; error: Text }
  /** The login call starts (its attempt keeps the idempotency key for a retry). */
  | { type: 'submitted'; attempt: Attempt }
  /** A push was sent (the first, or a resend): the wait, its clock starting at `now`. */
  | { type: 'pushSent'; approval: ApprovalToken; now: number }
  /** The login asks for a code: the login page's code step takes over. */
  | { type: 'otpChallenged'; href: string; phone: string }
  /** No account: the login page's code step (one-click sign-up flag on), or sign up in the app. */
  | { type: 'invalidUser'; phone: string; signupHref: string | undefined }
  /**
   * The login failed: no answer keeps the view and the key; a rate limit keeps the view with its
   * wait (the phone form, or the push wait after a resend); any other answer is the error view.
   */
  | { type: 'failed'; failure: ApiFailure; wait?: Wait | undefined }
  /** A rate limit kept from an earlier load of the page holds for the number: nothing was sent. */
  | { type: 'waitRestored'; wait: Wait }
  /** The rate limit's deadline has passed. */
  | { type: 'waitOver' }
  /** The clock the countdowns read from. */
  | { type: 'tick'; now: number }
  /** 'Resend notification': the login again with is_retry=true. */
  | { type: 'resendStarted'; attempt: Attempt }
  /** The shopper approved in the app: the proof token is on its way. */
  | { type: 'confirmed' }
  | { type: 'proofIssued'; token: string }
  | { type: 'proofFailed' }
  /** Rejected in the app, max tries reached, or 'Change' (back to the phone form). */
  | { type: 'rejected'; reason: RejectReason }
  /** Between the push wait and its open-app variant. */
  | { type: 'switchedTo'; view: WaitingView }
  /** From an ending back to the phone form. */
  | { type: 'restarted' };

/** The pre-rendered state: the empty phone form. */
export function initialState(checkout: Checkout = parseCheckout(null)): OneClickState {
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

/** A rate limit with a deadline holds the phone form's Continue, or the push wait's resend. */
export const isRateLimited = (state: OneClickState): boolean =>
  (state.view === 'phone_form' || isWaiting(state)) && state.wait?.until !== undefined;

/** Where a rate limit of the one-click login (a resend's too) is kept: per number. */
export const oneClickWaitScope = (phone: string): string => `one-click:${phone}`;

export function isWaiting(state: OneClickState): state is WaitingState {
  return state.view === 'push_notification' || state.view === 'confirm_via_app';
}

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
  return (
    isWaiting(state) &&
    !state.submitting &&
    !state.confirming &&
    resendIn(state) === 0 &&
    !isRateLimited(state)
  );
}

/** The moment of the next visible change of the countdowns, or undefined when all are over. */
export function nextTickAt(state: Waiting): number | undefined {
  const end = state.sentAt + SENT_NOTICE_SECONDS * 1000;
  if (state.now >= end) return undefined;
  const elapsed = Math.max(0, state.now - state.sentAt);
  return state.sentAt + (Math.floor(elapsed / 1000) + 1) * 1000;
}

/**
 * The number the person picks in the app (number matching), when the push carries one: two
 * digits, anything else the server sends is not shown (the wait stays as without one).
 */
export function challengeNumber(approval: ApprovalToken | undefined): string | undefined {
  const value = approval?.number_challenge;
  return typeof value === 'string' && /^\d{2}$/.test(value) ? value : undefined;
}

/** Only the app's own scheme is opened; anything else the server sends is ignored. */
export function appLink(approval: ApprovalToken | undefined): string | undefined {
  const link = approval?.web_deeplink;
  return link?.toLowerCase().startsWith(APP_LINK_SCHEME) ? link : undefined;
}

/** The analytics page name of each view (the phone form is a welcome page). */
export function pageOf(view: OneClickView): PageName | undefined {
  return view === 'phone_form' ? 'welcome' : undefined;
}
