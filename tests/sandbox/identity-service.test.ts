/**
 * The identity service as an OpenID provider, served for real: discovery, the authorize request's
 * hand-over to the front end's /login (presets, language, the browser binding), the /login form
 * that finishes only the interaction bound to this browser with a proof of its client, the code
 * flow with PKCE to a verified ID token at the demo app, consent, logout, 'start again', and every
 * bad input of issue 30 refused with nobody signed in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Browser, continueTarget, serveSandbox, type Served } from './server.ts';

let s: Served;
beforeEach(async () => {
  s = await serveSandbox();
});
afterEach(async () => {
  await s.close();
});

const b64 = (bytes: Buffer) => bytes.toString('base64url');
const random = () => b64(randomBytes(32));
const challengeOf = (verifier: string) => b64(createHash('sha256').update(verifier).digest());

/** A proof token from the sandbox's phone login (Layla's password, or a code for the others). */
async function proof(nn = '01', clientId = 'sandbox-web'): Promise<string> {
  const api = (path: string) => `${s.origin}/_be/identity-api${path}`;
  const post = (path: string, body: unknown) =>
    fetch(api(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': clientId },
      body: JSON.stringify(body),
    }).then((res) => res.json() as Promise<Record<string, any>>);
  const phone = `+9715000000${nn}`;
  if (nn === '01')
    return (await post('/login/phone', { phone_number: phone, password: 'Sandbox-Pass1' })).token;
  await post('/otp/send', { identifier: phone, type: 'SMS' });
  const verified = await post('/otp/verify', { identifier: phone, code: '123456' });
  return (await post('/login/phone', { phone_number: phone, otp: verified.data.id })).token;
}

interface Started {
  login: URL;
  csrf: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
}

/** An authorize request of a client, as a relying party sends it; resolves at the login page. */
async function authorize(
  browser: Browser,
  extra: Record<string, string> = {},
  clientId = 'sandbox-web',
  redirectUri = `${s.demoOrigin}/callback`,
): Promise<Started> {
  const verifier = random();
  const started = { state: random(), nonce: random(), verifier, redirectUri };
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope: 'openid profile phone',
    redirect_uri: redirectUri,
    state: started.state,
    nonce: started.nonce,
    code_challenge: challengeOf(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  const res = await browser.request(s.idp(`/authorize?${query}`));
  expect(res.status).toBe(303);
  const login = new URL(res.headers.get('location') ?? '', s.origin);
  return { ...started, login, csrf: login.searchParams.get('csrf') ?? '' };
}

/** The /login form post; resolves with where the identity service sends the browser next. */
async function finish(browser: Browser, fields: Record<string, string>) {
  const res = await browser.post(s.idp('/login'), fields);
  const html = res.status === 200 ? await res.text() : '';
  const next = res.headers.get('location') ?? continueTarget(html) ?? '';
  return { status: res.status, next: new URL(next, s.origin) };
}

/** From the 'continue' page to the client's redirect URI (its code and state). */
async function codeAfter(browser: Browser, next: URL): Promise<URL> {
  const { url } = await browser.follow(next, (url) => url.origin !== s.origin);
  return url;
}

async function exchange(code: string, started: Started, clientId = 'sandbox-web') {
  const res = await fetch(s.idp('/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: started.redirectUri,
      client_id: clientId,
      code_verifier: started.verifier,
    }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

/** A whole sign-in of Layla for the demo client, to the code; resolves with it. */
async function signIn(browser: Browser, extra: Record<string, string> = {}) {
  const started = await authorize(browser, extra);
  const done = await finish(browser, {
    token: await proof(),
    _csrf: started.csrf,
    remember: 'true',
  });
  expect(done.status).toBe(200);
  const back = await codeAfter(browser, done.next);
  return { started, back, code: back.searchParams.get('code') ?? '' };
}

function expectRefused(done: { status: number; next: URL }, error: string, path = '/login') {
  expect(done.status).toBe(302);
  expect(done.next.pathname).toBe(path);
  expect(done.next.searchParams.get('error')).toBe(error);
}

/** Nobody is signed in: a new authorize request of this browser asks for the login page. */
async function expectSignedOut(browser: Browser) {
  const again = await authorize(browser);
  expect(again.login.pathname).toMatch(/\/login$/);
}

describe('discovery', () => {
  it('names the endpoints, S256 only, ES256 ID tokens and the claims with amr and acr', async () => {
    const doc = (await (await fetch(s.idp('/.well-known/openid-configuration'))).json()) as Record<
      string,
      any
    >;
    expect(doc.issuer).toBe(s.issuer);
    expect(doc.authorization_endpoint).toBe(s.idp('/authorize'));
    expect(doc.token_endpoint).toBe(s.idp('/token'));
    expect(doc.end_session_endpoint).toBe(s.idp('/logout'));
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.id_token_signing_alg_values_supported).toEqual(['ES256']);
    expect(doc.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'name', 'phone_number', 'amr', 'acr']),
    );
  });
});

