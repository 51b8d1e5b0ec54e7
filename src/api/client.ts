/**
 * One HTTP client for every back end, on ofetch: an `ofetch.create` instance per back end (its
 * base URL from src/config.ts) with the policy every call follows: explicit timeouts (10 s for
 * writes, 5 s for reads) that cover the whole answer, retries only for idempotent calls (at most
 * 2, backoff with jitter, honouring Retry-After on 429/503; a 429 that asks for more than 10 s
 * is not retried), strict JSON, typed failures (src/api/errors.ts).
 *
 * Where ofetch's own behaviour differs from that policy, and what is done instead:
 * - its `timeout` stops at the headers and is ignored when a signal is passed: each try gets one
 *   signal (`deadline`) that joins the caller's abort with a timer, cleared only once the whole
 *   answer has been read (or at the next try);
 * - it reads the body after its error handling, so a body cut short or too slow would fail the
 *   call without a retry: the fetch it is given (`wholeAnswer`) settles only once the body has
 *   arrived, which makes either a failed try like a dropped connection;
 * - its JSON parsing (`destr`) turns a malformed body into a string: bodies are read as text and
 *   parsed strictly in `onResponse`, which knows the status (`parseResponse` does not): a
 *   malformed success is a failure (thrown from the hook, so never retried), a malformed error
 *   body is no body (a proxy's HTML 503 is still a 503, and retried);
 * - it retries a GET once and also on 409: `retry` is set per call (idempotent calls only) and
 *   the statuses are ours; a dropped connection while offline is not retried (`onRequestError`
 *   throws, which skips ofetch's retry);
 * - `retryDelay` is a function: the server's wait on 429 and 503 (`Retry-After` in seconds or as
 *   a date, else the body's `retry_after`; at most 10 s), otherwise the backoff;
 * - a 429 whose wait is longer than those 10 s is not retried at all (`onResponseError` turns
 *   the try's `retry` off): a retry before the server's time would be refused again, so the call
 *   fails at once with the 429 and its wait, which the page counts down (src/api/waits.ts).
 *
 * The ofetch side of it (the instances, the tries' deadlines, `wholeAnswer`, strict JSON, the
 * retries and their delays) is src/api/transport.ts, loaded by the first call or when the browser
 * is idle after the page has loaded: ofetch is not in any page's first-load JS.
 */
import type { Backend } from '../contract/backends.ts';
import { whileCalling } from '../lib/idle.ts';
import { later } from '../lib/later.ts';
import { ApiError, toFailure } from './errors.ts';

/** What the handling of an answer needs besides the transport (an error's message). */
const withCalls: (() => Promise<unknown>)[] = [];

/**
 * Loads `load` with the page's calls: it starts with each call (once loaded, it is not loaded
 * again), and a call that fails waits for it before it fails (a load that fails does not change
 * the failure, and is tried again by the next call), so what a failure's answer needs (its
 * message) is here before it; a call that succeeds never waits for it.
 */
export function loadWithCalls(load: () => Promise<unknown>): void {
  withCalls.push(load);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Header values; an undefined one is not sent. */
export type HeaderValues = Record<string, string | undefined>;

export interface RequestOptions {
  method?: Method;
  /** JSON, or a form (`URLSearchParams`, sent as `application/x-www-form-urlencoded`). */
  body?: Record<string, unknown> | unknown[] | URLSearchParams;
  query?: Record<string, string | undefined>;
  headers?: HeaderValues;
  /** Milliseconds; defaults to 5000 for GET and 10000 otherwise. */
  timeout?: number;
  /** Retry on transient failures. Defaults to true for GET only. */
  idempotent?: boolean;
  signal?: AbortSignal;
  /**
   * Sends the back end's own cookies across origins (`credentials: 'include'`): only the identity
   * API's logins, which read its trusted-device cookie (docs/stay-signed-in.md).
   */
  withCredentials?: true;
}

/** ofetch and what runs it (src/api/transport.ts): loaded by the first call, or once idle. */
const transport = later(() => import('./transport.ts'));

/** Headers added to every call (language, device and session ids): set once per page. */
const commonHeaders: Record<string, string> = {};
export function setCommonHeaders(headers: HeaderValues): void {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) delete commonHeaders[name];
    else commonHeaders[name] = value;
  }
}

function present(values: HeaderValues): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** One call (see the top of this file); code fetched when idle waits for it (src/lib/idle.ts). */
export function request<T>(
  backend: Backend,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const call = send<T>(backend, path, options);
  whileCalling(call);
  return call;
}

async function send<T>(backend: Backend, path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  let failureOf = toFailure;
  // Started with the call, waited for only if it fails.
  const extras = withCalls.map((load) => load().catch(() => undefined));
  try {
    const ofetch = await transport.load();
    failureOf = ofetch.failureOf;
    return await ofetch.send<T>(backend, path, {
      method,
      headers: present({ ...commonHeaders, ...options.headers }),
      // Cookies go to another origin only where a call asks: the identity API's logins, for its
      // trusted-device cookie. The identity service's APIs take a bearer.
      credentials: options.withCredentials ? 'include' : 'same-origin',
      idempotent: options.idempotent ?? method === 'GET',
      limit: options.timeout ?? (method === 'GET' ? 5000 : 10_000),
      ...(options.signal === undefined ? {} : { caller: options.signal }),
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.query === undefined ? {} : { query: options.query }),
    });
  } catch (error) {
    // Only a failure needs what `loadWithCalls` brings (its message): a success never waits.
    await Promise.all(extras);
    throw new ApiError(failureOf(error));
  }
}

/**
 * The calls to one back end that all carry the same headers, read as each call starts (a call's
 * own headers win): e.g. the identity API's device and session ids.
 */
export function backendWithHeaders(backend: Backend, headers: () => HeaderValues) {
  return <T>(path: string, options: RequestOptions = {}): Promise<T> =>
    request<T>(backend, path, { ...options, headers: { ...headers(), ...options.headers } });
}
