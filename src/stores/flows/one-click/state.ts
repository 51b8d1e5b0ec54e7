/**
 * One-click checkout's views and state: the phone form, then the push wait (or, on a phone, its
 * open-the-app variant) with its countdowns read from one clock (waiting.ts), then the identity
 * service, the login page's code step, or an ending (rejected, max tries, sign up in the app, an
 * error).
 */
import type { ApiFailure } from '../../../api/errors.ts';
import type { Wait } from '../../../api/waits.ts';
import type { ApprovalToken } from '../../../contract/identity-api.ts';
import type { Text } from '../../../i18n/types.ts';
import type { FlowName, PageName } from '../../../lib/analytics.ts';
import { DEFAULT_COUNTRY, type PhoneInputValue } from '../../../lib/phone.ts';
import { parseCheckout, type Checkout } from '../../../lib/promo.ts';

export const FLOW: FlowName = 'one_click';

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

export function isWaiting(state: OneClickState): state is WaitingState {
  return state.view === 'push_notification' || state.view === 'confirm_via_app';
}

/** Where a rate limit of the one-click login (a resend's too) is kept: per number. */
export const oneClickWaitScope = (phone: string): string => `one-click:${phone}`;

/** The analytics page name of each view (the phone form is a welcome page). */
export function pageOf(view: OneClickView): PageName | undefined {
  return view === 'phone_form' ? 'welcome' : undefined;
}
