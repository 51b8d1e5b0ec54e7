/**
 * What the link-page flows share: how a failed call is classed (a server answer, or no answer at
 * all), the support code a page quotes, and which failures are worth an error report.
 */
import { transportMessage } from '../../api/error-catalogue.ts';
import type { ApiFailure } from '../../api/errors.ts';
import type { Text } from '../../i18n/types.ts';

/** No server answer (timeout, offline, dropped, unreadable): the page offers to try again. */
export function noAnswer(failure: ApiFailure): Text | undefined {
  return transportMessage(failure);
}

/**
 * The code a person quotes to support: the server's own support or error code, otherwise
 * `HTTP-{status}`. Undefined when no server answered.
 */
export function supportCode(failure: ApiFailure): string | undefined {
  if (failure.kind !== 'http') return undefined;
  const body = failure.body;
  for (const value of [body?.['support_code'], body?.error_code, body?.errorCode]) {
    if (typeof value === 'string' && /^[\w.-]{1,64}$/.test(value)) return value;
  }
  return `HTTP-${failure.status}`;
}

/** Unexpected failures are reported (5xx, unreadable answers); expected 4xx answers are not. */
export function isUnexpected(failure: ApiFailure): boolean {
  return failure.kind === 'malformed' || (failure.kind === 'http' && failure.status >= 500);
}
