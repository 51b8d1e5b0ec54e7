import { beforeEach, describe, expect, it } from 'vitest';
import { SOCIAL_ACCOUNTS } from '../../sandbox/personas.ts';
import { makeSocialToken } from '../../sandbox/social.ts';
import { START, phone, setup } from './helpers.ts';

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

const send = (identifier: string, type = 'SMS') => t.post(t.api('/otp/send'), { identifier, type });
const verify = (identifier: string, code: string) =>
  t.post(t.api('/otp/verify'), { identifier, code });

describe('OTP', () => {
  it('persona codes are 123456 and land in the outbox by channel', async () => {
    expect((await send(phone('02'), 'VOICE')).body).toEqual({
      data: { expires_in: 300, resend_in: 60 },
    });
    await send('layla@example.com', 'EMAIL');
    const voice = (await t.get(`/_sandbox/outbox?to=%2B${phone('02')}`)).body;
    expect(voice).toEqual([
      expect.objectContaining({
        channel: 'voice',
        to: `+${phone('02')}`,
        code: '123456',
        at: new Date(START).toISOString(),
      }),
    ]);
    const mail = (await t.get('/_sandbox/outbox?to=layla@example.com')).body;
    expect(mail[0]).toMatchObject({ channel: 'email', code: '123456' });
  });

  it('an SMS ends with the origin-bound line of its host; voice and e-mail do not', async () => {
    await send(phone('02'));
    await send('971501234567');
    await send('layla@example.com', 'EMAIL');
    const [sms] = (await t.get(`/_sandbox/outbox?to=%2B${phone('02')}`)).body;
    expect(sms.text.split('\n').at(-1)).toBe('@localhost #123456');
    const [other] = (await t.get('/_sandbox/outbox?to=%2B971501234567')).body;
    expect(other.text.split('\n').at(-1)).toBe('@localhost #654321');
    const [mail] = (await t.get('/_sandbox/outbox?to=layla@example.com')).body;
    expect(mail.text).not.toContain('#123456');
    const onPort = await t.app.request('http://127.0.0.1:4321/_be/identity-api/otp/send', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: phone('01'), type: 'SMS' }),
    });
    expect(onPort.status).toBe(200);
    const [layla] = (await t.get(`/_sandbox/outbox?to=%2B${phone('01')}`)).body;
    expect(layla.text.split('\n').at(-1)).toBe('@127.0.0.1:4321 #123456');
  });

  it('other identifiers get a random code, visible in the outbox', async () => {
    await send('971501234567');
    const [entry] = (await t.get('/_sandbox/outbox?to=%2B971501234567')).body;
    expect(entry.code).toBe('654321');
    expect((await verify('971501234567', '123456')).body.message).toBe('ERROR_INVALID_PIN_CODE');
    expect((await verify('971501234567', '654321')).body.data.id).toMatch(/^otpv_/);
  });

  it('a wrong code gives ERROR_INVALID_PIN_CODE; the 3rd in a row ERROR_MAX_VALIDATIONS_REACHED', async () => {
    await send(phone('02'));
    expect((await verify(phone('02'), '000000')).body.message).toBe('ERROR_INVALID_PIN_CODE');
    expect((await verify(phone('02'), '000001')).body.message).toBe('ERROR_INVALID_PIN_CODE');
    const third = await verify(phone('02'), '000002');
    expect(third.status).toBe(400);
    expect(third.body.message).toBe('ERROR_MAX_VALIDATIONS_REACHED');
    expect((await verify(phone('02'), '123456')).body.message).toBe(
      'ERROR_MAX_VALIDATIONS_REACHED',
    );
    await send(phone('02'));
    expect((await verify(phone('02'), '123456')).status).toBe(200);
  });

  it('a code older than 5 minutes gives ERROR_SESSION_EXPIRED', async () => {
    await send(phone('02'));
    t.advance(5 * 60 * 1000);
    expect((await verify(phone('02'), '123456')).status).toBe(200);
    await send(phone('02'));
    t.advance(5 * 60 * 1000 + 1);
    const late = await verify(phone('02'), '123456');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('ERROR_SESSION_EXPIRED');
  });

  it('verifying with nothing sent gives ERROR_SESSION_EXPIRED; a code works once', async () => {
    expect((await verify(phone('02'), '123456')).body.message).toBe('ERROR_SESSION_EXPIRED');
    await send(phone('02'));
    expect((await verify(phone('02'), '123456')).status).toBe(200);
    expect((await verify(phone('02'), '123456')).body.message).toBe('ERROR_SESSION_EXPIRED');
  });

  it('the channel must match the identifier', async () => {
    const answer = await send('layla@example.com', 'SMS');
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe('PN-0001');
  });

  it('reads the device id header', async () => {
    await t.post(
      t.api('/otp/send'),
      { identifier: phone('02'), type: 'SMS' },
      { 'x-device-id': 'dev-1' },
    );
    expect(t.sandbox.state.otps.get(`+${phone('02')}`)?.deviceId).toBe('dev-1');
  });
});

