/**
 * One HTTP client for every back end: base URL per back end (src/config.ts), explicit timeouts
 * (10 s for writes, 5 s for reads, covering the whole answer), retries only for idempotent calls
 * (at most 2, backoff with jitter, honouring Retry-After on 429/503), typed failures
 * (src/api/errors.ts). Plain `fetch`: ofetch (design.md) added 4 KB gzip to every page for
 * features this wrapper already implements, and its timeout stops at the headers.
 */
import { BACKEND_URL } from '../config.ts';
import type { Backend } from '../contract/backends.ts';
import {
  ApiError,
  HttpError,
  MalformedResponseError,
  toFailure,
  type ApiFailure,
} from './errors.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: Record<string, unknown> | unknown[];
  query?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
  /** Milliseconds; defaults to 5000 for GET and 10000 otherwise. */
  timeout?: number;
  /** Retry on transient failures. Defaults to true for GET only. */
  idempotent?: boolean;
  signal?: AbortSignal;
  /** Send cookies cross-origin (the identity service's session). Same-origin always sends them. */
  withCredentials?: boolean;
}

const RETRY_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
export const MAX_RETRIES = 2;
const MAX_RETRY_AFTER_MS = 10_000;

/** Delay before retry number `attempt` (1-based): ~500 ms, ~1500 ms, with ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = 500 * 3 ** (attempt - 1);
  return Math.round(base * (0.8 + random() * 0.4));
}

export function shouldRetry(failure: ApiFailure): boolean {
  return (
    failure.kind === 'timeout' ||
    failure.kind === 'network' ||
    (failure.kind === 'http' && RETRY_STATUS.has(failure.status))
  );
}

function retryDelay(failure: ApiFailure, attempt: number): number {
  if (failure.kind === 'http' && (failure.status === 429 || failure.status === 503)) {
    if (failure.retryAfterMs !== undefined)
      return Math.min(failure.retryAfterMs, MAX_RETRY_AFTER_MS);
  }
  return backoffDelay(attempt);
}

function strictJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedResponseError();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Headers added to every call (language, device and session ids): set once per page. */
const commonHeaders: Record<string, string> = {};
export function setCommonHeaders(headers: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) delete commonHeaders[name];
    else commonHeaders[name] = value;
  }
}

function cleanHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

function buildUrl(backend: Backend, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams(cleanHeaders(query ?? {}));
  const search = params.toString();
  return `${BACKEND_URL[backend]}${path}${search ? `?${search}` : ''}`;
}

async function attempt<T>(url: string, method: Method, options: RequestOptions): Promise<T> {
  // A caller that gave up (before the call, or during a retry's backoff) gets no new request.
  if (options.signal?.aborted) throw options.signal.reason;
  const controller = new AbortController();
  const timer = setTimeout(
    () => {
      const error = new Error('The request timed out');
      error.name = 'TimeoutError';
      controller.abort(error);
    },
    options.timeout ?? (method === 'GET' ? 5000 : 10_000),
  );
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const headers: Record<string, string | undefined> = {
      accept: 'application/json',
      ...commonHeaders,
      ...options.headers,
    };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers: cleanHeaders(headers),
      credentials: options.withCredentials ? 'include' : 'same-origin',
      signal: controller.signal,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    if (!response.ok) {
      let data: unknown;
      try {
        data = strictJson(text);
      } catch {
        data = undefined;
      }
      throw new HttpError(response.status, data, response.headers.get('retry-after'));
    }
    return strictJson(text) as T;
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof Error) {
      throw controller.signal.reason;
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

export async function request<T>(
  backend: Backend,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const idempotent = options.idempotent ?? method === 'GET';
  const url = buildUrl(backend, path, options.query);
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt<T>(url, method, options);
    } catch (error) {
      const failure = toFailure(error);
      if (options.signal?.aborted || !idempotent || tries >= MAX_RETRIES || !shouldRetry(failure)) {
        throw new ApiError(failure);
      }
      await sleep(retryDelay(failure, tries + 1));
    }
  }
}
