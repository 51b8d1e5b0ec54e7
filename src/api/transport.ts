/**
 * The ofetch half of the HTTP client (src/api/client.ts, which holds the policy and explains it):
 * one `ofetch.create` instance per back end, strict JSON, the retry statuses and delays, and
 * ofetch's failures turned into the ones errors.ts knows. It is loaded on demand (the first call,
 * or when the browser is idle after the page has loaded), never with the page: no first view
 * needs it before a call.
 */
import {
  FetchError,
  ofetch,
  type $Fetch,
  type FetchContext,
  type FetchOptions,
  type FetchResponse,
} from 'ofetch';
import { BACKEND_URL } from '../config.ts';
import type { Backend } from '../contract/backends.ts';
import {
  ApiError,
  bodyRetryAfterMs,
  isOffline,
  parseRetryAfter,
  toFailure,
  type ApiFailure,
  type ErrorBody,
} from './errors.ts';

export const MAX_RETRIES = 2;

/** Delay before retry number `attempt` (1-based): ~500 ms, ~1500 ms, with ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = 500 * 3 ** (attempt - 1);
  return Math.round(base * (0.8 + random() * 0.4));
}

export interface Deadline {
  signal: AbortSignal;
  /** Stops the timer and lets go of the caller's signal. */
  clear: () => void;
}

/**
 * One signal for one try: aborted when the caller's signal is (with its reason), or after `ms`
 * with a `TimeoutError`. `AbortSignal.any` where the browser has it (Chrome 116, Firefox 124,
 * Safari 17.4; the build targets older ones too), otherwise the caller's abort is forwarded.
 */
export function deadline(ms: number, caller?: AbortSignal): Deadline {
  const own = new AbortController();
  const timer = setTimeout(() => {
    const error = new Error('The request timed out');
    error.name = 'TimeoutError';
    own.abort(error);
  }, ms);
  const stop = () => clearTimeout(timer);
  if (!caller) return { signal: own.signal, clear: stop };
  if (typeof AbortSignal.any === 'function') {
    return { signal: AbortSignal.any([caller, own.signal]), clear: stop };
  }
  const forward = () => own.abort(caller.reason);
  if (caller.aborted) forward();
  else caller.addEventListener('abort', forward, { once: true });
  return {
    signal: own.signal,
    clear: () => {
      stop();
      caller.removeEventListener('abort', forward);
    },
  };
}

const RETRY_STATUS = [408, 425, 429, 500, 502, 503, 504];
/** The longest wait before a retry; a rate limit that asks for longer is not retried at all. */
const MAX_RETRY_AFTER_MS = 10_000;

const asErrorBody = (data: unknown): ErrorBody | undefined =>
  data && typeof data === 'object' && !Array.isArray(data) ? (data as ErrorBody) : undefined;

/** The wait an answer asks for: its `Retry-After` (seconds or a date), else its body's own. */
function serverWait(response: FetchResponse<unknown> | undefined): number | undefined {
  if (!response) return undefined;
  return (
    parseRetryAfter(response.headers.get('retry-after')) ??
    bodyRetryAfterMs(asErrorBody(response._data))
  );
}

function retryDelay({ response, options }: FetchContext): number {
  const status = response?.status;
  if (status === 429 || status === 503) {
    const after = serverWait(response);
    if (after !== undefined) return Math.min(after, MAX_RETRY_AFTER_MS);
  }
  // `options.retry` counts the retries left, this one included.
  return backoffDelay(MAX_RETRIES + 1 - Number(options.retry));
}

/**
 * A rate limit (429) that asks for a longer wait than a retry may wait: retrying sooner than the
 * server said would only be refused again, and the person would wait for nothing. No retry: the
 * call fails at once with the 429 and its wait (errors.ts), and the page counts it down.
 */
function refuseLongRateLimit({ response, options }: FetchContext): void {
  if (response?.status !== 429) return;
  const wait = serverWait(response);
  if (wait !== undefined && wait > MAX_RETRY_AFTER_MS) options.retry = false;
}

function strictJson(text: unknown): unknown {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError({ kind: 'malformed' });
  }
}

function errorBody(text: unknown): unknown {
  try {
    return strictJson(text);
  } catch {
    return undefined;
  }
}

/** Statuses whose answer has no body (a `Response` with one cannot be made). */
const NO_BODY = new Set([204, 205, 304]);

/** `fetch` that settles once the whole body has arrived (read while the try's signal holds). */
async function wholeAnswer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const body = await response.arrayBuffer();
  return new Response(NO_BODY.has(response.status) ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function createBackend(backend: Backend): $Fetch {
  return ofetch.create(
    {
      baseURL: BACKEND_URL[backend],
      headers: { accept: 'application/json' },
      responseType: 'text',
      retryStatusCodes: RETRY_STATUS,
      retryDelay,
      onResponseError: refuseLongRateLimit,
      onRequestError({ error }) {
        if (isOffline()) throw error;
      },
      onResponse({ response }) {
        response._data = response.ok ? strictJson(response._data) : errorBody(response._data);
      },
    },
    { fetch: wholeAnswer },
  );
}

const backends: Partial<Record<Backend, $Fetch>> = {};

/** A call as src/api/client.ts hands it over. */
export type TransportCall = Omit<FetchOptions<'json'>, 'retry' | 'signal' | 'onRequest'> & {
  /** Retried (at most MAX_RETRIES times) on transient failures. */
  idempotent: boolean;
  /** Milliseconds a try may take, its whole answer included. */
  limit: number;
  /** The caller's abort. */
  caller?: AbortSignal;
};

/** A call (ofetch's retries included) to `backend`. */
export async function send<T>(
  backend: Backend,
  path: string,
  { idempotent, limit, caller, ...options }: TransportCall,
): Promise<T> {
  let attempt: Deadline | undefined;
  try {
    return await (backends[backend] ??= createBackend(backend))<T>(path, {
      ...options,
      retry: idempotent ? MAX_RETRIES : 0,
      // Before each try, ofetch's retries included: a caller that gave up (before the call or
      // during a backoff) gets no new try, and each try gets its own deadline.
      onRequest(context) {
        if (caller?.aborted) throw caller.reason;
        attempt?.clear();
        attempt = deadline(limit, caller);
        context.options.signal = attempt.signal;
      },
    });
  } finally {
    attempt?.clear();
  }
}

/**
 * A failed call's error as a failure: ofetch's error for an answer with a 4xx or 5xx status gives
 * its status, body and `Retry-After`; anything else is read by errors.ts (`toFailure`).
 */
export function failureOf(error: unknown): ApiFailure {
  if (!(error instanceof FetchError) || !error.response) return toFailure(error);
  const { status, headers } = error.response;
  const retryAfterMs = parseRetryAfter(headers.get('retry-after'));
  return {
    kind: 'http',
    status,
    body: asErrorBody(error.data),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
}