describe('the authorize request hands the person to the front end', () => {
  it('/{lang}/login from ui_locales, with csrf, clientId and the phone of login_hint; bound to the browser', async () => {
    const browser = new Browser();
    const started = await authorize(browser, {
      ui_locales: 'de ar-AE fr',
      login_hint: '+971 50 000 0001',
    });
    expect(started.login.pathname).toBe('/ar/login');
    expect([...started.login.searchParams.keys()]).toEqual([
      'csrf',
      'clientId',
      'fullMobileNumber',
    ]);
    expect(started.login.searchParams.get('clientId')).toBe('sandbox-web');
    expect(started.login.searchParams.get('fullMobileNumber')).toBe('971500000001');
    expect(started.csrf).toMatch(/^[\w-]{20,}$/);
  });

  it('English when no tag is spoken here; one-click for a merchant’s acr_values', async () => {
    const browser = new Browser();
    expect((await authorize(browser, { ui_locales: 'de' })).login.pathname).toBe('/login');
    const acr = 'merchant:Cafe%20Sandbox invoice_id:INV-1';
    const oneClick = await authorize(
      browser,
      { acr_values: acr },
      'sandbox-nologo',
      `${s.demoOrigin}/partner/callback`,
    );
    expect(oneClick.login.pathname).toBe('/login/one-click');
    expect(oneClick.login.searchParams.get('acr_values')).toBe(acr);
    expect(oneClick.login.searchParams.get('clientId')).toBe('sandbox-nologo');
  });
});

describe('the /login form post and the code flow', () => {
  it('finishes the sign-in: code for tokens with the verifier; the ID token says who and how', async () => {
    const browser = new Browser();
    const { started, back, code } = await signIn(browser);
    expect(back.origin + back.pathname).toBe(`${s.demoOrigin}/callback`);
    expect(back.searchParams.get('state')).toBe(started.state);
    expect(back.searchParams.get('iss')).toBe(s.issuer);
    const tokens = await exchange(code, started);
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe('Bearer');
    const claims = claimsOf(tokens.body.id_token);
    expect(claims).toMatchObject({
      iss: s.issuer,
      aud: 'sandbox-web',
      sub: 'sbx-layla',
      name: 'Layla Haddad',
      phone_number: '+971500000001',
      amr: ['pwd'],
      nonce: started.nonce,
    });
    expect(claims).not.toHaveProperty('acr');
    // Signed in now: the app's next authorize request comes straight back with a code.
    const query = new URLSearchParams({
      client_id: 'sandbox-web',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: started.redirectUri,
      state: 's2',
      nonce: 'n2',
      code_challenge: challengeOf(random()),
      code_challenge_method: 'S256',
    });
    const again = new URL(
      (await browser.request(s.idp(`/authorize?${query}`))).headers.get('location') ?? '',
    );
    expect(again.origin + again.pathname).toBe(started.redirectUri);
    expect(again.searchParams.get('code')).toBeTruthy();
  });

  it('a one-click sign-in carries acr_values as acr; a code sign-in says otp', async () => {
    const browser = new Browser();
    const acr = 'merchant:Cafe%20Sandbox invoice_id:INV-1';
    const started = await authorize(
      browser,
      { acr_values: acr },
      'sandbox-nologo',
      `${s.demoOrigin}/partner/callback`,
    );
    const done = await finish(browser, {
      token: await proof('01', 'sandbox-nologo'),
      _csrf: started.csrf,
    });
    const back = await codeAfter(browser, done.next);
    const tokens = await exchange(back.searchParams.get('code') ?? '', started, 'sandbox-nologo');
    expect(claimsOf(tokens.body.id_token)).toMatchObject({
      acr,
      amr: ['pwd'],
      aud: 'sandbox-nologo',
    });

    const omar = new Browser();
    const otp = await authorize(omar);
    const finished = await finish(omar, { token: await proof('02'), _csrf: otp.csrf });
    const code = (await codeAfter(omar, finished.next)).searchParams.get('code') ?? '';
    expect(claimsOf((await exchange(code, otp)).body.id_token)).toMatchObject({
      sub: 'sbx-omar',
      amr: ['otp'],
    });
  });

  it('the demo app verifies the ID token and shows sub, name and amr', async () => {
    const browser = new Browser();
    const start = await browser.request(`${s.demoOrigin}/signin?ui_locales=ar`);
    const authorizeUrl = new URL(start.headers.get('location') ?? '');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('ui_locales')).toBe('ar');
    const { url: login } = await browser.follow(authorizeUrl, (url) =>
      url.pathname.endsWith('/login'),
    );
    const done = await finish(browser, {
      token: await proof(),
      _csrf: login.searchParams.get('csrf') ?? '',
    });
    const { response, url } = await browser.follow(done.next);
    expect(url.href).toBe(`${s.demoOrigin}/`);
    const page = await response.text();
    expect(page).toContain('<h1>Signed in</h1>');
    expect(page).toContain('data-claim="sub" class="ltr">sbx-layla<');
    expect(page).toContain('data-claim="name" class="ltr">Layla Haddad<');
    expect(page).toContain('data-claim="amr" class="ltr">pwd<');
  });

  it('prompt=login and max_age=0 ask for a fresh sign-in of a signed-in browser', async () => {
    const browser = new Browser();
    await signIn(browser);
    expect((await authorize(browser, { prompt: 'login' })).login.pathname).toBe('/login');
    expect((await authorize(browser, { max_age: '0' })).login.pathname).toBe('/login');
  });
});

