import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request, setCommonHeaders } from '../../../src/api/client.ts';
import { backoffDelay, MAX_RETRIES } from '../../../src/api/transport.ts';
import { ApiError, parseRetryAfter, toFailure } from '../../../src/api/errors.ts';
import { waitOf } from '../../../src/api/waits.ts';

type Reply = () => Promise<Response> | Response;

function mockFetch(replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, init: init ?? {} });
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected call');
    return Promise.resolve(reply());
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setCommonHeaders({ 'x-test': undefined });
});

async function settle<T>(promise: Promise<T>): Promise<T> {
  const result = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const outcome = await result;
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

describe('request', () => {
  it('calls the back end at its base URL with the common headers', async () => {
    const calls = mockFetch([json(200, { clientName: 'Sandbox Web' })]);
    setCommonHeaders({ 'x-test': 'yes' });
    const data = await settle(
      request<{ clientName: string }>('identityApi', '/clients/api/v3/clients/x'),
    );
    expect(data.clientName).toBe('Sandbox Web');
    expect(calls[0]?.url).toBe('/_be/identity-api/clients/api/v3/clients/x');
    expect(new Headers(calls[0]?.init.headers).get('x-test')).toBe('yes');
  });

  it('retries a GET on 503 twice, then gives up with a typed failure', async () => {
    const calls = mockFetch([json(503, {}), json(503, {}), json(503, { error_code: 'APP-0001' })]);
    const error = await settle(request('flags', '/v1/flags')).catch((e: unknown) => e);
    expect(calls).toHaveLength(1 + MAX_RETRIES);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure).toEqual({
      kind: 'http',
      status: 503,
      body: { error_code: 'APP-0001' },
    });
  });

  it('succeeds on the third try of 503, 503, 200', async () => {
    const calls = mockFetch([json(503, {}), json(503, {}), json(200, { ok: true })]);
    await expect(settle(request('flags', '/v1/flags'))).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(3);
  });

  it('never retries a POST', async () => {
    const calls = mockFetch([json(503, {})]);
    await expect(
      settle(request('identityApi', '/x', { method: 'POST', body: {} })),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it('does not retry a 4xx answer', async () => {
    const calls = mockFetch([json(400, { error: 'unregistered_user' })]);
    const error = (await settle(request('identityApi', '/x')).catch((e: unknown) => e)) as ApiError;
    expect(calls).toHaveLength(1);
    expect(error.failure).toMatchObject({
      kind: 'http',
      status: 400,
      body: { error: 'unregistered_user' },
    });
  });

  it('honours Retry-After on 429', async () => {
    const calls = mockFetch([json(429, {}, { 'retry-after': '3' }), json(200, {})]);
    const promise = request('flags', '/v1/flags');
    await vi.advanceTimersByTimeAsync(2900);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await promise;
    expect(calls).toHaveLength(2);
  });

  it('reports malformed JSON as such', async () => {
    mockFetch([
      () =>
        new Response('{"broken', { status: 200, headers: { 'content-type': 'application/json' } }),
    ]);
    const error = (await settle(request('identityApi', '/x', { method: 'POST' })).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.failure).toEqual({ kind: 'malformed' });
  });

  it('times out a hanging call', async () => {
    vi.stubGlobal(
      'fetch',
      (_input: unknown, init?: RequestInit) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        }),
    );
    const promise = request('identityApi', '/x', { method: 'POST', timeout: 1000 }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(1001);
    expect(((await promise) as ApiError).failure).toEqual({ kind: 'timeout' });
  });
});

describe('retry timing', () => {
  it('backs off about 500 ms then 1500 ms, with jitter', () => {
    expect(backoffDelay(1, () => 0.5)).toBe(500);
    expect(backoffDelay(2, () => 0.5)).toBe(1500);
    expect(backoffDelay(1, () => 0)).toBe(400);
    expect(backoffDelay(1, () => 1)).toBe(600);
  });

  it('parses Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('5')).toBe(5000);
    expect(
      parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', Date.parse('2026-01-01T00:00:00Z')),
    ).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it('classifies an unknown thrown value as a network failure', () => {
    expect(toFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
  });
});

/** A fetch that never answers; it fails, as a real fetch does, when its signal aborts. */
function hangingFetch() {
  const calls: RequestInit[] = [];
  vi.stubGlobal('fetch', (_input: unknown, init: RequestInit = {}) => {
    calls.push(init);
    return new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
    });
  });
  return calls;
}

/** Whether a promise has settled yet (without waiting for it). */
function track<T>(promise: Promise<T>) {
  const state = { settled: false, outcome: undefined as unknown };
  promise.then(
    (value) => Object.assign(state, { settled: true, outcome: value }),
    (error: unknown) => Object.assign(state, { settled: true, outcome: error }),
  );
  return state;
}

describe('every call has a time limit', () => {
  it.each([
    ['GET', 5000],
    ['POST', 10_000],
    ['PUT', 10_000],
    ['PATCH', 10_000],
    ['DELETE', 10_000],
  ] as const)('a %s gives up after %i ms by default', async (method, limit) => {
    const calls = hangingFetch();
    const call = track(request('identityApi', '/x', { method, idempotent: false }));
    await vi.advanceTimersByTimeAsync(limit - 1);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
    expect((call.outcome as ApiError).failure).toEqual({ kind: 'timeout' });
    expect(calls).toHaveLength(1);
  });

  it('the limit covers the whole answer, not only its headers', async () => {
    vi.stubGlobal(
      'fetch',
      (_input: unknown, init: RequestInit = {}) =>
        // Headers at once, then a body that never ends (fetch errors it when aborted).
        new Response(
          new ReadableStream({
            start(controller) {
              init.signal?.addEventListener('abort', () =>
                controller.error(init.signal?.reason as Error),
              );
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    const call = track(request('identityApi', '/x', { method: 'POST', body: {} }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect((call.outcome as ApiError).failure).toEqual({ kind: 'timeout' });
  });
});

describe('only idempotent calls are retried', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'a %s is tried once, whatever the failure',
    async (method) => {
      for (const reply of [json(503, {}), json(500, {}), () => Promise.reject(new TypeError())]) {
        const calls = mockFetch([reply]);
        const error = await settle(request('identityApi', '/x', { method })).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ApiError);
        expect(calls).toHaveLength(1);
      }
      const calls = hangingFetch();
      await settle(request('identityApi', '/x', { method })).catch(() => undefined);
      expect(calls).toHaveLength(1);
    },
  );

  it('a write marked idempotent is retried like a GET', async () => {
    const calls = mockFetch([json(503, {}), () => Promise.reject(new TypeError()), json(200, {})]);
    await settle(request('identityApi', '/x', { method: 'DELETE', idempotent: true }));
    expect(calls).toHaveLength(3);
    expect(calls.map((call) => call.init.method)).toEqual(['DELETE', 'DELETE', 'DELETE']);
  });

  it('a GET marked not idempotent is tried once', async () => {
    const calls = mockFetch([json(503, {})]);
    await settle(request('flags', '/v1/flags', { idempotent: false })).catch(() => undefined);
    expect(calls).toHaveLength(1);
  });

  it('a GET is retried after a timeout and after a dropped connection', async () => {
    let call = 0;
    vi.stubGlobal('fetch', (_input: unknown, init: RequestInit = {}) => {
      call += 1;
      if (call === 1) {
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        });
      }
      if (call === 2) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(json(200, { ok: true })());
    });
    await expect(settle(request('flags', '/v1/flags'))).resolves.toEqual({ ok: true });
    expect(call).toBe(3);
  });

  it('is not retried: malformed JSON, a 4xx, being offline', async () => {
    const malformed = mockFetch([
      () =>
        new Response('{"broken', { status: 200, headers: { 'content-type': 'application/json' } }),
    ]);
    await settle(request('flags', '/v1/flags')).catch(() => undefined);
    expect(malformed).toHaveLength(1);

    const refused = mockFetch([json(404, {})]);
    await settle(request('flags', '/v1/flags')).catch(() => undefined);
    expect(refused).toHaveLength(1);

    vi.stubGlobal('navigator', { onLine: false });
    const offline = mockFetch([() => Promise.reject(new TypeError('Failed to fetch'))]);
    const error = (await settle(request('flags', '/v1/flags')).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.failure).toEqual({ kind: 'offline' });
    expect(offline).toHaveLength(1);
  });

  it('a caller that gives up during the backoff gets no further try', async () => {
    const calls = mockFetch([json(503, {}), json(200, {})]);
    const controller = new AbortController();
    const call = track(request('flags', '/v1/flags', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(1);
    controller.abort();
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
    expect(call.outcome).toBeInstanceOf(Error);
  });
});

describe('retries wait', () => {
  it('backs off ~500 ms, then ~1500 ms', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const calls = mockFetch([json(503, {}), json(502, {}), json(200, {})]);
    const call = track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1499);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    await vi.runAllTimersAsync();
    expect(call.outcome).toEqual({});
    vi.restoreAllMocks();
  });

  it('honours Retry-After on 503 instead of the backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const calls = mockFetch([json(503, {}, { 'retry-after': '2' }), json(200, {})]);
    const call = track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.runAllTimersAsync();
    expect(call.outcome).toEqual({});
    vi.restoreAllMocks();
  });

  it('honours Retry-After as an HTTP date on 429', async () => {
    vi.setSystemTime(Date.parse('2026-01-01T00:00:00Z'));
    const calls = mockFetch([
      json(429, {}, { 'retry-after': 'Thu, 01 Jan 2026 00:00:04 GMT' }),
      json(200, {}),
    ]);
    const call = track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.runAllTimersAsync();
    expect(call.settled).toBe(true);
  });

  it('waits at most 10 s, however long Retry-After asks', async () => {
    const calls = mockFetch([json(503, {}, { 'retry-after': '3600' }), json(200, {})]);
    track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(9999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
  });

  it('Retry-After counts only on 429 and 503: a 500 backs off as usual', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const calls = mockFetch([json(500, {}, { 'retry-after': '5' }), json(200, {})]);
    track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(2);
    vi.restoreAllMocks();
  });
});

describe('a rate limit longer than a retry may wait', () => {
  it('a short Retry-After on 429 is retried once, after that wait', async () => {
    const calls = mockFetch([json(429, {}, { 'retry-after': '4' }), json(200, { ok: true })]);
    const call = track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.runAllTimersAsync();
    expect(call.outcome).toEqual({ ok: true });
  });

  it('a wait of exactly 10 s is still retried', async () => {
    const calls = mockFetch([json(429, {}, { 'retry-after': '10' }), json(200, {})]);
    track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
  });

  it('a longer Retry-After on 429 is not retried: the failure carries the wait at once', async () => {
    const calls = mockFetch([
      json(429, { error_code: 'APP-0020' }, { 'retry-after': '600' }),
      json(200, {}),
    ]);
    const call = track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(0);
    expect(call.settled).toBe(true);
    expect(calls).toHaveLength(1);
    const failure = (call.outcome as ApiError).failure;
    expect(failure).toEqual({
      kind: 'http',
      status: 429,
      body: { error_code: 'APP-0020' },
      retryAfterMs: 600_000,
    });
    expect(waitOf(failure, Date.now())).toEqual({ until: Date.now() + 600_000 });
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
  });

  it('as an HTTP date, or only in the body: the same', async () => {
    vi.setSystemTime(Date.parse('2026-01-01T00:00:00Z'));
    const dated = mockFetch([
      json(429, {}, { 'retry-after': 'Thu, 01 Jan 2026 00:02:00 GMT' }),
      json(200, {}),
    ]);
    const first = track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(0);
    expect(dated).toHaveLength(1);
    expect((first.outcome as ApiError).failure).toMatchObject({
      status: 429,
      retryAfterMs: 120_000,
    });

    const body = { error: 'too_many_requests', additional_information: { retry_after: 90 } };
    const inBody = mockFetch([json(429, body), json(200, {})]);
    const second = track(request('identityApi', '/x', { method: 'POST', idempotent: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(inBody).toHaveLength(1);
    const failure = (second.outcome as ApiError).failure;
    expect(failure).toEqual({ kind: 'http', status: 429, body });
    expect(waitOf(failure, Date.now())).toEqual({ until: Date.now() + 90_000 });
  });

  it("a short wait only in the body is the retry's wait", async () => {
    const calls = mockFetch([
      json(429, { additional_information: { retry_after: 3 } }),
      json(200, {}),
    ]);
    track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
  });

  it('a 503 that asks for longer still waits at most 10 s, then retries', async () => {
    const calls = mockFetch([json(503, {}, { 'retry-after': '600' }), json(200, {})]);
    track(request('flags', '/v1/flags'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
  });
});
