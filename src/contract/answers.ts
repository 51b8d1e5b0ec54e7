/**
 * The answers the rows of the table of calls (./operations.ts, ./passkey-operations.ts) share: an
 * error body, a success, the login family's challenge, a server fault, a rate limit.
 */
import { union } from 'valibot';
import { ChallengeRequiredBody, ErrorBody } from './errors.ts';
import type { Answer, Schema } from './operation.ts';

/** An error, in the `ErrorBody` shape. */
export const bad = (description: string): Answer => ({ description, schema: ErrorBody });
export const ok = (schema?: Schema, description = 'Success'): Answer =>
  schema ? { description, schema } : { description };
export const challenge: Answer = {
  description:
    'challenge_required, unregistered_user, or another error. USER_BLOCKED (US-0068) may carry ' +
    '`additional_information.block_reason`: `cash_trip_underpayment` (a cash trip was underpaid) ' +
    'or `outstanding_payments` (payments are due); without it the block has no reason to tell. ' +
    'USER_TEMPORARILY_BLOCKED (US-0013) sends `Retry-After` (seconds) and the same seconds in ' +
    "`additional_information.retry_after`; an answer with neither is read as the spec's " +
    '30-minute block, counted from the answer.',
  schema: union([ChallengeRequiredBody, ErrorBody]),
};
export const serverError = bad('Unexpected failure (APP-0001)');
/** A rate limit of a call that is not the OTP's (whose 429 names its codes): when to try again. */
export const rateLimited = (what: string): Answer =>
  bad(
    `A rate limit of ${what}: ERROR_RATE_LIMIT_REACHED (APP-0020) or another code, or none; ` +
      '`Retry-After` (seconds or an HTTP date) and/or `additional_information.retry_after` ' +
      '(seconds) say when to try again, and without either the wait is not known. The sandbox ' +
      'gives it on demand: `POST /_sandbox/faults` with `status: 429`, a `body` and `retryAfter`.',
  );