describe('bad input: refused, back to /login with an error, nobody signed in', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['forged', 'csrf-forged-0000000000000'],
  ])(
    'a %s _csrf: session_expired, in the interaction’s language and client',
    async (_name, csrf) => {
      const browser = new Browser();
      await authorize(browser, { ui_locales: 'ar' });
      const fields: Record<string, string> = { token: await proof() };
      if (csrf !== undefined) fields['_csrf'] = csrf;
      const done = await finish(browser, fields);
      expectRefused(done, 'session_expired', '/ar/login');
      expect(done.next.searchParams.get('clientId')).toBe('sandbox-web');
      await expectSignedOut(browser);
    },
  );

  it('another browser’s interaction id (login CSRF): session_expired, the proof not spent on it', async () => {
    const victim = new Browser();
    const attacker = new Browser();
    const started = await authorize(attacker);
    const done = await finish(victim, { token: await proof(), _csrf: started.csrf });
    expectRefused(done, 'session_expired');
    await expectSignedOut(victim);
  });

  it('a stale _csrf (the interaction timed out): session_expired', async () => {
    const browser = new Browser();
    const started = await authorize(browser, { ui_locales: 'fr' });
    const token = await proof();
    s.advance(31 * 60 * 1000);
    const done = await finish(browser, { token, _csrf: started.csrf });
    expectRefused(done, 'session_expired', '/fr/login');
  });

  it('a replayed _csrf (already finished): session_expired', async () => {
    const browser = new Browser();
    const started = await authorize(browser);
    expect((await finish(browser, { token: await proof(), _csrf: started.csrf })).status).toBe(200);
    expectRefused(
      await finish(browser, { token: await proof(), _csrf: started.csrf }),
      'session_expired',
    );
  });

  it('a proof of another client, expired or forged: sign_in_failed', async () => {
    const browser = new Browser();
    const started = await authorize(browser);
    const other = await proof('01', 'sandbox-nologo');
    expectRefused(await finish(browser, { token: other, _csrf: started.csrf }), 'sign_in_failed');
    expectRefused(
      await finish(browser, { token: 'pt_forged', _csrf: started.csrf }),
      'sign_in_failed',
    );
    const late = await proof();
    s.advance(5 * 60 * 1000 + 1);
    expectRefused(await finish(browser, { token: late, _csrf: started.csrf }), 'sign_in_failed');
    await expectSignedOut(browser);
  });

  it('the robot check asked for and not answered: recaptcha_failed, the proof not spent', async () => {
    const browser = new Browser();
    const started = await authorize(browser, { ui_locales: 'ar' });
    const token = await proof();
    s.sandbox.state.flagOverrides.recaptchaV2 = true;
    expectRefused(
      await finish(browser, { token, _csrf: started.csrf }),
      'recaptcha_failed',
      '/ar/login',
    );
    expectRefused(
      await finish(browser, { token, _csrf: started.csrf, 'g-recaptcha-response': '' }),
      'recaptcha_failed',
      '/ar/login',
    );
    const answered = { token, _csrf: started.csrf, 'g-recaptcha-response': 'sandbox-recaptcha-1' };
    expect((await finish(browser, answered)).status).toBe(200);
  });

  it('a proof already used: sign_in_failed', async () => {
    const first = new Browser();
    const token = await proof();
    const started = await authorize(first);
    expect((await finish(first, { token, _csrf: started.csrf })).status).toBe(200);
    const second = new Browser();
    const again = await authorize(second);
    expectRefused(await finish(second, { token, _csrf: again.csrf }), 'sign_in_failed');
  });

  it('a replayed code: invalid_grant, and the tokens of the first use are revoked', async () => {
    const browser = new Browser();
    const { started, code } = await signIn(browser);
    const first = await exchange(code, started);
    expect(first.status).toBe(200);
    const replay = await exchange(code, started);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('a code with the wrong PKCE verifier: invalid_grant', async () => {
    const browser = new Browser();
    const { started, code } = await signIn(browser);
    const wrong = await exchange(code, { ...started, verifier: random() });
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('an unregistered or inexact redirect URI: an error page, never a redirect', async () => {
    const browser = new Browser();
    for (const uri of [
      'https://evil.test/callback',
      `${s.demoOrigin}/callback/`,
      `${s.demoOrigin}/callback?next=x`,
      `${s.origin}/client-management/`,
    ]) {
      const query = new URLSearchParams({
        client_id: 'sandbox-web',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: uri,
        state: 's',
        nonce: 'n',
        code_challenge: challengeOf(random()),
        code_challenge_method: 'S256',
      });
      const res = await browser.request(s.idp(`/authorize?${query}`));
      expect(res.status, uri).toBe(400);
      expect(res.headers.get('location'), uri).toBeNull();
      expect(await res.text()).toContain('invalid_redirect_uri');
    }
  });

  it('no PKCE, or plain: refused at the client’s redirect URI', async () => {
    const browser = new Browser();
    const base = {
      client_id: 'sandbox-web',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${s.demoOrigin}/callback`,
      state: 's',
      nonce: 'n',
    };
    for (const extra of [{}, { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }]) {
      const res = await browser.request(
        s.idp(`/authorize?${new URLSearchParams({ ...base, ...extra })}`),
      );
      const back = new URL(res.headers.get('location') ?? '');
      expect(back.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('the demo app refuses a return whose state or nonce is not its own', async () => {
    // State: a code of another sign-in, brought to this browser's callback.
    const browser = new Browser();
    const start = await browser.request(`${s.demoOrigin}/signin`);
    expect(start.status).toBe(302);
    const other = new Browser();
    const { back } = await signIn(other);
    const stateMismatch = await browser.request(`${s.demoOrigin}/callback${back.search}`);
    expect(stateMismatch.status).toBe(400);
    expect(await stateMismatch.text()).toMatch(/Sign-in failed/);

    // Nonce: this browser's state and PKCE challenge, but another nonce in the authorize request.
    const victim = new Browser();
    const rpStart = new URL(
      (await victim.request(`${s.demoOrigin}/signin`)).headers.get('location') ?? '',
    );
    rpStart.searchParams.set('nonce', random());
    const { url: login } = await victim.follow(rpStart, (url) => url.pathname.endsWith('/login'));
    const done = await finish(victim, {
      token: await proof(),
      _csrf: login.searchParams.get('csrf') ?? '',
    });
    const { response } = await victim.follow(done.next);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/nonce/i);
  });
});

describe('consent for a client that is not first-party', () => {
  async function partnerSignIn(browser: Browser) {
    const started = await authorize(
      browser,
      {},
      'sandbox-nologo',
      `${s.demoOrigin}/partner/callback`,
    );
    const done = await finish(browser, {
      token: await proof('02', 'sandbox-nologo'),
      _csrf: started.csrf,
    });
    const consent = await browser.follow(done.next, (url) => url.pathname.includes('/consent/'));
    return { started, consent };
  }

  it('asks once; allowed, the app is connected and the code comes back', async () => {
    const browser = new Browser();
    const { consent } = await partnerSignIn(browser);
    expect(consent.url.pathname).toMatch(/^\/_be\/idp\/consent\/[\w-]+$/);
    const page = await consent.response.text();
    expect(page).toContain('Allow Sandbox No Logo to sign you in?');
    // The form posts where the page is (the service's prefix included), as a browser would.
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
    expect(action).toBe(consent.url.pathname);
    const uid = consent.url.pathname.split('/').pop() ?? '';
    const allowed = await browser.post(new URL(action, consent.url), { uid, decision: 'allow' });
    const back = await codeAfter(browser, new URL(allowed.headers.get('location') ?? '', s.origin));
    expect(back.pathname).toBe('/partner/callback');
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(s.sandbox.state.users.get('sbx-omar')?.apps).toContain('sandbox-nologo');
  });

  it('declined: access_denied at the app, no code', async () => {
    const browser = new Browser();
    const { consent } = await partnerSignIn(browser);
    const uid = consent.url.pathname.split('/').pop() ?? '';
    const denied = await browser.post(consent.url, { uid, decision: 'deny' });
    const back = await codeAfter(browser, new URL(denied.headers.get('location') ?? '', s.origin));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('the consent form of another browser is refused', async () => {
    const browser = new Browser();
    const { consent } = await partnerSignIn(browser);
    const uid = consent.url.pathname.split('/').pop() ?? '';
    const forged = await new Browser().post(consent.url, { uid, decision: 'allow' });
    expect(forged.status).toBe(400);
  });
});

describe('logout, start again, and the APIs beside the provider', () => {
  it('RP-initiated logout asks, ends the session, and goes to the registered address', async () => {
    const browser = new Browser();
    const { started, code } = await signIn(browser);
    const { body } = await exchange(code, started);
    const query = new URLSearchParams({
      id_token_hint: body.id_token,
      post_logout_redirect_uri: `${s.demoOrigin}/`,
    });
    const ask = await browser.request(s.idp(`/logout?${query}`));
    const html = await ask.text();
    expect(html).toContain('Sign out of Masar?');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const done = await browser.post(s.idp('/logout/confirm'), { xsrf, logout: 'yes' });
    expect(done.headers.get('location')).toBe(`${s.demoOrigin}/`);
    await expectSignedOut(browser);
    const unregistered = await browser.request(
      s.idp(
        `/logout?client_id=sandbox-web&post_logout_redirect_uri=${encodeURIComponent('https://evil.test/')}`,
      ),
    );
    expect(unregistered.status).toBe(400);
  });

  it('start again: to the client’s own start with iss; an unknown client gets a page', async () => {
    const res = await fetch(s.idp('/start?client_id=sandbox-web'), { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(
      `${s.demoOrigin}/signin?iss=${encodeURIComponent(s.issuer)}`,
    );
    const unknown = await fetch(s.idp('/start?client_id=nope'), { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Start again from the app');
  });

  it('connected apps and user info take this front end’s access tokens, not another client’s', async () => {
    const browser = new Browser();
    const redirectUri = `${s.origin}/ar/client-management/`;
    const started = await authorize(browser, {}, 'account-web', redirectUri);
    const done = await finish(browser, {
      token: await proof('01', 'account-web'),
      _csrf: started.csrf,
    });
    const back = await codeAfter(browser, done.next);
    expect(back.href.startsWith(redirectUri)).toBe(true);
    const account = await exchange(back.searchParams.get('code') ?? '', started, 'account-web');
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const apps = await fetch(s.idp('/api/approved'), {
      headers: bearer(account.body.access_token),
    });
    expect(await apps.json()).toHaveLength(2);
    const info = await fetch(s.idp('/api/profile/userinfo'), {
      headers: bearer(account.body.access_token),
    });
    expect(await info.json()).toEqual({
      given_name: 'Layla',
      phone_number: '+971500000001',
      sub: 'sbx-layla',
    });

    const demo = new Browser();
    const demoSignIn = await signIn(demo);
    const demoTokens = await exchange(demoSignIn.code, demoSignIn.started);
    const refused = await fetch(s.idp('/api/approved'), {
      headers: bearer(demoTokens.body.access_token),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    // The token endpoint answers the page's origin (CORS), not another one.
    const preflight = await fetch(s.idp('/token'), {
      method: 'OPTIONS',
      headers: { origin: s.origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(s.origin);
  });

  it('a reset forgets every session', async () => {
    const browser = new Browser();
    await signIn(browser);
    await fetch(`${s.origin}/_sandbox/reset`, { method: 'POST' });
    await expectSignedOut(browser);
  });
});
