/** ofetch passes the first try's URL through the base URL again on a retry: it must not change. */
import { afterEach, expect, it, vi } from 'vitest';
import { request } from '../../../src/api/client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

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
