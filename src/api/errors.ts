/**
 * The one place that turns a failed call into a typed failure. Everything above works with
 * `ApiFailure`, never with fetch errors.
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

/** An answer with a 4xx or 5xx status (thrown by the client, turned into a failure here). */
export class HttpError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly retryAfter: string | null;
  constructor(status: number, data: unknown, retryAfter: string | null) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.data = data;
    this.retryAfter = retryAfter;
  }
}

export class MalformedResponseError extends Error {
  constructor() {
    super('The response was not valid JSON');
    this.name = 'MalformedResponseError';
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

function asErrorBody(data: unknown): ErrorBody | undefined {
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as ErrorBody) : undefined;
}

function isTimeout(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.name === 'TimeoutError') return true;
  }
  return false;
}

export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) return error.failure;
  if (error instanceof MalformedResponseError || error instanceof SyntaxError) {
    return { kind: 'malformed' };
  }
  if (isTimeout(error)) return { kind: 'timeout' };
  if (error instanceof HttpError) {
    const retryAfterMs = parseRetryAfter(error.retryAfter);
    return {
      kind: 'http',
      status: error.status,
      body: asErrorBody(error.data),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  return isOffline() ? { kind: 'offline' } : { kind: 'network' };
}
