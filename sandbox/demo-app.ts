/**
 * The demo app: a relying party of the identity service, with `openid-client`, on its own origin
 * (`RP_PORT`, 4330). 'Sign in with Masar' runs the code flow with PKCE, state and nonce as the
 * demo client (`sandbox-web`, first-party), in the language chosen (sent as `ui_locales`; a
 * `?ui_locales=` on the page's own address is passed on); the callback verifies the ID token
 * (signature, issuer, audience, nonce, expiry) and the page shows 'Signed in' with its `sub`,
 * `name` and `amr`. 'Sign out' is RP-initiated logout. The partner client (`sandbox-nologo`, not
 * first-party: consent once) stands for the one-click merchant (`acr_values` with merchant and
 * invoice) and the business web app (SSO after an accepted invitation).
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as client from 'openid-client';
import { LOCALE_NAMES, LOCALES } from '../src/i18n/config.ts';
import { escapeHtml, htmlPage, PAGE_HEADERS } from './html.ts';
import { CLIENT_IDS, clientName, DEMO_PATHS } from './identity-service/clients.ts';

export interface DemoAppOptions {
  /** The demo app's own origin, e.g. `http://localhost:4330`. */
  origin: string;
  /** The identity service's issuer, e.g. `http://localhost:4321/_be/idp`. */
  issuer: string;
}

/** The merchant's checkout when the address names none: Cafe Sandbox, invoice INV-1001. */
export const DEMO_CHECKOUT =
  'merchant:Cafe%20Sandbox invoice_id:INV-1001 promoValue:10 promoType:% promoOutcome:CASHBACK';

const FLOW_COOKIE = 'demo_flow';
const SESSION_COOKIE = 'demo_session';
const FLOW_VALIDITY_MS = 30 * 60 * 1000;
/** The demo keeps this many flows and sessions at most (the oldest go first). */
const MAX_KEPT = 500;
/** What an authorize request of the demo may carry from its own address. */
const PASSED_ON = ['ui_locales', 'login_hint', 'prompt', 'max_age', 'acr_values'] as const;

type ClientKey = 'demo' | 'partner';

interface Flow {
  client: ClientKey;
  state: string;
  nonce: string;
  verifier: string;
  createdAt: number;
}

interface Signed {
  client: ClientKey;
  claims: client.IDToken;
  idToken: string;
}

const CALLBACK: Record<ClientKey, string> = {
  demo: DEMO_PATHS.callback,
  partner: DEMO_PATHS.partnerCallback,
};

function keep<V>(map: Map<string, V>, id: string, value: V): void {
  map.set(id, value);
  for (const old of [...map.keys()].slice(0, Math.max(0, map.size - MAX_KEPT))) map.delete(old);
}

const cookieOptions = { httpOnly: true, sameSite: 'Lax', path: '/' } as const;

