/**
 * The identity API's trusted devices ('Stay signed in on this browser', sandbox/trusted-devices.ts):
 * the cookie a remembered sign-in sets, the code it lets Omar and Hana skip, and what revokes or
 * expires it (the forget call, the control API, 30 days, a reset).
 */
import { describe, expect, it } from 'vitest';
import { listSessions, revokeAll, revokeSession } from '../../sandbox/sessions.ts';
import { TRUSTED_DEVICE_MS } from '../../sandbox/trusted-devices.ts';
import { phone, setup, START, type Answer } from './helpers.ts';

/** The `trusted_device=...` pair a `Set-Cookie` sets, to send back as the browser would. */
function cookieOf(answer: Answer): string {
  const set = answer.headers.get('set-cookie') ?? '';
  const pair = /^trusted_device=[^;]*/.exec(set)?.[0];
  if (!pair) throw new Error(`no trusted_device cookie in ${set}`);
  return pair;
}

/** Omar's (or Hana's) code sign-in, with 'Stay signed in' or not. */
async function codeSignIn(t: ReturnType<typeof setup>, nn: string, remember: boolean) {
  const otp = await t.verifiedOtp(`+${phone(nn)}`);
  return t.post(t.api('/login/phone'), {
    phone_number: phone(nn),
    otp,
    is_known_device: false,
    remember_device: remember,
  });
}

const again = (t: ReturnType<typeof setup>, nn: string, cookie: string) =>
  t.post(t.api('/login/phone'), { phone_number: phone(nn), is_known_device: true }, { cookie });

