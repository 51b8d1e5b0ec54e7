/**
 * The one place that turns a failed call into a typed failure (with src/api/transport.ts, which
 * reads an answer's status, body and wait, and loads with the first call). Everything above works
 * with `ApiFailure`, never with fetch errors.
 */

/** The error body the back ends answer with (src/contract/errors.ts); every field optional. */
export interface ErrorBody {
  error?: string;
  error_code?: string;
  error_description?: string;
  message?: string;
  additional_information?: {
    challenge?: string;
    error_code?: string;
    onboard_experience_id?: string;
    [key: string]: unknown;
  };
  errorCode?: string;
  error_message?: string;
  errorMessage?: string;
  [key: string]: unknown;
}

export type ApiFailure =
  | { kind: 'http'; status: number; body: ErrorBody | undefined; retryAfterMs?: number }
  | { kind: 'timeout' }
  | { kind: 'offline' }
  | { kind: 'network' }
  | { kind: 'malformed' };

export class ApiError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failure.kind === 'http' ? `HTTP ${failure.status}` : failure.kind);
    this.name = 'ApiError';
    this.failure = failure;
  }
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait an error body asks for, in milliseconds from `now`: its
 * `additional_information.retry_after` (or a top-level `retry_after`), in seconds or as a date.
 */
export function bodyRetryAfterMs(
  body: ErrorBody | undefined,
  now = Date.now(),
): number | undefined {
  for (const value of [body?.additional_information?.['retry_after'], body?.['retry_after']]) {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value * 1000;
    if (typeof value === 'string') {
      const ms = parseRetryAfter(value, now);
      if (ms !== undefined) return ms;
    }
  }
  return undefined;
}

function isTimeout(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.name === 'TimeoutError') return true;
  }
  return false;
}

/**
 * A thrown value as a failure: the client's (`ApiError`, whose failure its transport read from the
 * answer: src/api/transport.ts, `failureOf`), a body that is not JSON, a timeout, or a call that
 * never reached a server (offline, or the network).
 */
export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) return error.failure;
  if (error instanceof SyntaxError) return { kind: 'malformed' };
  if (isTimeout(error)) return { kind: 'timeout' };
  return isOffline() ? { kind: 'offline' } : { kind: 'network' };
}
