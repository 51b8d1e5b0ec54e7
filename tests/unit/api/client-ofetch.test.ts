/** What ofetch does on its own that the client must still get right: its retries. */
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { request } from '../../../src/api/client.ts';
import type { ApiError } from '../../../src/api/errors.ts';

// The client loads ofetch on its first call (src/api/transport.ts): load it while time is real,
// or the retries' timers would be set after the faked clock had already been run out.
beforeAll(async () => {
  await import('../../../src/api/transport.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// ofetch passes the first try's URL through the base URL again on a retry: it must not change.
it('every try of a retried call goes to the same URL, query included', async () => {
  vi.useFakeTimers();
  const urls: string[] = [];
  const answers = [503, 502, 200];
  vi.stubGlobal('fetch', (input: string) => {
    urls.push(input);
    const status = answers.shift() ?? 200;
    return Promise.resolve(new Response(status === 200 ? '{"ok":true}' : '{}', { status }));
  });
  const call = request('identityApi', '/recovery/challenges/sandbox-web', {
    query: { phone: '+971500000001', lang: undefined },
  });
  await vi.runAllTimersAsync();
  await expect(call).resolves.toEqual({ ok: true });
  expect(urls).toEqual(
    Array(3).fill('/_be/identity-api/recovery/challenges/sandbox-web?phone=%2B971500000001'),
  );
});

/** Headers at once, then a body that fails mid-stream (the sandbox's dropped connection). */
const cutShort = () =>
  new Response(
    new ReadableStream({
      start: (controller) => controller.error(new TypeError('network error')),
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

it('a read whose body is cut short is retried like a dropped connection; a write is not', async () => {
  vi.useFakeTimers();
  let sent = 0;
  const answers = [cutShort, cutShort, () => new Response('{"ok":true}', { status: 200 })];
  vi.stubGlobal('fetch', () => {
    sent += 1;
    return Promise.resolve((answers.shift() ?? cutShort)());
  });
  const read = request('flags', '/v1/flags');
  await vi.runAllTimersAsync();
  await expect(read).resolves.toEqual({ ok: true });
  expect(sent).toBe(3);

  sent = 0;
  const write = request('identityApi', '/x', { method: 'POST', body: {} }).catch((e: unknown) => e);
  await vi.runAllTimersAsync();
  expect(((await write) as ApiError).failure).toEqual({ kind: 'network' });
  expect(sent).toBe(1);
});
