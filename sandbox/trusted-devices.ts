/**
 * The identity API's trusted devices ('Stay signed in on this browser'): a phone or e-mail login
 * with `remember_device: true` that succeeds sets an HttpOnly, SameSite=Strict cookie of the API's
 * origin naming a credential bound to the account, good for 30 days; a later login whose cookie
 * names a live credential of the same account may skip its code (the personas that do:
 * `trustedDeviceSkipsCode` in personas.ts, Omar and Hana). The page never reads the cookie: the
 * login answers `trusted_device_expires_at` while the credential is live. Revoked (`DELETE
 * /login/trusted-device`, the control API's `DELETE /_sandbox/trusted-devices`, a reset) or
 * expired (`POST /_sandbox/trusted-devices/expire`), a credential changes nothing: the code is
 * asked for as usual, no error.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { TRUSTED_DEVICE_DAYS, TRUSTED_DEVICE_PATH } from '../src/contract/identity-api.ts';
import { addSession, describeAgent, SANDBOX_PLACE } from './sessions.ts';
import type { AuthMethod, Sandbox, TrustedDevice } from './state.ts';

export const TRUSTED_DEVICE_COOKIE = 'trusted_device';
export const TRUSTED_DEVICE_MS = TRUSTED_DEVICE_DAYS * 24 * 60 * 60 * 1000;
/** The calls under this path of the API get the cookie: the logins and 'forget this browser'. */
const COOKIE_SCOPE = '/login';

/**
 * The cookie's path: the API's `/login` where the API is served (`/_be/identity-api/login` on the
 * one-origin sandbox, `/login` at the root of its own origin), read off the call's own path.
 */
function cookiePath(c: Context): string {
  const path = c.req.path;
  const at = path.lastIndexOf(`${COOKIE_SCOPE}/`);
  return at < 0 ? COOKIE_SCOPE : `${path.slice(0, at)}${COOKIE_SCOPE}`;
}

const live = (sandbox: Sandbox, device: TrustedDevice | undefined): device is TrustedDevice =>
  device !== undefined && !device.revoked && sandbox.now() < device.expiresAt;

/** The live credential the call's cookie names, whoever it is for. */
function cookieDevice(sandbox: Sandbox, c: Context): TrustedDevice | undefined {
  const id = getCookie(c, TRUSTED_DEVICE_COOKIE);
  const device = id === undefined ? undefined : sandbox.state.trustedDevices.get(id);
  return live(sandbox, device) ? device : undefined;
}

/** The live credential of the call's cookie when it is `sub`'s: this browser is trusted for them. */
export function trustedDeviceOf(
  sandbox: Sandbox,
  c: Context,
  sub: string,
): TrustedDevice | undefined {
  const device = cookieDevice(sandbox, c);
  return device?.sub === sub ? device : undefined;
}

/**
 * A full sign-in of `sub` with 'Stay signed in': a new credential (the cookie's old one, if any,
 * revoked) in an HttpOnly, SameSite=Strict cookie for the API's `/login` calls.
 */
function trustDevice(sandbox: Sandbox, c: Context, sub: string): TrustedDevice {
  const old = getCookie(c, TRUSTED_DEVICE_COOKIE);
  const previous = old === undefined ? undefined : sandbox.state.trustedDevices.get(old);
  if (previous) previous.revoked = true;
  const now = sandbox.now();
  const device: TrustedDevice = {
    id: sandbox.id('td'),
    sub,
    createdAt: now,
    expiresAt: now + TRUSTED_DEVICE_MS,
    revoked: false,
  };
  sandbox.state.trustedDevices.set(device.id, device);
  // Listed on the security page (./sessions.ts) while it stands; signing it out there revokes it.
  addSession(sandbox, {
    sub,
    kind: 'trusted_device',
    ...describeAgent(c.req.header('user-agent') ?? ''),
    ...SANDBOX_PLACE,
    trustedUntil: device.expiresAt,
    trustedDevice: device.id,
  });
  setCookie(c, TRUSTED_DEVICE_COOKIE, device.id, {
    path: cookiePath(c),
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: TRUSTED_DEVICE_MS / 1000,
  });
  return device;
}

/** 'Forget this browser': the cookie's credential revoked, the cookie cleared. */
function forgetDevice(sandbox: Sandbox, c: Context): void {
  const id = getCookie(c, TRUSTED_DEVICE_COOKIE);
  const device = id === undefined ? undefined : sandbox.state.trustedDevices.get(id);
  if (device) device.revoked = true;
  deleteCookie(c, TRUSTED_DEVICE_COOKIE, { path: cookiePath(c) });
}

/**
 * What a phone or e-mail login of `sub` answers besides its token: with 'Stay signed in' after a
 * sign-in that proved something (not a name's word alone, nor the device itself) a new trusted
 * device; either way the live one's expiry, if any.
 */
export function rememberedAnswer(
  sandbox: Sandbox,
  c: Context,
  sub: string,
  amr: readonly AuthMethod[],
  remember: boolean,
): { trusted_device_expires_at?: string } {
  const proved = amr.some((method) => method !== 'user' && method !== 'rba');
  const device =
    remember && proved ? trustDevice(sandbox, c, sub) : trustedDeviceOf(sandbox, c, sub);
  return device ? { trusted_device_expires_at: sandbox.iso(device.expiresAt) } : {};
}

/** The identity API's 'Forget this browser' (`DELETE /login/trusted-device`): always 204. */
export function trustedDeviceRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  app.delete(TRUSTED_DEVICE_PATH, (c) => {
    forgetDevice(sandbox, c);
    return c.body(null, 204);
  });
  return app;
}