/** A claim of the ID token as text ('' when it is not a string or a number). */
function claimText(value: unknown): string {
  if (Array.isArray(value)) return value.map(claimText).join(' ');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function page(c: Context, title: string, body: string, status: 200 | 400 = 200) {
  return c.html(htmlPage(`${title} · Masar demo app`, body), status, PAGE_HEADERS);
}

function failed(c: Context, reason: string) {
  return page(
    c,
    'Sign-in failed',
    `<h1>Sign-in failed</h1>
<p class="reason">${escapeHtml(reason)}</p>
<p><a class="button" href="${DEMO_PATHS.home}">Back to the demo app</a></p>`,
    400,
  );
}

function signedInPage(c: Context, signed: Signed) {
  const { claims } = signed;
  const rows = ['sub', 'name', 'amr', 'acr', 'phone_number', 'aud'] as const;
  const table = rows
    .map((name) => [name, claimText(claims[name])] as const)
    .filter(([, value]) => value !== '')
    .map(
      ([name, value]) =>
        `<tr><th scope="row"><code>${name}</code></th><td data-claim="${name}" class="ltr">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const who = claimText(claims['name']) || claims.sub;
  return page(
    c,
    'Signed in',
    `<h1>Signed in</h1>
<p>You are signed in as <strong>${escapeHtml(who)}</strong> to ${escapeHtml(clientName(CLIENT_IDS[signed.client]) ?? '')}.</p>
<table><caption>The verified ID token</caption>${table}</table>
<p>Verified here: its signature, issuer, audience, nonce and expiry.</p>
<form method="get" action="/signout"><button type="submit">Sign out</button></form>`,
  );
}

export function createDemoApp(options: DemoAppOptions): Hono {
  const app = new Hono();
  const flows = new Map<string, Flow>();
  const sessions = new Map<string, Signed>();
  const configs = new Map<ClientKey, Promise<client.Configuration>>();

  /** The client's configuration from the identity service's discovery (once; again after a failure). */
  function config(key: ClientKey): Promise<client.Configuration> {
    let found = configs.get(key);
    if (!found) {
      found = client.discovery(
        new URL(options.issuer),
        CLIENT_IDS[key],
        { id_token_signed_response_alg: 'ES256' },
        client.None(),
        { execute: [client.allowInsecureRequests] },
      );
      found.catch(() => configs.delete(key));
      configs.set(key, found);
    }
    return found;
  }

  /** Starts the code flow for `key`: PKCE, state and nonce kept for the callback. */
  async function signIn(c: Context, key: ClientKey, extra: Record<string, string> = {}) {
    const iss = c.req.query('iss');
    if (iss !== undefined && iss !== options.issuer) {
      return page(
        c,
        'Sign-in failed',
        '<h1>Sign-in failed</h1><p>Unknown identity service.</p>',
        400,
      );
    }
    const flow: Flow = {
      client: key,
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      createdAt: Date.now(),
    };
    const params: Record<string, string> = {
      redirect_uri: `${options.origin}${CALLBACK[key]}`,
      scope: 'openid profile phone',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      ...extra,
    };
    for (const name of PASSED_ON) {
      const value = c.req.query(name);
      if (value) params[name] = value.slice(0, 1024);
    }
    const id = randomBytes(16).toString('base64url');
    keep(flows, id, flow);
    setCookie(c, FLOW_COOKIE, id, { ...cookieOptions, maxAge: FLOW_VALIDITY_MS / 1000 });
    return c.redirect(client.buildAuthorizationUrl(await config(key), params).href, 302);
  }

  /** The callback: the code for tokens, the ID token verified, or why not. */
  async function callback(c: Context, key: ClientKey) {
    const id = getCookie(c, FLOW_COOKIE);
    const flow = id ? flows.get(id) : undefined;
    if (id) flows.delete(id);
    deleteCookie(c, FLOW_COOKIE, { path: '/' });
    if (!flow || flow.client !== key || Date.now() - flow.createdAt > FLOW_VALIDITY_MS) {
      return failed(c, 'This sign-in was not started here, or it took too long.');
    }
    try {
      const tokens = await client.authorizationCodeGrant(
        await config(key),
        new URL(c.req.url, options.origin),
        {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
      );
      const claims = tokens.claims();
      if (!claims || !tokens.id_token) return failed(c, 'No ID token came back.');
      const session = randomBytes(16).toString('base64url');
      keep(sessions, session, { client: key, claims, idToken: tokens.id_token });
      setCookie(c, SESSION_COOKIE, session, cookieOptions);
      return c.redirect(DEMO_PATHS.home, 302);
    } catch (error) {
      return failed(c, reasonOf(error));
    }
  }

  app.get(DEMO_PATHS.home, (c) => {
    const id = getCookie(c, SESSION_COOKIE);
    const signed = id ? sessions.get(id) : undefined;
    return signed
      ? signedInPage(c, signed)
      : page(c, 'Demo app', startBody(c.req.query('ui_locales')));
  });

  app.get(DEMO_PATHS.signIn, (c) => signIn(c, 'demo'));
  app.get(DEMO_PATHS.callback, (c) => callback(c, 'demo'));
  app.get(DEMO_PATHS.partnerSignIn, (c) => signIn(c, 'partner'));
  app.get('/partner/checkout', (c) =>
    signIn(c, 'partner', c.req.query('acr_values') ? {} : { acr_values: DEMO_CHECKOUT }),
  );
  app.get(DEMO_PATHS.partnerCallback, (c) => callback(c, 'partner'));

  app.get('/signout', async (c) => {
    const id = getCookie(c, SESSION_COOKIE);
    const signed = id ? sessions.get(id) : undefined;
    if (id) sessions.delete(id);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    if (!signed) return c.redirect(DEMO_PATHS.home, 302);
    const url = client.buildEndSessionUrl(await config(signed.client), {
      id_token_hint: signed.idToken,
      post_logout_redirect_uri: `${options.origin}${DEMO_PATHS.home}`,
    });
    return c.redirect(url.href, 302);
  });

  return app;
}

function startBody(uiLocales: string | undefined): string {
  const chosen = LOCALES.find((locale) => locale === uiLocales?.split(/\s+/)[0]) ?? 'en';
  const options = LOCALES.map(
    (locale) =>
      `<option value="${locale}"${locale === chosen ? ' selected' : ''}>${escapeHtml(LOCALE_NAMES[locale])}</option>`,
  ).join('');
  return `<h1>Masar demo app</h1>
<p>An app that signs people in with Masar (OpenID Connect, code flow with PKCE).</p>
<form method="get" action="${DEMO_PATHS.signIn}">
<label>Language <select name="ui_locales">${options}</select></label>
<button type="submit">Sign in with Masar</button>
</form>
<h2>Partner app</h2>
<p>Another client, not first-party: Masar asks the person to allow it once.</p>
<ul>
<li><a href="/partner/checkout?ui_locales=${chosen}">Pay with Masar (one-click checkout at Cafe Sandbox)</a></li>
<li><a href="${DEMO_PATHS.partnerSignIn}?ui_locales=${chosen}">Business web app (single sign-on)</a></li>
</ul>`;
}

/** What went wrong at the callback, in a word a person (and a test) can read. */
function reasonOf(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError) {
    return `The identity service answered ${error.error}: ${error.error_description ?? ''}`.trim();
  }
  if (error instanceof client.ResponseBodyError) {
    return `The token endpoint refused the code: ${error.error}`;
  }
  // The innermost cause names what did not match (a nonce of another sign-in, say).
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  const message = inner instanceof Error ? inner.message : String(inner);
  return `The answer could not be verified: ${message}`;
}
