/** `loadWithCalls`: what a failure's answer needs loads with the page's calls (src/api/client.ts). */
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
  it('starts with a call; a failing call waits for it, a succeeding one does not', async () => {
    const { loadWithCalls, request } = await import('../../../src/api/client.ts');
    let release = () => {};
    const messages = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(() => messages);
    loadWithCalls(load);
    answer({ ok: true });
    await expect(request('identityApi', '/v1/thing')).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(1);

    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: 'nope' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    let settled = false;
    const failing = request('identityApi', '/v1/thing', { method: 'POST' }).catch(
      (error: unknown) => {
        settled = true;
        throw error;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release();
    await expect(failing).rejects.toMatchObject({ failure: { kind: 'http', status: 400 } });
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