describe('trusted devices', () => {
  it("sets an HttpOnly, SameSite=Strict cookie for the API's logins after a remembered sign-in", async () => {
    const t = setup();
    const signedIn = await codeSignIn(t, '02', true);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.trusted_device_expires_at).toBe(
      new Date(START + TRUSTED_DEVICE_MS).toISOString(),
    );
    const set = signedIn.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Strict/i);
    expect(set).toMatch(/Path=\/_be\/identity-api\/login(;|$)/);
    expect(set).toMatch(/Max-Age=2592000/);
    // Not sent over plain http as Secure (localhost); the contract says Secure over https.
    expect(set).not.toMatch(/Secure/i);
    const listed = await t.get('/_sandbox/trusted-devices');
    expect(listed.body).toEqual([expect.objectContaining({ sub: 'sbx-omar', revoked: false })]);
  });

  it('sets nothing without the box, nor after a failed sign-in', async () => {
    const t = setup();
    const plain = await codeSignIn(t, '02', false);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('set-cookie')).toBeNull();
    expect(plain.body.trusted_device_expires_at).toBeUndefined();
    const wrong = await t.post(t.api('/login/phone'), {
      phone_number: phone('01'),
      password: 'wrong',
      remember_device: true,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    // A name's word alone (persona 04) proves nothing: no trusted device for it.
    const name = await t.post(t.api('/login/phone'), {
      phone_number: phone('04'),
      name_confirmed: true,
      remember_device: true,
    });
    expect(name.status).toBe(200);
    expect(name.headers.get('set-cookie')).toBeNull();
  });

  it('lets Omar and Hana skip the code on that browser for 30 days (amr rba)', async () => {
    const t = setup();
    for (const nn of ['02', '20']) {
      const cookie = cookieOf(await codeSignIn(t, nn, true));
      const skipped = await again(t, nn, cookie);
      expect(skipped.status, nn).toBe(200);
      expect(skipped.body.trusted_device_expires_at, nn).toBeDefined();
      expect(t.sandbox.state.proofs.get(skipped.body.token)?.amr, nn).toEqual(['rba']);
      // Without the cookie (another browser), the code as usual, whatever the body says.
      const elsewhere = await t.post(t.api('/login/phone'), {
        phone_number: phone(nn),
        is_known_device: true,
      });
      expect(elsewhere.body.additional_information?.challenge, nn).toBe('otp');
    }
  });

  it("is one account's: another's login still asks for its code", async () => {
    const t = setup();
    const cookie = cookieOf(await codeSignIn(t, '02', true));
    const hana = await again(t, '20', cookie);
    expect(hana.status).toBe(400);
    expect(hana.body.additional_information.challenge).toBe('otp');
    // Layla still types her password; the answer names the live device only when it is hers.
    const layla = await t.post(
      t.api('/login/phone'),
      { phone_number: phone('01'), password: 'Sandbox-Pass1' },
      { cookie },
    );
    expect(layla.status).toBe(200);
    expect(layla.body.trusted_device_expires_at).toBeUndefined();
  });

  it('asks for the code again once revoked, expired, forgotten or reset, with no error', async () => {
    const t = setup();
    const asked = async (cookie: string) => {
      const answer = await again(t, '02', cookie);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('challenge_required');
      expect(answer.body.additional_information.challenge).toBe('otp');
    };
    // Revoked by the control API.
    let cookie = cookieOf(await codeSignIn(t, '02', true));
    expect((await t.call('DELETE', '/_sandbox/trusted-devices')).status).toBe(204);
    await asked(cookie);
    // Expired by the control API, and by the clock after 30 days.
    cookie = cookieOf(await codeSignIn(t, '02', true));
    expect((await t.post('/_sandbox/trusted-devices/expire')).status).toBe(200);
    await asked(cookie);
    cookie = cookieOf(await codeSignIn(t, '02', true));
    t.advance(TRUSTED_DEVICE_MS - 1);
    expect((await again(t, '02', cookie)).status).toBe(200);
    t.advance(1);
    await asked(cookie);
    // Forgotten by the browser's own call, which clears the cookie too.
    cookie = cookieOf(await codeSignIn(t, '02', true));
    const forgotten = await t.call('DELETE', t.api('/login/trusted-device'), undefined, {
      cookie,
    });
    expect(forgotten.status).toBe(204);
    expect(forgotten.headers.get('set-cookie')).toMatch(/^trusted_device=;.*Max-Age=0/);
    await asked(cookie);
    // Forgotten by a reset.
    cookie = cookieOf(await codeSignIn(t, '02', true));
    await t.post('/_sandbox/reset');
    await asked(cookie);
  });

  it('replaces the browser’s last device with a new remembered sign-in', async () => {
    const t = setup();
    const first = cookieOf(await codeSignIn(t, '02', true));
    const second = cookieOf(
      await t.post(
        t.api('/login/phone'),
        {
          phone_number: phone('02'),
          otp: await t.verifiedOtp(`+${phone('02')}`),
          remember_device: true,
        },
        { cookie: first },
      ),
    );
    expect(second).not.toBe(first);
    expect((await again(t, '02', first)).status).toBe(400);
    expect((await again(t, '02', second)).status).toBe(200);
  });

  it('is listed on the security page while it stands; signed out there, or everywhere, it is revoked', async () => {
    const t = setup();
    const devices = () =>
      listSessions(t.sandbox, 'sbx-omar').filter((row) => row.kind === 'trusted_device');
    const seeded = devices().length;
    const cookie = cookieOf(await codeSignIn(t, '02', true));
    const added = devices().find((row) => !row.id.startsWith('ses-omar'));
    expect(devices()).toHaveLength(seeded + 1);
    expect(added?.trustedUntil).toBe(new Date(START + TRUSTED_DEVICE_MS).toISOString());
    expect(revokeSession(t.sandbox, 'sbx-omar', added?.id ?? '')).toBe(true);
    expect((await again(t, '02', cookie)).status).toBe(400);
    expect(devices()).toHaveLength(seeded);

    // Everywhere else ('This wasn't me', or the page's button): every credential of the account.
    const next = cookieOf(await codeSignIn(t, '02', true));
    revokeAll(t.sandbox, 'sbx-omar');
    expect((await again(t, '02', next)).status).toBe(400);
    expect(devices()).toEqual([]);

    // Revoked by the control API (or expired): no longer listed either.
    cookieOf(await codeSignIn(t, '02', true));
    expect(devices()).toHaveLength(1);
    await t.post('/_sandbox/trusted-devices/expire');
    expect(devices()).toEqual([]);
  });
});
