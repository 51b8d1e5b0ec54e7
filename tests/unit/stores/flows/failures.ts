/** What the flow tests share: failures of every kind, and a promise settled by hand. */
import { ApiError, type ApiFailure, type ErrorBody } from '../../../../src/api/errors.ts';

/**
 * A server answer with `status`: its `body`, or for a string the code a recovery answer carries
 * (as `error` and `message`); `retryAfterMs` from a Retry-After header.
 */
export const http = (
  status: number,
  body?: ErrorBody | string,
  retryAfterMs?: number,
): ApiFailure => ({
  kind: 'http',
  status,
  body: typeof body === 'string' ? { error: body, message: body } : body,
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});
export const timeout: ApiFailure = { kind: 'timeout' };
export const offline: ApiFailure = { kind: 'offline' };
export const network: ApiFailure = { kind: 'network' };
export const malformed: ApiFailure = { kind: 'malformed' };

export const fail = (failure: ApiFailure) => new ApiError(failure);

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
