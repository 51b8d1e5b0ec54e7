import { beforeEach, describe, expect, it } from 'vitest';
import { phone, setup, START } from './helpers.ts';

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

const gw = (id: string) => `/_be/identity-gateway/users/email/verification/${id}`;
const HOUR = 60 * 60 * 1000;

describe('client data', () => {
  it('sandbox-web has a logo, sandbox-nologo none, anything else 404', async () => {
    const web = await t.get(t.api('/clients/api/v3/clients/sandbox-web'));
    expect(web.body).toEqual({
      clientId: 'sandbox-web',
      clientName: 'Sandbox Web',
      logoUri: '/_sandbox/logo.svg',
    });
    const logo = await t.app.request('/_sandbox/logo.svg');
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    const nologo = await t.get(t.api('/clients/api/v3/clients/sandbox-nologo'));
    expect(nologo.body).toEqual({
      clientId: 'sandbox-nologo',
      clientName: 'Sandbox No Logo',
      logoUri: null,
    });
    for (const id of ['not_defined', 'other', '%2E%2E']) {
      const answer = await t.get(t.api(`/clients/api/v3/clients/${id}`));
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('not_found');
    }
  });
});

describe('e-mail links (identity gateway)', () => {
  it('ev-valid verifies (204), then says already used (200)', async () => {
    expect((await t.call('PUT', gw('ev-valid'))).status).toBe(204);
    const again = await t.call('PUT', gw('ev-valid'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'ALREADY_VERIFIED' });
  });
  it('ev-used: 200 already used; ev-expired: 400', async () => {
    expect((await t.call('PUT', gw('ev-used'))).status).toBe(200);
    const expired = await t.call('PUT', gw('ev-expired'));
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('link_expired');
  });
  it('ev-valid unlink: 204 and the e-mail is removed from the account; then the link is dead', async () => {
    expect((await t.call('DELETE', gw('ev-valid'))).status).toBe(204);
    expect(t.sandbox.state.users.get('sbx-layla')?.email).toBeUndefined();
    expect((await t.post(t.api('/login/email'), { email: 'layla@example.com' })).body.error).toBe(
      'unregistered_user',
    );
    expect((await t.call('DELETE', gw('ev-valid'))).status).toBe(400);
    expect((await t.call('PUT', gw('ev-valid'))).status).toBe(400);
  });
  it('links expire after 48 hours', async () => {
    t.advance(48 * HOUR);
    expect((await t.call('PUT', gw('ev-valid'))).status).toBe(400);
  });
  it('unknown ids are 400', async () => {
    expect((await t.call('PUT', gw('nope'))).body.error).toBe('invalid_link');
    expect((await t.call('DELETE', gw('nope'))).status).toBe(400);
  });
});

