/**
 * Identity service: the OpenID provider (sandbox/identity-service/) for every path it knows, and
 * the spec's calls beside it: connected apps and user info, with a bearer access token (one the
 * provider issued to this front end's pages, or the contract's `sandbox-access-token` and
 * `sandbox-empty-token`). The business API reads its bearer the same way (`bearerUser`).
 */
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import {
  APPROVED_APP_PATH,
  APPROVED_APPS_PATH,
  USER_INFO_PATH,
  type ApprovedAppsResponse,
  type UserInfo,
} from '../../src/contract/identity-service.ts';
import { splitFullName } from '../../src/lib/names.ts';
import { fail } from '../errors.ts';
import { honoPath, param } from '../http.ts';
import type { IdentityService } from '../identity-service/index.ts';
import { ACCESS_TOKENS, CLIENTS } from '../personas.ts';
import type { Sandbox, User } from '../state.ts';

/** The user of the request's bearer access token, or undefined (none, unknown, expired). */
export async function bearerUser(
  c: Context,
  sandbox: Sandbox,
  idp: IdentityService,
): Promise<User | undefined> {
  const match = /^Bearer\s+(\S{1,4096})$/i.exec(c.req.header('authorization') ?? '');
  const token = match?.[1];
  if (!token) return undefined;
  const sub = ACCESS_TOKENS[token] ?? (await idp.accountOfToken(token));
  return sub ? sandbox.state.users.get(sub) : undefined;
}

/** 401 with a Bearer challenge unless the request carries a valid access token. */
export async function requireBearer(
  c: Context,
  sandbox: Sandbox,
  idp: IdentityService,
): Promise<User> {
  const user = await bearerUser(c, sandbox, idp);
  if (!user) {
    c.header('WWW-Authenticate', 'Bearer');
    fail(401, { error: 'unauthorized', error_description: 'A valid access token is required' });
  }
  return user;
}

export function identityServiceRoutes(sandbox: Sandbox, idp: IdentityService): Hono {
  const app = new Hono();
  const requireUser = (c: Context) => requireBearer(c, sandbox, idp);

  app.get(APPROVED_APPS_PATH, async (c) => {
    const user = await requireUser(c);
    const apps: ApprovedAppsResponse = user.apps.flatMap((clientId) => {
      const client = CLIENTS.find((item) => item.clientId === clientId);
      return client
        ? [{ clientId, clientName: client.clientName, logoUri: client.logoUri ?? null }]
        : [];
    });
    return c.json(apps);
  });

  app.delete(honoPath(APPROVED_APP_PATH), async (c) => {
    const user = await requireUser(c);
    const clientId = param(c, 'clientId');
    if (!user.apps.includes(clientId)) {
      fail(404, { error: 'not_found', error_description: 'This app is not connected' });
    }
    // Removed: the app's next sign-in asks for consent again.
    user.apps = user.apps.filter((item) => item !== clientId);
    return c.body(null, 204);
  });

  app.get(USER_INFO_PATH, async (c) => {
    const user = await requireUser(c);
    const info: UserInfo = {
      given_name: splitFullName(user.fullName).firstName,
      phone_number: user.phone ?? '',
      sub: user.sub,
    };
    return c.json(info);
  });

  // Everything else is the OpenID provider's, on Node's own request and response.
  app.all('*', async (c) => {
    // Node's request and response, which @hono/node-server passes as the bindings.
    const { incoming, outgoing } = (c.env ?? {}) as Partial<HttpBindings>;
    if (!incoming || !outgoing) {
      fail(501, {
        error: 'not_implemented',
        error_description: 'The identity service answers on the Node server only',
      });
    }
    await idp.handle(incoming, outgoing);
    return RESPONSE_ALREADY_SENT;
  });

  return app;
}
