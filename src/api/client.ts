/**
 * One HTTP client for every back end: base URL per back end (src/config.ts), explicit timeouts
 * (10 s for writes, 5 s for reads), retries only for idempotent calls (at most 2, backoff with
 * jitter, honouring Retry-After on 429/503), typed failures (src/api/errors.ts).
 */
import { ofetch } from 'ofetch';
import { BACKEND_URL } from '../config.ts';
import type { Backend } from '../contract/backends.ts';
import { ApiError, MalformedResponseError, toFailure, type ApiFailure } from './errors.ts';

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

export async function request<T>(
  backend: Backend,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const idempotent = options.idempotent ?? method === 'GET';
  const query = options.query ? cleanHeaders(options.query) : undefined;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await ofetch<T>(path, {
        baseURL: BACKEND_URL[backend],
        method,
        retry: false,
        timeout: options.timeout ?? (method === 'GET' ? 5000 : 10_000),
        parseResponse: strictJson,
        credentials: 'include',
        headers: cleanHeaders({ ...commonHeaders, ...options.headers }),
        ...(options.body === undefined ? {} : { body: options.body }),
        ...(query ? { query } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      const failure = toFailure(error);
      if (
        options.signal?.aborted ||
        !idempotent ||
        attempt >= MAX_RETRIES ||
        !shouldRetry(failure)
      ) {
        throw new ApiError(failure);
      }
      await sleep(retryDelay(failure, attempt + 1));
    }
  }
}
