import { beforeEach, describe, expect, it } from 'vitest';
import { phone, setup } from './helpers.ts';

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

const idp = (path: string) => `/_be/idp${path}`;

async function proofToken(clientId = 'sandbox-web'): Promise<string> {
  const answer = await t.post(
    t.api('/login/phone'),
    { phone_number: phone('01'), password: 'Sandbox-Pass1' },
    { 'x-client-id': clientId },
  );
  return answer.body.token as string;
}

function form(fields: Record<string, string>) {
  return t.app.request(idp('/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

describe('POST /login (identity service)', () => {
  it('checks the token, sets a session cookie and names the user and the client', async () => {
    const res = await form({
      token: await proofToken(),
      _csrf: 'x',
      'g-recaptcha-response': '',
      remember: 'true',
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Layla Haddad');
    expect(html).toContain('Sandbox Web');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sbx_idp_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it('a token works once, and not after 5 minutes', async () => {
    const token = await proofToken();
    expect((await form({ token })).status).toBe(200);
    expect((await form({ token })).status).toBe(401);
    const late = await proofToken();
    t.advance(5 * 60 * 1000 + 1);
    expect((await form({ token: late })).status).toBe(401);
    expect((await form({ token: 'pt_forged' })).status).toBe(401);
  });

  it('a form without a token is 400; a JSON body is not a form', async () => {
    expect((await form({ _csrf: 'x' })).status).toBe(400);
    const json = await t.post(idp('/login'), { token: await proofToken() });
    expect(json.status).toBe(400);
  });
});

describe('GET /authorize, userinfo, logout', () => {
  it('sends a signed-out user to the login page in the language of the asking page', async () => {
    const start = await t.app.request(
      idp('/authorize?response_type=token&redirect_uri=%2Far%2Fclient-management%2F'),
    );
    const login = new URL(start.headers.get('location') ?? '', 'http://localhost');
    expect(login.pathname).toBe('/ar/login');
    expect(login.searchParams.get('csrf')).not.toBe('');
  });

  it('sends a signed-out user to /login, then back with an access token', async () => {
    const start = await t.app.request(
      idp(
        '/authorize?response_type=token&client_id=sandbox-web&redirect_uri=%2Finvitation%2Finv-valid&state=s1',
      ),
    );
    expect(start.status).toBe(302);
    const login = new URL(start.headers.get('location') ?? '', 'http://localhost');
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('clientId')).toBe('sandbox-web');
    const csrf = login.searchParams.get('csrf') ?? '';
    expect(csrf).not.toBe('');

    const signedIn = await form({ token: await proofToken(), _csrf: csrf });
    expect(signedIn.status).toBe(302);
    const back = signedIn.headers.get('location') ?? '';
    expect(back).toMatch(/^\/_be\/idp\/authorize\?/);

    const done = await t.app.request(back, { headers: { cookie: cookieOf(signedIn) } });
    expect(done.status).toBe(302);
    const target = done.headers.get('location') ?? '';
    expect(target).toMatch(/^\/invitation\/inv-valid#access_token=at_/);
    const hash = new URLSearchParams(target.split('#')[1]);
    expect(hash.get('token_type')).toBe('Bearer');
    expect(hash.get('state')).toBe('s1');

    const info = await t.get(idp('/api/profile/userinfo'), {
      authorization: `Bearer ${hash.get('access_token')}`,
    });
    expect(info.body).toEqual({
      given_name: 'Layla',
      phone_number: `+${phone('01')}`,
      sub: 'sbx-layla',
    });
    const byCookie = await t.get(idp('/api/profile/userinfo'), { cookie: cookieOf(signedIn) });
    expect(byCookie.status).toBe(200);

    t.advance(3600 * 1000);
    expect(
      (
        await t.get(idp('/api/profile/userinfo'), {
          authorization: `Bearer ${hash.get('access_token')}`,
        })
      ).status,
    ).toBe(401);
  });

  it('refuses redirect_uri values that leave the origin', async () => {
    for (const uri of [
      'https://evil.test/',
      '//evil.test',
      '/\\evil.test',
      'javascript:alert(1)',
      '/ok\nbad',
      '',
    ]) {
      const res = await t.app.request(idp(`/authorize?redirect_uri=${encodeURIComponent(uri)}`));
      expect(res.status, uri).toBe(400);
    }
  });

  it('logout ends the session', async () => {
    const signedIn = await form({ token: await proofToken() });
    const cookie = cookieOf(signedIn);
    const out = await t.app.request(idp('/logout?redirect_uri=%2Flogin%3FclientId%3Dsandbox-web'), {
      headers: { cookie },
    });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/login?clientId=sandbox-web');
    expect((await t.get(idp('/api/profile/userinfo'), { cookie })).status).toBe(401);
    const evil = await t.app.request(idp('/logout?redirect_uri=https://evil.test'));
    expect(evil.headers.get('location')).toBe('/login');
  });

  it('userinfo without credentials is 401 with a Bearer challenge; a forged cookie does not pass', async () => {
    const answer = await t.get(idp('/api/profile/userinfo'));
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect(
      (await t.get(idp('/api/profile/userinfo'), { cookie: 'sbx_idp_session=sess_x.forged' }))
        .status,
    ).toBe(401);
  });
});

describe('connected apps', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  it('sandbox-access-token lists two apps; removing one leaves one', async () => {
    const list = await t.get(idp('/api/approved'), bearer('sandbox-access-token'));
    expect(list.body).toEqual([
      { clientId: 'sandbox-web', clientName: 'Sandbox Web', logoUri: '/_sandbox/logo.svg' },
      { clientId: 'sandbox-nologo', clientName: 'Sandbox No Logo', logoUri: null },
    ]);
    const removed = await t.call(
      'DELETE',
      idp('/api/approved/clients/sandbox-web'),
      undefined,
      bearer('sandbox-access-token'),
    );
    expect(removed.status).toBe(204);
    expect((await t.get(idp('/api/approved'), bearer('sandbox-access-token'))).body).toHaveLength(
      1,
    );
    const again = await t.call(
      'DELETE',
      idp('/api/approved/clients/sandbox-web'),
      undefined,
      bearer('sandbox-access-token'),
    );
    expect(again.status).toBe(404);
  });
  it('sandbox-empty-token lists none; any other token or none is 401', async () => {
    expect((await t.get(idp('/api/approved'), bearer('sandbox-empty-token'))).body).toEqual([]);
    expect((await t.get(idp('/api/approved'), bearer('other'))).status).toBe(401);
    expect((await t.get(idp('/api/approved'))).status).toBe(401);
    expect((await t.call('DELETE', idp('/api/approved/clients/sandbox-web'))).status).toBe(401);
  });
});

describe('authorize requests waiting for a sign-in', () => {
  it('keeps at most 1000, forgetting the oldest', async () => {
    for (let i = 0; i < 1005; i += 1) await t.app.request(idp('/authorize?redirect_uri=%2F'));
    expect(t.sandbox.state.pendingAuthorize.size).toBe(1000);
  });
});
