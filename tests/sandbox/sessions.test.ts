/**
 * The security page's calls: sessions and trusted devices (the current one made at the first call,
 * marked, and kept), signing one out (404 once gone, its token refused), everywhere else, and the
 * account's passkeys (listed with the user handle, removed, the last one kept only when it is the
 * only way in).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { revokeAll } from '../../sandbox/sessions.ts';
import { setup, START } from './helpers.ts';

const LAYLA = {
  authorization: 'Bearer sandbox-access-token',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
};
const OMAR = { authorization: 'Bearer sandbox-empty-token' };

describe('sessions and passkeys of the security page', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(async () => {
    t = setup();
    expect((await t.post('/_sandbox/sessions/sample')).status).toBe(200);
  });

  it('lists the sessions, most recent first, the current one (this browser) marked', async () => {
    const answer = await t.get(t.api('/sessions'), LAYLA);
    expect(answer.status).toBe(200);
    const sessions = answer.body.sessions as { id: string; current: boolean }[];
    expect(sessions.map((item) => item.id).slice(1)).toEqual([
      'ses-layla-iphone',
      'ses-layla-windows',
      'ses-layla-android',
    ]);
    expect(sessions[0]).toMatchObject({
      current: true,
      kind: 'session',
      browser: 'Chrome',
      os: 'Linux',
      city: 'Dubai',
      country: 'AE',
      lastActiveAt: new Date(START).toISOString(),
    });
    expect(sessions.filter((item) => item.current)).toHaveLength(1);
    expect(answer.body.sessions[1]).toMatchObject({ kind: 'trusted_device', device: 'iPhone' });
    // The same token is the same session.
    t.advance(60_000);
    const again = await t.get(t.api('/sessions'), LAYLA);
    expect(again.body.sessions).toHaveLength(4);
    expect(again.body.sessions[0].id).toBe(sessions[0]?.id);
  });

  it('refuses a call without a valid token', async () => {
    expect((await t.get(t.api('/sessions'))).status).toBe(401);
    expect((await t.get(t.api('/sessions'), { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await t.get(t.api('/passkeys'), { authorization: 'Bearer nope' })).status).toBe(401);
  });

  it('signs one session out; a second time is 404; another account’s is 404', async () => {
    expect(
      (await t.call('DELETE', t.api('/sessions/ses-omar-android'), undefined, LAYLA)).status,
    ).toBe(404);
    expect(
      (await t.call('DELETE', t.api('/sessions/ses-layla-windows'), undefined, LAYLA)).status,
    ).toBe(204);
    expect(
      (await t.call('DELETE', t.api('/sessions/ses-layla-windows'), undefined, LAYLA)).status,
    ).toBe(404);
    const left = (await t.get(t.api('/sessions'), LAYLA)).body.sessions as { id: string }[];
    expect(left.map((item) => item.id)).not.toContain('ses-layla-windows');
    expect((await t.get(t.api('/sessions'), OMAR)).body.sessions).toHaveLength(2);
  });

  it('signs out everywhere else and keeps the current session', async () => {
    const answer = await t.call('DELETE', t.api('/sessions?except=current'), undefined, LAYLA);
    expect(answer.body).toEqual({ revoked: 3 });
    const left = (await t.get(t.api('/sessions'), LAYLA)).body.sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    expect((await t.call('DELETE', t.api('/sessions'), undefined, LAYLA)).status).toBe(400);
  });

  it('revokeAll (for other calls) ends the current session too: its token is refused', async () => {
    await t.get(t.api('/sessions'), LAYLA);
    expect(revokeAll(t.sandbox, 'sbx-layla')).toBe(4);
    expect((await t.get(t.api('/sessions'), LAYLA)).status).toBe(401);
    await t.post('/_sandbox/reset');
    expect((await t.get(t.api('/sessions'), LAYLA)).status).toBe(200);
  });

  it('lists the passkeys with the user handle; removes one, then the last (the phone stays)', async () => {
    const listed = await t.get(t.api('/passkeys'), LAYLA);
    expect(listed.body).toMatchObject({
      userId: Buffer.from('sbx-layla').toString('base64url'),
      name: '+971500000001',
      displayName: 'Layla Haddad',
    });
    const passkeys = listed.body.passkeys as {
      id: string;
      name: string;
      lastUsedAt: string | null;
    }[];
    expect(passkeys.map((item) => item.name)).toEqual([
      'Google Password Manager',
      'iCloud Keychain',
    ]);
    expect(passkeys[0]?.lastUsedAt).toBeNull();
    for (const passkey of passkeys) {
      const path = t.api(`/passkeys/${passkey.id}`);
      expect((await t.call('DELETE', path, undefined, OMAR)).status).toBe(404);
      expect((await t.call('DELETE', path, undefined, LAYLA)).status).toBe(204);
      expect((await t.call('DELETE', path, undefined, LAYLA)).status).toBe(404);
    }
    expect((await t.get(t.api('/passkeys'), LAYLA)).body.passkeys).toEqual([]);
  });

  it('keeps the last passkey of an account with no other way in (409)', async () => {
    const layla = t.sandbox.state.users.get('sbx-layla');
    if (!layla) throw new Error('no Layla');
    delete layla.phone;
    delete layla.email;
    delete layla.password;
    const [first, last] = (await t.get(t.api('/passkeys'), LAYLA)).body.passkeys;
    expect((await t.call('DELETE', t.api(`/passkeys/${first.id}`), undefined, LAYLA)).status).toBe(
      204,
    );
    const refused = await t.call('DELETE', t.api(`/passkeys/${last.id}`), undefined, LAYLA);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('last_sign_in_method');
  });
});
