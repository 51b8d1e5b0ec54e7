/**
 * Waits: a rate limit or a lock says how long to wait. Which failures are waits (a 429, the
 * rate-limit and lock codes of spec section 8, the OTP limits by country, device or both), when
 * the wait ends (`Retry-After` in seconds or as an HTTP date, else the body's
 * `additional_information.retry_after`, else for a temporary block the spec's 30 minutes), and
 * how it is said ('Try again in N minutes').
 */
import type { Text } from '../i18n/types.ts';
import { errorName, type ErrorName } from './error-catalogue.ts';
import { bodyRetryAfterMs, type ApiFailure } from './errors.ts';

/** A wait: until when (ms since the epoch), or `undefined` when the server did not say. */
export interface Wait {
  until: number | undefined;
}

const WAIT_NAMES: readonly ErrorName[] = [
  'ERROR_RATE_LIMIT_REACHED',
  'MAX_LIMIT_EXCEEDED',
  'USER_TEMPORARILY_BLOCKED',
];

/** Whether the failure is a rate limit or a lock (something that passes with time). */
export function isWaitFailure(failure: ApiFailure): boolean {
  if (failure.kind !== 'http') return false;
  if (failure.status === 429) return true;
  const name = errorName(failure);
  if (name && WAIT_NAMES.includes(name)) return true;
  // The OTP limits by country, device, or both: ERROR_RATE_LIMIT_REACHED_COUNTRY and the like.
  const message = failure.body?.message;
  return typeof message === 'string' && message.startsWith('ERROR_RATE_LIMIT_REACHED');
}

/**
 * How long a temporary block lasts (spec section 4, Accounts, and section 9): what a
 * USER_TEMPORARILY_BLOCKED answer that gives no time of its own means.
 */
export const TEMPORARY_BLOCK_MINUTES = 30;

/**
 * The wait a failure asks for, from `now` (when its answer came); `undefined` when it is not a
 * wait at all. A time the server gives wins; a temporary block without one lasts the spec's 30
 * minutes.
 */
export function waitOf(failure: ApiFailure, now: number): Wait | undefined {
  if (failure.kind !== 'http' || !isWaitFailure(failure)) return undefined;
  const ms =
    failure.retryAfterMs ??
    bodyRetryAfterMs(failure.body, now) ??
    (errorName(failure) === 'USER_TEMPORARILY_BLOCKED'
      ? TEMPORARY_BLOCK_MINUTES * 60_000
      : undefined);
  return { until: ms === undefined ? undefined : now + ms };
}

/** Whole seconds left until `until` (0 once it has passed). */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * What the person reads, from the seconds left (`undefined`: the server did not say how long):
 * 'Try again in N minutes' from a minute on (rounded up), 'in N seconds' below, and without a
 * time, that none was given. `undefined` once the wait is over.
 */
export function waitText(secondsLeft: number | undefined): Text | undefined {
  if (secondsLeft === undefined) return { key: 'common:wait.unknown' };
  if (secondsLeft <= 0) return undefined;
  if (secondsLeft >= 60) {
    return { key: 'common:wait.minutes', params: { count: Math.ceil(secondsLeft / 60) } };
  }
  return { key: 'common:wait.seconds', params: { count: secondsLeft } };
}

/**
 * What a screen reader hears of a wait, without the chatter of a ticking timer: the time left in
 * whole minutes (said again only when the minute changes), nothing during the last minute's
 * seconds, and 'You can try again now' once the wait is over. Without a time from the server,
 * that none was given.
 */
export function spokenWait(wait: Wait | undefined, secondsLeft: number): Text | undefined {
  if (!wait) return undefined;
  if (wait.until === undefined) return { key: 'common:wait.unknown' };
  if (secondsLeft <= 0) return { key: 'common:wait.over' };
  return {
    key: 'common:wait.minutes',
    params: { count: Math.max(1, Math.ceil(secondsLeft / 60)) },
  };
}
