/**
 * The security review's M1 (login CSRF on the identity service's form post) and H1 (a business
 * invitation accepted without a credential), as the sandbox must refuse them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { phone, setup } from './helpers.ts';

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

async function proofToken(nn = '01', clientId = 'sandbox-web'): Promise<string> {
  const password = { phone_number: phone(nn), password: 'Sandbox-Pass1' };
  const otp = { phone_number: phone(nn), otp: await t.verifiedOtp(`+${phone(nn)}`) };
  const answer = await t.post(t.api('/login/phone'), nn === '01' ? password : otp, {
    'x-client-id': clientId,
  });
  return answer.body.token as string;
}

function postForm(fields: Record<string, string>) {
  return t.app.request('/_be/idp/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('M1: the form post signs nobody in without the interaction bound to this browser', () => {
  it.each([
    ['no _csrf', {}],
    ['an empty _csrf', { _csrf: '' }],
    ['a forged _csrf', { _csrf: 'csrf-forged-1' }],
  ])('%s: refused, back to /login with an error, no session', async (_name, extra) => {
    const res = await postForm({ token: await proofToken(), ...extra });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '', 'http://localhost');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('session_expired');
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/session/i);
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
