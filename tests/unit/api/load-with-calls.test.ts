/** `loadWithCalls`: what an answer needs loads with the page's calls (src/api/client.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

function answer(body: unknown) {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('loadWithCalls', () => {
  it('makes a call wait for what is loaded with it', async () => {
    const { loadWithCalls, request } = await import('../../../src/api/client.ts');
    answer({ ok: true });
    let release = () => {};
    const messages = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(() => messages);
    loadWithCalls(load);
    let settled = false;
    const call = request('identityApi', '/v1/thing').then((body) => {
      settled = true;
      return body;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    release();
    await expect(call).resolves.toEqual({ ok: true });
  });

  it('does not fail a call when what it loads fails, and tries again with the next', async () => {
    const { loadWithCalls, request } = await import('../../../src/api/client.ts');
    answer({ ok: true });
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    loadWithCalls(load);
    await expect(request('identityApi', '/v1/thing')).resolves.toEqual({ ok: true });
    await expect(request('identityApi', '/v1/thing')).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
