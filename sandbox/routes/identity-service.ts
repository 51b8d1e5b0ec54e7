/**
 * Identity service: the `/login` form that finishes a sign-in (checks the proof token, sets a
 * signed session cookie), the implicit-grant `/authorize` entry, `/logout`, connected apps and
 * user info. Bearer tokens: the contract's `sandbox-access-token` and `sandbox-empty-token`, or
 * those `/authorize` issues. Mounted under its `/_be/idp` prefix on the site's origin (the
 * one-origin sandbox), or at the root of an origin of its own that sends people to the site's
 * pages on theirs (the production topology, sandbox/topology.ts).
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { localizedPath, splitLocale } from '../../src/i18n/config.ts';
import {
  APPROVED_APP_PATH,
  APPROVED_APPS_PATH,
  AUTHORIZE_PATH,
  AuthorizeQuery,
  IDP_LOGIN_PATH,
  IdpLoginForm,
  LOGOUT_PATH,
  USER_INFO_PATH,
  type ApprovedAppsResponse,
  type UserInfo,
} from '../../src/contract/identity-service.ts';
import * as v from 'valibot';
import { fail } from '../errors.ts';
import { escapeHtml, htmlPage, PAGE_HEADERS } from '../html.ts';
import { honoPath, param } from '../http.ts';
import { ACCESS_TOKENS, CLIENTS } from '../personas.ts';
import { ACCESS_TOKEN_VALIDITY_S, SESSION_VALIDITY_MS, type Sandbox, type User } from '../state.ts';
import { consumeProof } from '../queries.ts';

export const SESSION_COOKIE = 'sbx_idp_session';
const DEFAULT_CLIENT = 'sandbox-web';
const MAX_PENDING_AUTHORIZE = 1000;

/** Where the service is mounted and where the site's pages are. */
export interface IdentityServiceMount {
  /** The service's own path prefix: `/_be/idp`, or '' at the root of its own origin. */
  base: string;
  /** The site's origin, or '' when the site shares the service's origin. */
  site: string;
}

/** A path on this origin (no scheme, no host, no `//`, no backslash, no control characters). */
export function isSameOriginPath(target: string): boolean {
  if (
    !target.startsWith('/') ||
    target.startsWith('//') ||
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    /[\\\u0000-\u001f\u007f]/.test(target)
  ) {
    return false;
  }
  try {
    const base = 'http://sandbox.invalid';
    return new URL(target, base).origin === base;
  } catch {
    return false;
  }
}

/**
 * A return address the service accepts: a path of the site, given as a path (the site shares the
 * service's origin) or as an absolute address on the site's origin. Undefined for anything else.
 */
