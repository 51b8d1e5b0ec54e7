import { beforeEach, describe, expect, it } from 'vitest';
import { phone, setup } from './helpers.ts';

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

const login = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.post(t.api('/login/phone'), body, headers);

describe('phone login personas', () => {
  it('01 Layla: password challenge, right password gives a token, wrong gives US-0051', async () => {
    const first = await login({ phone_number: phone('01') });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({
      error: 'challenge_required',
      additional_information: { challenge: 'password' },
    });
    const wrong = await login({ phone_number: phone('01'), password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'BAD_CREDENTIALS', error_code: 'US-0051' });
    const right = await login({ phone_number: `+${phone('01')}`, password: 'Sandbox-Pass1' });
    expect(right.status).toBe(200);
    expect(right.body.token).toMatch(/^pt_/);
  });

  it('01 Layla: five wrong passwords block her for 30 minutes (US-0013)', async () => {
    for (let i = 0; i < 4; i += 1) {
      expect((await login({ phone_number: phone('01'), password: 'x' })).body.error_code).toBe(
        'US-0051',
      );
    }
    const blocked = await login({ phone_number: phone('01'), password: 'x' });
    expect(blocked.body.error_code).toBe('US-0013');
    expect(blocked.headers.get('retry-after')).toBe('1800');
    expect(blocked.body.additional_information).toEqual({ retry_after: 1800 });
    t.advance(10 * 60 * 1000);
    const later = await login({ phone_number: phone('01'), password: 'Sandbox-Pass1' });
    expect(later.body.error_code).toBe('US-0013');
    expect(later.headers.get('retry-after')).toBe('1200');
    t.advance(20 * 60 * 1000);
    expect((await login({ phone_number: phone('01'), password: 'Sandbox-Pass1' })).status).toBe(
      200,
    );
  });

  it('02 Omar: OTP challenge; a verified OTP id logs in once', async () => {
    expect((await login({ phone_number: phone('02') })).body.additional_information.challenge).toBe(
      'otp',
    );
    const id = await t.verifiedOtp(phone('02'));
    const ok = await login({ phone_number: phone('02'), otp: id });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTypeOf('string');
    const again = await login({ phone_number: phone('02'), otp: id });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_otp', message: 'ERROR_INVALID_PIN_CODE' });
  });

  it('03 and other numbers: unregistered_user', async () => {
    for (const number of [phone('03'), phone('14'), phone('16'), '971509999999']) {
      const answer = await login({ phone_number: number });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('unregistered_user');
    }
  });

  it('04 Sara: confirm_name with her name; yes logs in; no is a new user', async () => {
    const first = await login({ phone_number: phone('04') });
    expect(first.body).toMatchObject({
      error: 'challenge_required',
      additional_information: { challenge: 'confirm_name', name: 'Sara Ahmed' },
    });
    expect((await login({ phone_number: phone('04'), name_confirmed: true })).status).toBe(200);
    const no = await login({ phone_number: phone('04'), name_confirmed: false });
    expect(no.body.error).toBe('unregistered_user');
  });

  it('05 Yusuf: try_another_way with the challenge details by priority', async () => {
    const first = await login({ phone_number: phone('05') });
    expect(first.body.additional_information).toEqual({
      challenge: 'try_another_way',
      challenge_details: [
        { challenge_name: 'pin', priority: 1 },
        { challenge_name: 'card', priority: 2 },
        { challenge_name: 'email', priority: 3, masked_value: 'y***@example.com' },
        { challenge_name: 'name', priority: 4, masked_value: 'Y*** A**' },
        { challenge_name: 'password', priority: 5 },
      ],
    });
  });

  it.each([
    ['pin', '1234', 'US-0115', 'INVALID_CHALLENGE_PIN'],
    ['card_verification', '4242', 'US-0111', 'INVALID_CHALLENGE_CARD'],
    ['email_verification', 'yusuf@example.com', 'US-0114', 'INVALID_CHALLENGE_EMAIL'],
    ['full_name_verification', 'Yusuf Ali', 'US-0113', 'INVALID_CHALLENGE_NAME'],
    ['password', 'Sandbox-Pass1', 'US-0112', 'INVALID_CHALLENGE_PASSWORD'],
  ])('05 Yusuf: %s right logs in, wrong gives its code', async (field, answer, code, name) => {
    const right = await login({ phone_number: phone('05'), [field]: answer });
    expect(right.status).toBe(200);
    const wrong = await login({ phone_number: phone('05'), [field]: '0000-wrong' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: name, error_code: code });
  });

  it('05 Yusuf: answers are compared without case and extra spaces', async () => {
    expect(
      (await login({ phone_number: phone('05'), full_name_verification: '  yusuf   ali ' })).status,
    ).toBe(200);
    expect(
      (await login({ phone_number: phone('05'), email_verification: 'YUSUF@example.com' })).status,
    ).toBe(200);
  });

  it('06: USER_BLOCKED (US-0068)', async () => {
    const answer = await login({ phone_number: phone('06'), password: 'whatever' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'USER_BLOCKED', error_code: 'US-0068' });
    expect(answer.body.additional_information).toBeUndefined();
  });

  it('18 and 19: USER_BLOCKED (US-0068) with the reason of the payment block', async () => {
    for (const [n, reason] of [
      ['18', 'cash_trip_underpayment'],
      ['19', 'outstanding_payments'],
    ] as const) {
      const answer = await login({ phone_number: phone(n) });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'USER_BLOCKED',
        error_code: 'US-0068',
        additional_information: { block_reason: reason },
      });
    }
  });

  it('07: login is unregistered; onboarding gives USER_BLOCKED_FOR_SIGNUP (US-0089)', async () => {
    expect((await login({ phone_number: phone('07') })).body.error).toBe('unregistered_user');
    const onboard = await t.post('/_be/onboarder/onboard', {
      phone_number: phone('07'),
      full_name: 'Seven',
      password: 'Secret-99',
    });
    expect(onboard.status).toBe(400);
    expect(onboard.body).toMatchObject({
      error: 'USER_BLOCKED_FOR_SIGNUP',
      error_code: 'US-0089',
      additional_information: { error_code: 'US-0089' },
    });
  });

  it('08: password challenge, then any password gives USER_TEMPORARILY_BLOCKED (US-0013)', async () => {
    expect((await login({ phone_number: phone('08') })).body.additional_information.challenge).toBe(
      'password',
    );
    for (const password of ['Sandbox-Pass1', 'other']) {
      const answer = await login({ phone_number: phone('08'), password });
      expect(answer.body).toMatchObject({
        error: 'USER_TEMPORARILY_BLOCKED',
        error_code: 'US-0013',
        additional_information: { retry_after: 1800 },
      });
      expect(answer.headers.get('retry-after')).toBe('1800');
    }
  });

  it('09 and 10: apple and google challenges', async () => {
    expect((await login({ phone_number: phone('09') })).body.additional_information.challenge).toBe(
      'apple',
    );
    expect((await login({ phone_number: phone('10') })).body.additional_information.challenge).toBe(
      'google',
    );
  });

  it('15: sending an OTP gives ERROR_RATE_LIMIT_REACHED (APP-0020)', async () => {
    const answer = await t.post(t.api('/otp/send'), { identifier: phone('15'), type: 'SMS' });
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({
      message: 'ERROR_RATE_LIMIT_REACHED',
      error_code: 'APP-0020',
    });
    expect(answer.headers.get('retry-after')).toBe('120');
    expect(answer.body.additional_information).toEqual({ retry_after: 120 });
    expect((await t.get(`/_sandbox/outbox?to=%2B${phone('15')}`)).body).toEqual([]);
  });

  it('16: onboarding gives PHONE_ALREADY_USED (US-0016)', async () => {
    const answer = await t.post('/_be/onboarder/onboard', {
      phone_number: phone('16'),
      full_name: 'Sixteen',
      password: 'Secret-99',
    });
    expect(answer.body).toMatchObject({ error: 'PHONE_ALREADY_USED', error_code: 'US-0016' });
  });

  it('99: every call about it answers 500 APP-0001', async () => {
    const n = phone('99');
    const calls = [
      login({ phone_number: n }),
      t.post(t.api('/otp/send'), { identifier: n, type: 'SMS' }),
      t.post(t.api('/otp/verify'), { identifier: n, code: '123456' }),
      t.post(t.api('/one-click/login'), { phone_number: n, is_retry: false }),
      t.post('/_be/onboarder/onboard', {
        phone_number: n,
        full_name: 'X Y',
        password: 'Secret-99',
      }),
      t.get(t.api(`/recovery/challenges/sandbox-web?phoneNumber=%2B${n}&otp=123456`)),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ error_code: 'APP-0001' });
    }
  });

  it('a malformed phone number gives INVALID_PHONE_NUMBER (PN-0001)', async () => {
    const answer = await login({ phone_number: 'abc' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'PN-0001', message: 'INVALID_PHONE_NUMBER' });
  });

  it('records the client id of the login in the proof token (shown by the identity service)', async () => {
    const { body } = await login(
      { phone_number: phone('04'), name_confirmed: true },
      { 'x-client-id': 'sandbox-web' },
    );
    expect(t.sandbox.state.proofs.get(body.token)?.clientId).toBe('sandbox-web');
  });
});

