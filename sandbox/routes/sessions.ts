/**
 * Identity API: the security page's calls (src/contract/sessions.ts). Each takes the bearer access
 * token of this front end's pages (the identity service's, or the contract's fixed tokens) and
 * works on the account's sessions and trusted devices (../sessions.ts) and passkeys. The token's
 * own session is the current one; a token whose session was signed out is refused (401).
 */
import { Hono, type Context } from 'hono';
import {
  ACCOUNT_PASSKEY_PATH,
  ACCOUNT_PASSKEYS_PATH,
  SESSION_PATH,
  SESSIONS_PATH,
  SessionsQuery,
  type SessionsResponse,
} from '../../src/contract/sessions.ts';
import { LAST_SIGN_IN_METHOD } from '../../src/contract/errors.ts';
import { fail, queryOf } from '../errors.ts';
import { honoPath, param } from '../http.ts';
import type { IdentityService } from '../identity-service/index.ts';
import { ACCESS_TOKENS } from '../personas.ts';
import { listPasskeys, listSessions, revokeAll, revokeSession, touchSession } from '../sessions.ts';
import type { DeviceSessionRecord, Sandbox, User } from '../state.ts';

const refused = (c: Context): never => {
  c.header('WWW-Authenticate', 'Bearer');
  return fail(401, {
    error: 'unauthorized',
    error_description: 'A valid access token is required',
  });
};

export function sessionRoutes(sandbox: Sandbox, idp: IdentityService): Hono {
  const app = new Hono();

  /** The bearer's account and its current session (made at its first call), or 401. */
  async function signedIn(c: Context): Promise<{ user: User; session: DeviceSessionRecord }> {
    const token = /^Bearer\s+(\S{1,4096})$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return refused(c);
    const fixed = ACCESS_TOKENS[token];
    const owner = fixed
      ? { sub: fixed, key: `token:${token}` }
      : await idp
          .sessionOfToken(token)
          .then((found) => (found ? { sub: found.sub, key: `idp:${found.session}` } : undefined));
    const user = owner ? sandbox.state.users.get(owner.sub) : undefined;
    if (!owner || !user) return refused(c);
    const session = touchSession(sandbox, user.sub, owner.key, c.req.header('user-agent') ?? '');
    return session ? { user, session } : refused(c);
  }

  app.get(SESSIONS_PATH, async (c) => {
    const { user, session } = await signedIn(c);
    const answer: SessionsResponse = { sessions: listSessions(sandbox, user.sub, session.id) };
    return c.json(answer);
  });

  app.delete(SESSIONS_PATH, async (c) => {
    const { user, session } = await signedIn(c);
    queryOf(c, SessionsQuery);
    return c.json({ revoked: revokeAll(sandbox, user.sub, session.id) });
  });

  app.delete(honoPath(SESSION_PATH), async (c) => {
    const { user } = await signedIn(c);
    if (!revokeSession(sandbox, user.sub, param(c, 'id'))) {
      fail(404, { error: 'not_found', error_description: 'This session is already signed out' });
    }
    return c.body(null, 204);
  });

  app.get(ACCOUNT_PASSKEYS_PATH, async (c) => {
    const { user } = await signedIn(c);
    return c.json(listPasskeys(sandbox, user));
  });

  app.delete(honoPath(ACCOUNT_PASSKEY_PATH), async (c) => {
    const { user } = await signedIn(c);
    const { passkeys } = sandbox.state;
    const found = passkeys.get(param(c, 'id'));
    if (found?.sub !== user.sub) {
      fail(404, { error: 'not_found', error_description: 'No such passkey on this account' });
    }
    const others = [...passkeys.values()].filter((item) => item.sub === user.sub).length - 1;
    if (others === 0 && !user.phone && !user.email && !user.password) {
      fail(409, {
        error: LAST_SIGN_IN_METHOD,
        error_description: 'This passkey is the only way to sign in to this account',
      });
    }
    passkeys.delete(found.id);
    return c.body(null, 204);
  });

  return app;
}
