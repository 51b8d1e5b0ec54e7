/**
 * L3: Apple's and Google's id tokens are bound to a nonce the identity API issued; the page asks
 * for one per sign-in (ahead of the click where it can) and the login sends it back.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'none' })}.${b64(claims)}.`;

let calls: { url: string; body: unknown }[];
let issued: number;
beforeEach(() => {
  vi.resetModules();
  calls = [];
  issued = 0;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
    const answer = url.endsWith('/login/social/nonce')
      ? { nonce: `n-${(issued += 1)}`, expires_in: 600 }
      : { token: 'pt-1' };
    return Promise.resolve(
      new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const nonceCalls = () => calls.filter((call) => call.url.endsWith('/login/social/nonce'));

describe('social sign-in nonces', () => {
  it('asks the identity API once ahead of the click, then once per sign-in', async () => {
    const { prepareNonce, takeNonce } = await import('../../../src/api/social-nonce.ts');
    prepareNonce();
    prepareNonce();
    expect((await takeNonce()).nonce).toBe('n-1');
    expect(nonceCalls()).toHaveLength(1);
    expect(nonceCalls()[0]?.url).toBe('/_be/identity-api/login/social/nonce');
    expect((await takeNonce()).nonce).toBe('n-2');
  });

  it('does not hand out a nonce about to expire', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    const { prepareNonce, takeNonce } = await import('../../../src/api/social-nonce.ts');
    prepareNonce();
    await vi.waitFor(() => expect(nonceCalls()).toHaveLength(1));
    vi.setSystemTime(9.5 * 60_000);
    expect((await takeNonce()).nonce).toBe('n-2');
  });

  it('the logins send back the nonce of their token, only when this page asked for it', async () => {
    const { takeNonce } = await import('../../../src/api/social-nonce.ts');
    const { appleLogin, googleLogin } = await import('../../../src/api/login.ts');
    const { nonce } = await takeNonce();
    await googleLogin(token({ email: 'g@x.co', nonce }), {});
    await appleLogin(token({ email: 'a@x.co', nonce }), {});
    // A token minted for another page (a link, a log): its nonce is not ours, none is sent.
    await googleLogin(token({ email: 'g@x.co', nonce: 'theirs' }), {});
    const logins = calls.filter((call) => !call.url.endsWith('/nonce'));
    expect(logins.map((call) => (call.body as { nonce?: string }).nonce)).toEqual([
      'n-1',
      'n-1',
      undefined,
    ]);
  });
});
