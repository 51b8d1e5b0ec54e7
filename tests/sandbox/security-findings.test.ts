/**
 * The security review's M1 (login CSRF on the identity service's form post) and H1 (a business
 * invitation accepted without a credential), as the sandbox must refuse them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { phone, setup } from './helpers.ts';
import { Browser, serveSandbox } from './server.ts';

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

describe('M1: the form post signs nobody in without the interaction bound to this browser', () => {
  it.each([
    ['no _csrf', {}],
    ['an empty _csrf', { _csrf: '' }],
    ['a forged _csrf', { _csrf: 'csrf-forged-1' }],
  ])('%s: refused, back to /login with an error, no session', async (_name, extra) => {
    // The identity service answers on a served sandbox (Node's own request and response).
    const served = await serveSandbox();
    try {
      const token = (
        (await (
          await fetch(`${served.origin}/_be/identity-api/login/phone`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-client-id': 'sandbox-web' },
            body: JSON.stringify({ phone_number: phone('01'), password: 'Sandbox-Pass1' }),
          })
        ).json()) as { token: string }
      ).token;
      const res = await new Browser().post(served.idp('/login'), { token, ...extra });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location') ?? '', served.origin);
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('error')).toBe('session_expired');
      expect(res.headers.get('set-cookie') ?? '').not.toMatch(/session/i);
    } finally {
      await served.close();
    }
  });
});

describe('H1: accepting an invitation needs the invitee’s own access token', () => {
  const accept = (headers: Record<string, string> = {}, urn = 'urn:customer:sbx-layla') =>
    t.call(
      'PATCH',
      '/_be/business/api/business/v1/invites/process',
      { code: 'inv-valid', phone: `+${phone('01')}`, user_urn: urn, status: 'accepted' },
      headers,
    );

  it('no token: 401, and the invitation stays open', async () => {
    expect((await accept()).status).toBe(401);
    expect((await t.post('/_be/business/api/mot_auth/invitation/inv-valid')).status).toBe(401);
    expect(t.sandbox.state.invitations.get('inv-valid')?.accepted).toBeFalsy();
  });

  it('a body naming another user than the token’s: 403', async () => {
    // sandbox-empty-token belongs to Omar; the body names Layla.
    const answer = await accept({ authorization: 'Bearer sandbox-empty-token' });
    expect(answer.status).toBe(403);
    expect(t.sandbox.state.invitations.get('inv-valid')?.accepted).toBeFalsy();
  });

  it('the invitee’s own token: accepted', async () => {
    const answer = await accept({ authorization: 'Bearer sandbox-access-token' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'accepted' });
  });
});
