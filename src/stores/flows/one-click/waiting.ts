/**
 * What the push wait derives from its state: its countdowns, read from one clock, the resend they
 * hold back, the polls' pace, the number to pick in the app and the app's link. Only the wait and
 * the code that leads to it read these (not the phone form).
 */
import { APP_LINK_SCHEME } from '../../../config.ts';
import type { ApprovalToken } from '../../../contract/identity-api.ts';
import { isRateLimited, isWaiting, type OneClickState, type Waiting } from './state.ts';

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

/** The wait before poll number `pollsDone + 1` of one request. */
export function pollDelay(pollsDone: number): number {
  return pollsDone < POLL_FAST_COUNT ? POLL_FAST_MS : POLL_SLOW_MS;
}

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
