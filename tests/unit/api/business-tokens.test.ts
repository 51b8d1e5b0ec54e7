/**
 * The invitation's calls carry the invitee's bearer token (the review's H1), and the token
 * endpoint gets a form with the code and its PKCE verifier; no token, no call.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptInvitation, assignBusinessRole, fetchUserInfo } from '../../../src/api/business.ts';
import { ApiError } from '../../../src/api/errors.ts';
import { exchangeCode } from '../../../src/api/tokens.ts';
import type { Pending } from '../../../src/lib/authorize.ts';
import { mockFetch } from './mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

const invitee = { givenName: 'Layla', phone: '+971500000001', userUrn: 'urn:customer:sbx-layla' };

describe('business invitation calls', () => {
  it('send the access token as a bearer header, to user info and the business API', async () => {
    const calls = mockFetch([
      { sub: 'sbx-layla', given_name: 'Layla' },
      { status: 'accepted' },
      {},
    ]);
    await fetchUserInfo('at_1');
    await acceptInvitation('inv-valid', invitee, 'at_1');
    await assignBusinessRole('inv-valid', 'at_1');
    expect(calls.map((call) => new Headers(call.init.headers).get('authorization'))).toEqual([
      'Bearer at_1',
      'Bearer at_1',
      'Bearer at_1',
    ]);
    expect(calls[1]?.url).toBe('/_be/business/api/business/v1/invites/process');
  });

  it('without a token make no call and fail as a 401 would', async () => {
    const calls = mockFetch([]);
    for (const call of [
      () => fetchUserInfo(undefined),
      () => acceptInvitation('inv-valid', invitee, undefined),
      () => assignBusinessRole('inv-valid', undefined),
    ]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).failure).toMatchObject({ kind: 'http', status: 401 });
    }
    expect(calls).toEqual([]);
  });
});

describe('the code exchange', () => {
  const pending: Pending = {
    state: 's',
    nonce: 'nonce-1',
    verifier: 'v'.repeat(43),
    redirectUri: 'https://a.example/client-management/',
    keep: {},
    at: 0,
  };
  const idToken = (nonce: string) =>
    `e30.${Buffer.from(JSON.stringify({ nonce, aud: 'account-web', iss: 'http://x/_be/idp', exp: 2e9 })).toString('base64url')}.s`;

  it('posts a form to the token endpoint; keeps the token of this trip’s ID token only', async () => {
    const calls = mockFetch([
      { access_token: 'at_1', token_type: 'Bearer', id_token: idToken('nonce-1') },
      { access_token: 'at_2', token_type: 'Bearer', id_token: idToken('nonce-2') },
    ]);
    expect(await exchangeCode('c1', pending)).toBe('at_1');
    expect(calls[0]?.url).toBe('/_be/idp/token');
    expect(calls[0]?.init.method).toBe('POST');
    expect((calls[0]?.init.body as URLSearchParams).toString()).toBe(
      'grant_type=authorization_code&code=c1&redirect_uri=https%3A%2F%2Fa.example%2Fclient-management%2F&client_id=account-web&code_verifier=' +
        'v'.repeat(43),
    );
    expect(await exchangeCode('c1', pending)).toBeUndefined();
  });
});
