import { beforeEach, describe, expect, it } from 'vitest';
import { phone, setup, START } from './helpers.ts';

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

const ORIGIN = { origin: 'https://account.example:4321' };

/** Hana signs in with a code: the proof token that authorizes her enrolment. */
async function hanaToken(): Promise<string> {
  const otp = await t.verifiedOtp(`+${phone('20')}`);
  const login = await t.post(t.api('/login/phone'), { phone_number: phone('20'), otp });
  expect(login.status).toBe(200);
  return login.body.token as string;
}

const assertion = (challenge: string, id = 'bm90LWtub3du') => ({
  credential: {
    id,
    rawId: id,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge, origin: ORIGIN.origin }),
      ).toString('base64url'),
      authenticatorData: 'AAAA',
      signature: 'AAAA',
    },
  },
});

describe('passkeys (the sandbox as relying party)', () => {
  it('Hana logs in with a code until she has a passkey', async () => {
    const login = await t.post(t.api('/login/phone'), { phone_number: phone('20') });
    expect(login.status).toBe(400);
    expect(login.body.additional_information.challenge).toBe('otp');
  });

  it('registration options need the proof token of a login as bearer', async () => {
    const none = await t.post(t.api('/passkeys/registration/options'), {}, ORIGIN);
    expect(none.status).toBe(401);
    const wrong = await t.post(
      t.api('/passkeys/registration/options'),
      {},
      {
        ...ORIGIN,
        authorization: 'Bearer pt_unknown',
      },
    );
    expect(wrong.status).toBe(401);
  });

  it('registration options name the page host as RP id and Hana as user, with UV required', async () => {
    const token = await hanaToken();
    const answer = await t.post(
      t.api('/passkeys/registration/options'),
      {},
      {
        ...ORIGIN,
        authorization: `Bearer ${token}`,
      },
    );
    expect(answer.status).toBe(200);
    const options = answer.body.data;
    expect(options.rp).toEqual({ id: 'account.example', name: 'Masar' });
    expect(options.user.name).toBe(`+${phone('20')}`);
    expect(options.user.displayName).toBe('Hana Saleh');
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.excludeCredentials).toEqual([]);
    expect(t.sandbox.state.passkeyChallenges.get(options.challenge)).toMatchObject({
      kind: 'registration',
      sub: 'sbx-hana',
      rpId: 'account.example',
    });
  });

  it('the proof token stays good for the identity service after an enrolment call', async () => {
    const token = await hanaToken();
    await t.post(
      t.api('/passkeys/registration/options'),
      {},
      {
        ...ORIGIN,
        authorization: `Bearer ${token}`,
      },
    );
    expect(t.sandbox.state.proofs.get(token)?.used).toBe(false);
  });

  it('a registration whose challenge was not handed out is refused', async () => {
    const token = await hanaToken();
    const answer = await t.post(
      t.api('/passkeys/registration'),
      {
        credential: {
          id: 'abc',
          rawId: 'abc',
          type: 'public-key',
          clientExtensionResults: {},
          response: {
            clientDataJSON: Buffer.from(
              JSON.stringify({ type: 'webauthn.create', challenge: 'made-up' }),
            ).toString('base64url'),
            attestationObject: 'AAAA',
          },
        },
      },
      { ...ORIGIN, authorization: `Bearer ${token}` },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_passkey');
  });

  it('login options: discoverable credentials on the page host, UV required', async () => {
    const answer = await t.post(t.api('/login/passkey/options'), {}, ORIGIN);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      rpId: 'account.example',
      userVerification: 'required',
    });
    expect(answer.body.data.allowCredentials ?? []).toEqual([]);
  });

  it('a passkey the server does not know is invalid_passkey, and its challenge is spent', async () => {
    const options = (await t.post(t.api('/login/passkey/options'), {}, ORIGIN)).body.data;
    const first = await t.post(t.api('/login/passkey'), assertion(options.challenge), ORIGIN);
    expect(first.status).toBe(400);
    expect(first.body.error).toBe('invalid_passkey');
    expect(t.sandbox.state.passkeyChallenges.has(options.challenge)).toBe(false);
  });

  it('an answer to an expired challenge is refused', async () => {
    const options = (await t.post(t.api('/login/passkey/options'), {}, ORIGIN)).body.data;
    t.advance(121_000);
    const late = await t.post(t.api('/login/passkey'), assertion(options.challenge), ORIGIN);
    expect(late.status).toBe(400);
    expect(late.body.error_description).toMatch(/challenge/);
  });

  it('a reset forgets every passkey and open challenge', async () => {
    const options = (await t.post(t.api('/login/passkey/options'), {}, ORIGIN)).body.data;
    t.sandbox.state.passkeys.set('cred', {
      id: 'cred',
      sub: 'sbx-hana',
      publicKey: new Uint8Array([1]),
      counter: 0,
      rpId: 'account.example',
      name: 'Chrome on Linux',
      createdAt: START,
    });
    const excluded = async () => {
      const token = await hanaToken();
      const answer = await t.post(
        t.api('/passkeys/registration/options'),
        {},
        {
          ...ORIGIN,
          authorization: `Bearer ${token}`,
        },
      );
      return answer.body.data.excludeCredentials.map((item: { id: string }) => item.id);
    };
    expect(await excluded()).toEqual(['cred']);
    expect((await t.post('/_sandbox/reset')).status).toBeLessThan(300);
    expect(await excluded()).toEqual([]);
    const late = await t.post(t.api('/login/passkey'), assertion(options.challenge), ORIGIN);
    expect(late.body.error_description).toMatch(/challenge/);
  });
});