export function sitePath(target: string, site: string): string | undefined {
  if (isSameOriginPath(target)) return target;
  if (!site) return undefined;
  try {
    const url = new URL(target);
    return url.origin === site ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

function firstName(fullName: string): string {
  const words = fullName.trim().split(/\s+/u).filter(Boolean);
  return words.length <= 1 ? (words[0] ?? '') : words.slice(0, -1).join(' ');
}

function page(c: Context, status: 200 | 400 | 401, title: string, body: string): Response {
  return c.html(htmlPage(title, body), status, PAGE_HEADERS);
}

/** Who is signed in: by the session cookie of the `/login` form, or by a bearer token. */
function signedInUsers(sandbox: Sandbox, secret: string) {
  const { state } = sandbox;

  async function sessionUser(c: Context): Promise<User | undefined> {
    const id = await getSignedCookie(c, secret, SESSION_COOKIE);
    if (!id) return undefined;
    const session = state.sessions.get(id);
    if (!session || sandbox.now() >= session.expiresAt) return undefined;
    return state.users.get(session.sub);
  }

  function bearerUser(c: Context): User | undefined {
    const match = /^Bearer\s+(\S{1,512})$/i.exec(c.req.header('authorization') ?? '');
    const token = match?.[1];
    if (!token) return undefined;
    const fixed = ACCESS_TOKENS[token];
    if (fixed) return state.users.get(fixed);
    const issued = state.accessTokens.get(token);
    if (!issued || (issued.expiresAt !== undefined && sandbox.now() >= issued.expiresAt))
      return undefined;
    return state.users.get(issued.sub);
  }

  async function requireUser(c: Context, cookieToo: boolean): Promise<User> {
    const user = bearerUser(c) ?? (cookieToo ? await sessionUser(c) : undefined);
    if (!user) {
      c.header('WWW-Authenticate', 'Bearer');
      fail(401, { error: 'unauthorized', error_description: 'A valid access token is required' });
    }
    return user;
  }

  return { sessionUser, requireUser };
}

/** What the sandbox shows where the client application would take over after a sign-in. */
function signedInPage(
  c: Context,
  mount: IdentityServiceMount,
  user: User,
  clientId: string | undefined,
): Response {
  const client = CLIENTS.find((item) => item.clientId === clientId);
  const appsLink = `${mount.base}${AUTHORIZE_PATH}?response_type=token&redirect_uri=${encodeURIComponent(`${mount.site}/client-management/`)}`;
  return page(
    c,
    200,
    'Signed in',
    `<h1>Signed in</h1>
<p>You are signed in as <strong>${escapeHtml(user.fullName)}</strong>${client ? ` to <strong>${escapeHtml(client.clientName)}</strong>` : ''}.</p>
<p>This page stands in for the client application in the sandbox.</p>
<ul>
<li><a href="${escapeHtml(appsLink)}">Connected apps</a></li>
<li><a href="${mount.base}${LOGOUT_PATH}">Sign out</a></li>
<li><a href="${mount.site}/_sandbox">Sandbox control page</a></li>
</ul>`,
  );
}

/** The signed-in user's connected apps (bearer token only) and user info (cookie too). */
function accountRoutes(users: ReturnType<typeof signedInUsers>): Hono {
  const app = new Hono();
  const { requireUser } = users;

  app.get(APPROVED_APPS_PATH, async (c) => {
    const user = await requireUser(c, false);
    const apps: ApprovedAppsResponse = user.apps.flatMap((clientId) => {
      const client = CLIENTS.find((item) => item.clientId === clientId);
      return client
        ? [{ clientId, clientName: client.clientName, logoUri: client.logoUri ?? null }]
        : [];
    });
    return c.json(apps);
  });

  app.delete(honoPath(APPROVED_APP_PATH), async (c) => {
    const user = await requireUser(c, false);
    const clientId = param(c, 'clientId');
    if (!user.apps.includes(clientId)) {
      fail(404, { error: 'not_found', error_description: 'This app is not connected' });
    }
    user.apps = user.apps.filter((item) => item !== clientId);
    return c.body(null, 204);
  });

  app.get(USER_INFO_PATH, async (c) => {
    const user = await requireUser(c, true);
    const info: UserInfo = {
      given_name: firstName(user.fullName),
      phone_number: user.phone ?? '',
      sub: user.sub,
    };
    return c.json(info);
  });

  return app;
}

export function identityServiceRoutes(
  sandbox: Sandbox,
  secret: string,
  mount: IdentityServiceMount,
): Hono {
  const app = new Hono();
  const { state } = sandbox;
  const users = signedInUsers(sandbox, secret);
  const { sessionUser } = users;

  app.post(IDP_LOGIN_PATH, async (c) => {
    const type = c.req.header('content-type') ?? '';
    const form = /application\/x-www-form-urlencoded|multipart\/form-data/i.test(type)
      ? await c.req.parseBody()
      : {};
    const parsed = v.safeParse(IdpLoginForm, form);
    if (!parsed.success) {
      return page(
        c,
        400,
        'Sign-in failed',
        `<h1>Sign-in failed</h1><p>The sign-in form was incomplete.</p><p><a href="${mount.site}/login">Back to sign-in</a></p>`,
      );
    }
    const proof = consumeProof(sandbox, parsed.output.token);
    const user = proof ? state.users.get(proof.sub) : undefined;
    if (!proof || !user) {
      return page(
        c,
        401,
        'Sign-in failed',
        `<h1>Sign-in failed</h1><p>This sign-in token is invalid, expired or already used.</p><p><a href="${mount.site}/login">Back to sign-in</a></p>`,
      );
    }
    const remember = ['true', 'on', '1'].includes(parsed.output.remember ?? '');
    const id = sandbox.id('sess');
    const session = {
      id,
      sub: user.sub,
      createdAt: sandbox.now(),
      expiresAt: sandbox.now() + SESSION_VALIDITY_MS,
    };
    state.sessions.set(id, proof.clientId ? { ...session, clientId: proof.clientId } : session);
    await setSignedCookie(c, SESSION_COOKIE, id, secret, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      ...(remember ? { maxAge: SESSION_VALIDITY_MS / 1000 } : {}),
    });
    const csrf = parsed.output._csrf;
    const pending = csrf ? state.pendingAuthorize.get(csrf) : undefined;
    if (csrf && pending) {
      state.pendingAuthorize.delete(csrf);
      return c.redirect(`${mount.base}${AUTHORIZE_PATH}?${pending.query}`, 302);
    }
    return signedInPage(c, mount, user, proof.clientId);
  });

  app.get(AUTHORIZE_PATH, async (c) => {
    const parsed = v.safeParse(AuthorizeQuery, c.req.query());
    const returnPath = parsed.success
      ? sitePath(parsed.output.redirect_uri, mount.site)
      : undefined;
    if (!parsed.success || returnPath === undefined) {
      return page(
        c,
        400,
        'Invalid request',
        '<h1>Invalid request</h1><p>redirect_uri must be a path on this site.</p>',
      );
    }
    const query = parsed.output;
    const user = await sessionUser(c);
    if (!user) {
      const csrf = sandbox.id('csrf');
      // Forget the oldest waiting requests so a looping client cannot grow memory without bound.
      for (const key of [...state.pendingAuthorize.keys()].slice(0, -MAX_PENDING_AUTHORIZE + 1)) {
        state.pendingAuthorize.delete(key);
      }
      state.pendingAuthorize.set(csrf, {
        csrf,
        query: new URL(c.req.url).searchParams.toString(),
        createdAt: sandbox.now(),
      });
      const login = new URLSearchParams({ clientId: query.client_id ?? DEFAULT_CLIENT, csrf });
      // The sign-in page in the language of the page that asked (e.g. /ar/client-management/).
      const { locale } = splitLocale(returnPath.split(/[?#]/)[0] ?? '/');
      return c.redirect(`${mount.site}${localizedPath(locale, '/login')}?${login.toString()}`, 302);
    }
    const token = sandbox.id('at');
    state.accessTokens.set(token, {
      token,
      sub: user.sub,
      expiresAt: sandbox.now() + ACCESS_TOKEN_VALIDITY_S * 1000,
    });
    const hash = new URLSearchParams({
      access_token: token,
      token_type: 'Bearer',
      expires_in: String(ACCESS_TOKEN_VALIDITY_S),
      ...(query.state ? { state: query.state } : {}),
    });
    const target = `${mount.site}${returnPath.split('#')[0] ?? '/'}`;
    c.header('Cache-Control', 'no-store');
    return c.redirect(`${target}#${hash.toString()}`, 302);
  });

  app.get(LOGOUT_PATH, async (c) => {
    const id = await getSignedCookie(c, secret, SESSION_COOKIE);
    if (id) state.sessions.delete(id);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    const target = sitePath(c.req.query('redirect_uri') ?? '', mount.site);
    return c.redirect(`${mount.site}${target ?? '/login'}`, 302);
  });

  app.route('/', accountRoutes(users));

  return app;
}