describe('recovery', () => {
  const challenges = (query: string, client = 'sandbox-web') =>
    t.get(t.api(`/recovery/challenges/${client}?${query}`));
  const notify = (body: Record<string, unknown>, client = 'sandbox-web') =>
    t.post(t.api(`/recovery/notification/${client}`), body);
  const layla = `phoneNumber=%2B${phone('01')}`;

  it('the contract link fetches FULL_NAME_CHALLENGE with L*** H*****', async () => {
    const answer = await challenges(`otp=123456&clientId=sandbox-web&${layla}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      challenges: [
        {
          challengeIdentifier: 'FULL_NAME_CHALLENGE',
          hint: { maskedFullName: 'L*** H*****', dir: 'ltr' },
        },
      ],
    });
  });

  it('a verification id works too; a wrong OTP gives INVALID_OTP; no user USER_NOT_FOUND', async () => {
    const id = await t.verifiedOtp(phone('01'));
    expect((await challenges(`verificationId=${id}&${layla}`)).status).toBe(200);
    const bad = await challenges(`otp=000000&${layla}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('INVALID_OTP');
    expect((await challenges(`${layla}`)).body.message).toBe('INVALID_OTP');
    const nobody = await challenges(`otp=123456&phoneNumber=%2B${phone('03')}`);
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe('USER_NOT_FOUND');
    expect((await challenges('otp=123456')).status).toBe(400);
  });

  it('sandbox-nologo answers another challenge type', async () => {
    const answer = await challenges(`otp=123456&${layla}`, 'sandbox-nologo');
    expect(answer.body.challenges[0].challengeIdentifier).toBe('NATIONAL_ID_CHALLENGE');
  });

  it('"Layla Haddad" sends a reset link; another answer INVALID_FULL_NAME', async () => {
    const body = { phoneNumber: `+${phone('01')}`, otp: '123456' };
    const wrong = await notify({
      ...body,
      challenges: [{ challengeIdentifier: 'FULL_NAME_CHALLENGE', challengeAnswer: 'Layla H' }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('INVALID_FULL_NAME');
    const right = await notify({
      ...body,
      challenges: [
        { challengeIdentifier: 'FULL_NAME_CHALLENGE', challengeAnswer: 'layla  haddad' },
      ],
    });
    expect(right.status).toBe(200);
    const [sms] = (await t.get(`/_sandbox/outbox?to=%2B${phone('01')}`)).body;
    expect(sms.link).toMatch(/\/password\/reset_[\w-]+$/);

    // The link sets a new password once; the new password then logs in.
    const token = sms.link.split('/').pop();
    const reset = (password: string) =>
      t.call('PUT', t.api('/recovery/password'), { token, password });
    expect((await reset('short')).body.message).toBe('INVALID_PASSWORD');
    expect((await reset('New-Pass-2030')).status).toBe(200);
    expect((await reset('New-Pass-2031')).body.message).toBe('INVALID_RESET_TOKEN');
    expect(
      (
        await t.post(t.api('/login/phone'), {
          phone_number: phone('01'),
          password: 'New-Pass-2030',
        })
      ).status,
    ).toBe(200);
  });

  it('reset links expire after 24 hours', async () => {
    const body = {
      phoneNumber: `+${phone('01')}`,
      otp: '123456',
      challenges: [{ challengeIdentifier: 'FULL_NAME_CHALLENGE', challengeAnswer: 'Layla Haddad' }],
    };
    await notify(body);
    const [sms] = (await t.get(`/_sandbox/outbox?to=%2B${phone('01')}`)).body;
    t.advance(24 * HOUR);
    const answer = await t.call('PUT', t.api('/recovery/password'), {
      token: sms.link.split('/').pop(),
      password: 'New-Pass-2030',
    });
    expect(answer.body.message).toBe('INVALID_RESET_TOKEN');
  });

  it('reset-valid is accepted once; reset-expired gives INVALID_RESET_TOKEN', async () => {
    const reset = (token: string) =>
      t.call('PUT', t.api('/recovery/password'), { token, password: 'New-Pass-2030' });
    expect((await reset('reset-expired')).body).toMatchObject({ message: 'INVALID_RESET_TOKEN' });
    expect((await reset('reset-valid')).status).toBe(200);
    expect((await reset('reset-valid')).body.message).toBe('INVALID_RESET_TOKEN');
    expect((await reset('unknown')).body.message).toBe('INVALID_RESET_TOKEN');
  });

  it('with recaptcha v2 on, a reset without a recaptcha token gives INVALID_RECAPTCHA', async () => {
    await t.call('PUT', '/_sandbox/flags', { recaptchaV2: true });
    const answer = await t.call('PUT', t.api('/recovery/password'), {
      token: 'reset-valid',
      password: 'New-Pass-2030',
    });
    expect(answer.body.message).toBe('INVALID_RECAPTCHA');
  });
});

describe('profile confirmation, corporate links, alerts', () => {
  const confirm = (token: string) => t.post(t.api(`/partner/users/profile/confirm/${token}`));
  it('profile-valid succeeds once; profile-expired US-0002; profile-error 500 with a support code', async () => {
    expect((await confirm('profile-valid')).status).toBe(200);
    expect((await confirm('profile-valid')).body.error_code).toBe('US-0002');
    const expired = await confirm('profile-expired');
    expect(expired.status).toBe(400);
    expect(expired.body.error_code).toBe('US-0002');
    const error = await confirm('profile-error');
    expect(error.status).toBe(500);
    expect(error.body.support_code).toMatch(/^SBX-/);
    expect((await confirm('unknown')).body.error_code).toBe('US-0002');
  });
  it('profile links expire after 3 days', async () => {
    t.advance(3 * 24 * HOUR);
    expect((await confirm('profile-valid')).body.error_code).toBe('US-0002');
  });
  it('corp-valid is valid and corp-invalid invalid, on both calls', async () => {
    for (const path of ['/corporate/user/invitation/', '/v1/verify/email/']) {
      expect((await t.post(t.api(`${path}corp-valid`))).status).toBe(200);
      expect((await t.post(t.api(`${path}corp-invalid`))).status).toBe(400);
    }
  });
  it('alerts: LOGIN, PROFILE_UPDATE, acknowledgement, 500 and 404', async () => {
    expect((await t.get(t.api('/alerts/alert-login'))).body).toMatchObject({
      operation: 'LOGIN',
      acknowledged: false,
    });
    expect((await t.get(t.api('/alerts/alert-profile'))).body.operation).toBe('PROFILE_UPDATE');
    expect((await t.call('PUT', t.api('/alerts/alert-login/acknowledgement'))).status).toBe(200);
    expect((await t.get(t.api('/alerts/alert-login'))).body.acknowledged).toBe(true);
    expect((await t.get(t.api('/alerts/alert-error'))).status).toBe(500);
    expect((await t.call('PUT', t.api('/alerts/alert-error/acknowledgement'))).status).toBe(500);
    expect((await t.get(t.api('/alerts/nope'))).status).toBe(404);
  });

  it('secure-account: signs Layla out everywhere, pauses payments, once per alert', async () => {
    const { state } = t.sandbox;
    state.idp.set('Session:layla', { payload: { accountId: 'sbx-layla', uid: 'u1' } });
    state.idp.set('AccessToken:layla', { payload: { accountId: 'sbx-layla' } });
    state.idp.set('Session:omar', { payload: { accountId: 'sbx-omar', uid: 'u2' } });
    // The security page's sample: sessions elsewhere, and two passkeys of Layla's.
    await t.post('/_sandbox/sessions/sample');
    expect([...state.sessions.values()].some((s) => s.sub === 'sbx-layla')).toBe(true);
    const before = await t.get(`/_sandbox/security?account=+${phone('01')}`);
    expect(before.body).toMatchObject({ sub: 'sbx-layla', sessions: 1, paymentsFrozen: false });
    expect(before.body.securings).toEqual([]);

    const secure = (key?: string) =>
      t.post(t.api('/alerts/alert-login/secure-account'), undefined, {
        ...(key ? { 'idempotency-key': key } : {}),
      });
    const first = await secure('k1');
    expect(first.status).toBe(200);
    // Layla's passkeys (the sample's) are marked for review too.
    const secured = {
      at: new Date(START).toISOString(),
      actions: ['signed_out', 'payments_frozen', 'passkeys_flagged'],
    };
    expect(first.body).toEqual({ already_secured: false, secured });
    expect([...state.idp.keys()]).toEqual(['Session:omar']);
    // And every session and trusted device the security page lists (sessions.ts), hers only.
    const listed = (sub: string) => [...state.sessions.values()].filter((s) => s.sub === sub);
    expect(listed('sbx-layla')).toEqual([]);
    expect(listed('sbx-omar').length).toBeGreaterThan(0);
    const after = (await t.get('/_sandbox/security?account=sbx-layla')).body;
    expect(after).toMatchObject({ sessions: 0, paymentsFrozen: true });
    expect(after.passkeys.every((passkey: { forReview: boolean }) => passkey.forReview)).toBe(true);
    expect(after.securings).toEqual([{ alert: 'alert-login', sub: 'sbx-layla', ...secured }]);
    // The alert says it secured the account (and was reported).
    expect((await t.get(t.api('/alerts/alert-login'))).body).toMatchObject({
      acknowledged: true,
      secured,
    });

    // The same call's retry gets the first answer; any other press is told it was done before.
    t.advance(HOUR);
    state.idp.set('Session:later', { payload: { accountId: 'sbx-layla' } });
    expect((await secure('k1')).body).toEqual({ already_secured: false, secured });
    expect((await secure('k2')).body).toEqual({ already_secured: true, secured });
    expect((await secure()).body).toEqual({ already_secured: true, secured });
    expect(state.idp.has('Session:later')).toBe(true);
    expect(
      (await t.get('/_sandbox/security?account=layla@example.com')).body.securings,
    ).toHaveLength(1);

    // A new password lifts the payment pause.
    const reset = await t.call('PUT', t.api('/recovery/password'), {
      token: 'reset-valid',
      password: 'New-Pass-2030',
    });
    expect(reset.status).toBe(200);
    expect((await t.get('/_sandbox/security?account=sbx-layla')).body.paymentsFrozen).toBe(false);
  });

  it('secure-account: marks the passkeys of the account for review; 500 and 404', async () => {
    t.sandbox.state.passkeys.set('cred-1', {
      id: 'cred-1',
      sub: 'sbx-hana',
      publicKey: new Uint8Array([1]),
      counter: 0,
      rpId: 'localhost',
      name: 'Pixel 7',
      createdAt: t.sandbox.now(),
    });
    const answer = await t.post(t.api('/alerts/alert-profile/secure-account'));
    expect(answer.body.secured.actions).toEqual([
      'signed_out',
      'payments_frozen',
      'passkeys_flagged',
    ]);
    expect((await t.get(`/_sandbox/security?account=${phone('20')}`)).body.passkeys).toEqual([
      { id: 'cred-1', forReview: true },
    ]);
    expect((await t.post(t.api('/alerts/alert-error/secure-account'))).status).toBe(500);
    expect((await t.post(t.api('/alerts/nope/secure-account'))).status).toBe(404);
    expect((await t.get('/_sandbox/security?account=nobody')).status).toBe(404);
  });
});

describe('business invitations', () => {
  // Layla's access token (the contract's fixed one): the business API takes the user from it.
  const asLayla = { authorization: 'Bearer sandbox-access-token' };
  const process = (code: string) =>
    t.call(
      'PATCH',
      '/_be/business/api/business/v1/invites/process',
      { code, phone: `+${phone('01')}`, user_urn: 'urn:customer:sbx-layla', status: 'accepted' },
      asLayla,
    );
  it('inv-valid is accepted once', async () => {
    expect((await process('inv-valid')).body).toEqual({ status: 'accepted' });
    expect((await process('inv-valid')).body.error_code).toBe('BU-0011');
  });
  it.each([
    ['inv-expired', 'BU-0010'],
    ['inv-used', 'BU-0011'],
    ['inv-inactive', 'BU-0012'],
    ['inv-revoked', 'BU-0013'],
    ['inv-cancelled', 'BU-0014'],
    ['inv-rejected', 'BU-0015'],
    ['inv-badshape', 'BU-0016'],
    ['inv-unknown', 'BU-0099'],
  ])('%s gives 400 %s', async (code, errorCode) => {
    const answer = await process(code);
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe(errorCode);
  });
  it('inv-notfound 404, inv-unauthorized 401, unknown codes 404', async () => {
    expect((await process('inv-notfound')).status).toBe(404);
    expect((await process('inv-unauthorized')).status).toBe(401);
    expect((await process('whatever')).status).toBe(404);
  });
  it('inv-motfail: the mot auth call fails; with server-to-server roles the process call does', async () => {
    const mot = await t.post('/_be/business/api/mot_auth/invitation/inv-motfail', {}, asLayla);
    expect(mot.status).toBe(502);
    expect(mot.body.error).toBe('mot_request_failed');
    expect(
      (await t.post('/_be/business/api/mot_auth/invitation/inv-valid', {}, asLayla)).status,
    ).toBe(200);
    await t.call('PUT', '/_sandbox/flags', { businessInvitationS2SRoles: true });
    const processed = await process('inv-motfail');
    expect(processed.status).toBe(400);
    expect(processed.body.error).toBe('mot_request_failed');
  });
  it('checks the body', async () => {
    const answer = await t.call(
      'PATCH',
      '/_be/business/api/business/v1/invites/process',
      { code: 'inv-valid', status: 'declined' },
      asLayla,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
  });
});
