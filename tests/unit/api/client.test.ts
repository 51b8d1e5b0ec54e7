import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, MAX_RETRIES, request, setCommonHeaders } from '../../../src/api/client.ts';
import { ApiError, parseRetryAfter, toFailure } from '../../../src/api/errors.ts';

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
