import { ApiError, type ApiFailure, type ErrorBody } from '../../../../src/api/errors.ts';

export const http = (status: number, body?: ErrorBody): ApiFailure => ({
  kind: 'http',
  status,
  body,
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