describe('one-click personas', () => {
  const oneClick = (nn: string, extra: Record<string, unknown> = {}) =>
    t.post(t.api('/one-click/login'), { phone_number: phone(nn), is_retry: false, ...extra });
  const status = async (id: string) =>
    (await t.get(t.api(`/login/approve-request/${id}/verify`))).body.data.status;

  it("the approval names the checkout's merchant and promo as registered, never the address's (L7)", async () => {
    const hostile = {
      merchant: 'Evil Bank',
      promoValue: '90',
      promoType: '%',
      promoOutcome: 'CASHBACK',
    };
    const known = await oneClick('17', { external_params: { ...hostile, invoice_id: 'INV-8' } });
    expect(known.body).toMatchObject({
      merchant: 'Blue Shoes',
      promo: { value: 30, type: 'AED', outcome: 'DISCOUNT' },
    });
    const pushes = (await t.get(`/_sandbox/outbox?to=%2B${phone('17')}`)).body;
    expect(pushes[0].text).toContain('Blue Shoes');
    expect(pushes[0].text).not.toContain('Evil Bank');
    // An invoice the server does not know (or none): no merchant and no promo at all.
    for (const invoice_id of ['INV-404', 'constructor', undefined]) {
      const unknown = await oneClick('17', {
        external_params: { ...hostile, ...(invoice_id ? { invoice_id } : {}) },
      });
      expect(unknown.status).toBe(200);
      expect(unknown.body).not.toHaveProperty('merchant');
      expect(unknown.body).not.toHaveProperty('promo');
    }
    expect((await t.get(`/_sandbox/outbox?to=%2B${phone('17')}`)).body[0].text).toContain(
      'a merchant',
    );
  });

  it('11: push sent, approved by itself after 3 s, then one proof token', async () => {
    const answer = await oneClick('11', {
      external_params: { merchant: 'Cafe Sandbox', invoice_id: 'INV-7' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(String),
      web_deeplink: expect.stringContaining(answer.body.id),
      number_challenge: expect.stringMatching(/^\d{2}$/),
      merchant: 'Cafe Sandbox',
      promo: { value: 10, type: '%', outcome: 'CASHBACK' },
    });
    const outbox = (await t.get(`/_sandbox/outbox?to=%2B${phone('11')}`)).body;
    expect(outbox[0]).toMatchObject({
      channel: 'push',
      requestId: answer.body.id,
      number: answer.body.number_challenge,
    });
    expect(outbox[0].text).toContain('Cafe Sandbox');
    expect(outbox[0].text).toContain(answer.body.number_challenge);
    expect(await status(answer.body.id)).toBe('pending');
    const early = await t.post(t.api(`/login/approve-request/${answer.body.id}/proof`), {});
    expect(early.body.error).toBe('request_pending');
    t.advance(3000);
    expect(await status(answer.body.id)).toBe('confirmed');
    // The path the sandbox once invented for one-click's proof is gone (spec section 7 names one).
    const invented = await t.post(
      t.api(`/one-click/approve-request/${answer.body.id}/proof`),
      { profiling: { platform: 'web' } },
      { 'x-idp-client-id': 'sandbox-web' },
    );
    expect(invented.status).toBe(404);
    const proof = await t.post(
      t.api(`/login/approve-request/${answer.body.id}/proof`),
      { profiling: { platform: 'web' } },
      { 'x-idp-client-id': 'sandbox-web' },
    );
    expect(proof.status).toBe(200);
    expect(proof.body.token).toMatch(/^pt_/);
    const twice = await t.post(t.api(`/login/approve-request/${answer.body.id}/proof`), {});
    expect(twice.body.error).toBe('request_used');
  });

  it('12: rejected by itself after 3 s; the proof is refused', async () => {
    const { body } = await oneClick('12');
    t.advance(2999);
    expect(await status(body.id)).toBe('pending');
    t.advance(1);
    expect(await status(body.id)).toBe('rejected');
    const proof = await t.post(t.api(`/login/approve-request/${body.id}/proof`), {});
    expect(proof.status).toBe(400);
    expect(proof.body.error).toBe('request_rejected');
  });

  it('13: auth_challenge OTP', async () => {
    expect((await oneClick('13')).body).toEqual({ auth_challenge: 'OTP' });
  });

  it('14 and unknown numbers: 400 invalid_user', async () => {
    for (const nn of ['14', '03']) {
      const answer = await oneClick(nn);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('invalid_user');
      expect(answer.body.error_message).toBeTypeOf('string');
    }
  });

  it('17: a push nobody answers; each retry gets a new id', async () => {
    const first = await oneClick('17');
    t.advance(10 * 60 * 1000);
    expect(await status(first.body.id)).toBe('pending');
    const retry = await oneClick('17', { is_retry: true });
    expect(retry.body.id).not.toBe(first.body.id);
    expect((await t.get(`/_sandbox/outbox?to=%2B${phone('17')}`)).body).toHaveLength(2);
  });

  it('a login repeated with the same Idempotency-Key gets the first answer, one push', async () => {
    const body = { phone_number: phone('17'), is_retry: false };
    const send = async (key: string) =>
      (await t.post(t.api('/one-click/login'), body, { 'idempotency-key': key })).body as {
        id: string;
      };
    const first = await send('k-1');
    expect(await send('k-1')).toEqual(first);
    expect((await send('k-2')).id).not.toBe(first.id);
    const outbox = (await t.get(`/_sandbox/outbox?to=%2B${phone('17')}`)).body as unknown[];
    expect(outbox).toHaveLength(2);
  });

  it('06 blocked: one-click error with additional_information.error_code US-0068', async () => {
    const answer = await oneClick('06');
    expect(answer.status).toBe(400);
    expect(answer.body.additional_information.error_code).toBe('US-0068');
  });
});
