import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvalStatus, oneClickLogin, oneClickProof } from '../../../src/api/one-click.ts';
import { mockFetch } from './mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

const body = { phone_number: '971500000011', guard: { attempts: 3 }, is_retry: false };

describe('one-click API', () => {
  it('sends the login with the idempotency key and the idp client id; reads a push', async () => {
    const calls = mockFetch([{ id: 'apr-1', web_deeplink: 'masar://x' }]);
    const answer = await oneClickLogin(body, { idempotencyKey: 'k-1', idpClientId: 'sandbox-web' });
    expect(answer).toEqual({ kind: 'push', approval: { id: 'apr-1', web_deeplink: 'masar://x' } });
    expect(calls[0]?.url).toBe('/_be/identity-api/one-click/login');
    expect(calls[0]?.init.method).toBe('POST');
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('idempotency-key')).toBe('k-1');
    expect(headers.get('x-idp-client-id')).toBe('sandbox-web');
  });

  it('reads an OTP challenge', async () => {
    mockFetch([{ auth_challenge: 'OTP' }]);
    expect(await oneClickLogin(body, { idempotencyKey: 'k' })).toEqual({ kind: 'otp' });
  });

  it("polls the approve request and asks for its proof at the spec's path", async () => {
    const calls = mockFetch([{ data: { status: 'confirmed' } }, { token: 'pt-1' }]);
    expect(await approvalStatus('apr/1')).toBe('confirmed');
    expect(calls[0]?.url).toBe('/_be/identity-api/login/approve-request/apr%2F1/verify');
    expect(await oneClickProof('apr-1', { platform: 'web' }, { idpClientId: 'c' })).toBe('pt-1');
    // Spec section 7: POST /login/approve-request/{id}/proof, the resource the page polls.
    expect(calls[1]?.url).toBe('/_be/identity-api/login/approve-request/apr-1/proof');
    expect(calls[1]?.init.method).toBe('POST');
    expect(JSON.parse(calls[1]?.init.body as string)).toEqual({ profiling: { platform: 'web' } });
    expect(new Headers(calls[1]?.init.headers).get('x-idp-client-id')).toBe('c');
  });
});