describe('e-mail login', () => {
  const login = (body: Record<string, unknown>) => t.post(t.api('/login/email'), body);
  it('layla@example.com: password challenge, token with the password, US-0051 without', async () => {
    expect(
      (await login({ email: 'layla@example.com' })).body.additional_information.challenge,
    ).toBe('password');
    expect(
      (await login({ email: 'Layla@Example.com', password: 'Sandbox-Pass1' })).body.token,
    ).toMatch(/^pt_/);
    expect((await login({ email: 'layla@example.com', password: 'bad' })).body.error_code).toBe(
      'US-0051',
    );
  });
  it('an unknown e-mail is unregistered; a malformed one is 400', async () => {
    expect((await login({ email: 'nobody@example.com' })).body.error).toBe('unregistered_user');
    expect((await login({ email: 'not-an-email' })).body.message).toBe('INVALID_EMAIL');
  });
  it('an e-mail without a password logs in with an OTP', async () => {
    expect(
      (await login({ email: 'taken@example.com' })).body.additional_information.challenge,
    ).toBe('otp');
    const id = await t.verifiedOtp('taken@example.com');
    expect((await login({ email: 'taken@example.com', otp: id })).status).toBe(200);
  });
});

describe('Apple and Google login', () => {
  const token = (email: string, nonce?: string, at = START) => {
    const account = SOCIAL_ACCOUNTS.find((item) => item.email === email);
    if (!account) throw new Error(email);
    return makeSocialToken(account, at, nonce);
  };
  /** A nonce of the identity API, as a page asks for one before a sign-in. */
  const issue = async (): Promise<string> => {
    const answer = await t.post(t.api('/login/social/nonce'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      expires_in: 600,
    });
    return answer.body.nonce as string;
  };

  it('registered test accounts get a token; new ones unregistered_user', async () => {
    let nonce = await issue();
    const apple = await t.post(t.api('/login/apple'), {
      device_id: 'd',
      access_token: token('apple.user@example.com', nonce),
      nonce,
    });
    expect(apple.status).toBe(200);
    expect(apple.body.token).toMatch(/^pt_/);
    nonce = await issue();
    const google = await t.post(t.api('/login/google'), {
      device_id: 'd',
      id_token: token('google.user@example.com', nonce),
      nonce,
    });
    expect(google.status).toBe(200);
    nonce = await issue();
    const newApple = await t.post(t.api('/login/apple'), {
      access_token: token('new.apple@example.com', nonce),
      nonce,
    });
    expect(newApple.status).toBe(400);
    expect(newApple.body).toMatchObject({
      error: 'unregistered_user',
      message: expect.any(String),
    });
    nonce = await issue();
    const newGoogle = await t.post(t.api('/login/google'), {
      id_token: token('new.google@example.com', nonce),
      nonce,
    });
    expect(newGoogle.body.error).toBe('unregistered_user');
  });

  it('refuses a token of the other provider, a forged one, and an expired one', async () => {
    const nonce = await issue();
    const wrongProvider = await t.post(t.api('/login/google'), {
      id_token: token('apple.user@example.com', nonce),
      nonce,
    });
    expect(wrongProvider.body.error).toBe('invalid_token');
    const forged = await t.post(t.api('/login/apple'), { access_token: 'a.b.c', nonce });
    expect(forged.body.error).toBe('invalid_token');
    const old = token('apple.user@example.com', nonce, START - 11 * 60 * 1000);
    expect((await t.post(t.api('/login/apple'), { access_token: old, nonce })).body.error).toBe(
      'invalid_token',
    );
  });

  it("takes a token only with a nonce it issued, unused, unexpired, the token's own", async () => {
    const refused = async (body: Record<string, unknown>) => {
      const answer = await t.post(t.api('/login/google'), body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('invalid_nonce');
    };
    const nonce = await issue();
    // No nonce at all, in the token or the call; one in the token only; one not issued here.
    await refused({ id_token: token('google.user@example.com') });
    await refused({ id_token: token('google.user@example.com', nonce) });
    await refused({
      id_token: token('google.user@example.com', 'f'.repeat(32)),
      nonce: 'f'.repeat(32),
    });
    // Another nonce than the token's.
    const other = await issue();
    await refused({ id_token: token('google.user@example.com', nonce), nonce: other });
    // Good once: a replay of the same token is refused.
    const body = { id_token: token('google.user@example.com', nonce), nonce };
    expect((await t.post(t.api('/login/google'), body)).status).toBe(200);
    await refused(body);
    // Ten minutes on, a nonce has expired.
    const late = await issue();
    t.advance(10 * 60 * 1000);
    await refused({
      id_token: token('google.user@example.com', late, START + 10 * 60 * 1000),
      nonce: late,
    });
  });
});

describe('sign-up (onboarding)', () => {
  const onboard = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.post('/_be/onboarder/onboard', body, headers);
  const base = {
    phone_number: phone('03'),
    full_name: 'New Person',
    password: 'Secret-99',
    deviceId: 'd1',
  };

  it('03: asks for the OTP first, then signs up; the new user logs in with the password', async () => {
    const first = await onboard(base);
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({
      error: 'challenge_required',
      additional_information: { challenge: 'otp', onboard_experience_id: expect.any(String) },
    });
    const otp = await t.verifiedOtp(phone('03'));
    const done = await onboard(
      {
        ...base,
        otp,
        onboard_experience_id: first.body.additional_information.onboard_experience_id,
      },
      { agent: 'WEB', version: '1', 'x-idp-client-id': 'sandbox-web' },
    );
    expect(done.status).toBe(200);
    expect(t.sandbox.state.proofs.get(done.body.token)?.clientId).toBe('sandbox-web');
    const login = await t.post(t.api('/login/phone'), {
      phone_number: phone('03'),
      password: 'Secret-99',
    });
    expect(login.status).toBe(200);
    expect((await onboard({ ...base, otp })).body.error_code).toBe('US-0016');
  });

  it('a wrong OTP id gives RC-0001', async () => {
    const answer = await onboard({ ...base, otp: 'otpv_nothing' });
    expect(answer.body).toMatchObject({ error_code: 'RC-0001' });
  });

  it('with an e-mail, sends a verification link that verifies once', async () => {
    const otp = await t.verifiedOtp(phone('03'));
    expect((await onboard({ ...base, otp, email: 'me@example.org' })).status).toBe(200);
    const [mail] = (await t.get('/_sandbox/outbox?to=me@example.org')).body;
    expect(mail.link).toMatch(/^http:\/\/localhost\/email\/ev_[\w-]+\/verify$/);
    const id = mail.link.split('/')[4];
    expect(
      (await t.call('PUT', `/_be/identity-gateway/users/email/verification/${id}`)).status,
    ).toBe(204);
    expect(
      (await t.call('PUT', `/_be/identity-gateway/users/email/verification/${id}`)).status,
    ).toBe(200);
  });

  it('taken@example.com: EMAIL_ALREADY_USED (US-0036)', async () => {
    const answer = await onboard({ ...base, email: 'taken@example.com' });
    expect(answer.body).toMatchObject({ error: 'EMAIL_ALREADY_USED', error_code: 'US-0036' });
  });

  it('04 Sara: after "no", signing up replaces her account', async () => {
    const otp = await t.verifiedOtp(phone('04'));
    expect((await onboard({ ...base, phone_number: phone('04'), otp })).status).toBe(200);
    const login = await t.post(t.api('/login/phone'), { phone_number: phone('04') });
    expect(login.body.additional_information.challenge).toBe('password');
  });

  it('password rules: under 6 characters US-0067, a weak one US-0052 (flag list)', async () => {
    expect((await onboard({ ...base, password: 'abc' })).body.error_code).toBe('US-0067');
    expect((await onboard({ ...base, password: 'Password' })).body.error_code).toBe('US-0052');
    await t.call('PUT', '/_sandbox/flags', { weakPasswords: 'secret-99' });
    expect((await onboard(base)).body.error_code).toBe('US-0052');
  });

  it('invitation codes: SANDBOX10 is fine, others US-0025', async () => {
    expect((await onboard({ ...base, invitation_code: 'NOPE' })).body.error_code).toBe('US-0025');
    expect((await onboard({ ...base, invitation_code: 'sandbox10' })).body.error).toBe(
      'challenge_required',
    );
  });

  it('a missing name is a 400 invalid_request', async () => {
    const answer = await onboard({ phone_number: phone('03'), password: 'Secret-99' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
  });

  it('social sign-up: new.apple needs no name or password; then Apple login works', async () => {
    const account = SOCIAL_ACCOUNTS.find((item) => item.email === 'new.apple@example.com')!;
    const idToken = makeSocialToken(account, START);
    const otp = await t.verifiedOtp(phone('03'));
    const done = await onboard({ phone_number: phone('03'), apple_id_token: idToken, otp });
    expect(done.status).toBe(200);
    const nonce = (await t.post(t.api('/login/social/nonce'))).body.nonce as string;
    const login = { access_token: makeSocialToken(account, START, nonce), nonce };
    expect((await t.post(t.api('/login/apple'), login)).status).toBe(200);
  });

  it('a registered social account cannot sign up again (US-0036)', async () => {
    const account = SOCIAL_ACCOUNTS.find((item) => item.email === 'google.user@example.com')!;
    const answer = await onboard({
      phone_number: phone('03'),
      google_id_token: makeSocialToken(account, START),
    });
    expect(answer.body.error_code).toBe('US-0036');
  });

  it('corporate tokens: corp-valid prefills; others US-0085', async () => {
    expect(
      (await onboard({ phone_number: phone('03'), corporate_invitation_token: 'corp-invalid' }))
        .body.error_code,
    ).toBe('US-0085');
    expect(
      (await onboard({ phone_number: phone('03'), corporate_invitation_token: 'corp-valid' })).body
        .error,
    ).toBe('challenge_required');
  });
});
