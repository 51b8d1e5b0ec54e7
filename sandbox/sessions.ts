/**
 * Where each account is signed in: its sessions and trusted devices (state.ts `sessions`), the one
 * module that reads and changes them. The security page's calls (./routes/sessions.ts) list and
 * end them; other calls may end them too (`revokeAll`, for 'this wasn't me') or add a trusted
 * device (`addSession`, for 'stay signed in'). A session ended has its key refused from then on,
 * so the access tokens of the sign-in that made it stop working.
 */
import { TRUSTED_DEVICE_DAYS } from '../src/contract/identity-api.ts';
import type { AccountPasskeysResponse, DeviceSession } from '../src/contract/sessions.ts';
import { SEED_PASSKEYS, SEED_SESSIONS } from './personas.ts';
import type { DeviceSessionRecord, Sandbox, StoredPasskey, User } from './state.ts';

/** Where the sandbox places every new session (it has no address book of its own). */
export const SANDBOX_PLACE = { city: 'Dubai', country: 'AE' } as const;

function sampleSessions(now: number): Map<string, DeviceSessionRecord> {
  return new Map(
    SEED_SESSIONS.map((seed) => {
      const { signedInAgoMs, activeAgoMs, ...rest } = seed;
      const record: DeviceSessionRecord = {
        ...rest,
        signedInAt: now - signedInAgoMs,
        lastActiveAt: now - activeAgoMs,
      };
      if (seed.kind === 'trusted_device') record.trustedUntil = now - signedInAgoMs + TRUST_MS;
      return [seed.id, record];
    }),
  );
}

function samplePasskeys(now: number): Map<string, StoredPasskey> {
  return new Map(
    SEED_PASSKEYS.map((seed) => [
      seed.id,
      {
        id: seed.id,
        sub: seed.sub,
        name: seed.name,
        // Not a key anyone holds: listed, never signed in with.
        publicKey: new Uint8Array(),
        counter: 0,
        rpId: 'localhost',
        createdAt: now - seed.createdAgoMs,
        ...(seed.usedAgoMs === undefined ? {} : { lastUsedAt: now - seed.usedAgoMs }),
      },
    ]),
  );
}

/**
 * The security page's sample (`POST /_sandbox/sessions/sample`): Layla's three other sessions
 * (one a trusted device) and two listed passkeys, Omar's and Hana's one session each. Not in the
 * seed: a reset forgets every session, trusted device and passkey (sandbox contract).
 */
export function addSample(sandbox: Sandbox): void {
  const now = sandbox.now();
  for (const [id, record] of sampleSessions(now)) sandbox.state.sessions.set(id, record);
  for (const [id, passkey] of samplePasskeys(now)) sandbox.state.passkeys.set(id, passkey);
}

/** How long a trusted device may skip the code. */
export const TRUST_MS = TRUSTED_DEVICE_DAYS * 24 * 60 * 60 * 1000;

/** Browser, system and device from a User-Agent, as far as the common ones go. */
export function describeAgent(
  userAgent: string,
): Pick<DeviceSessionRecord, 'browser' | 'os' | 'device'> {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /iPhone|iPod/.test(ua)
    ? 'iOS'
    : /iPad/.test(ua)
      ? 'iPadOS'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : 'Unknown system';
  const device = /iPhone/.test(ua) ? 'iPhone' : /iPad/.test(ua) ? 'iPad' : undefined;
  return device ? { browser, os, device } : { browser, os };
}

/** Adds a session (or trusted device) of `sub`; answers its id. */
export function addSession(
  sandbox: Sandbox,
  entry: Omit<DeviceSessionRecord, 'id' | 'signedInAt' | 'lastActiveAt'>,
): DeviceSessionRecord {
  const now = sandbox.now();
  const record: DeviceSessionRecord = {
    ...entry,
    id: sandbox.id('ses'),
    signedInAt: now,
    lastActiveAt: now,
  };
  sandbox.state.sessions.set(record.id, record);
  return record;
}

/**
 * The session of the access tokens with `key`, active now: made on its first call (this browser,
 * the sandbox's place); undefined once signed out (the token is refused).
 */
export function touchSession(
  sandbox: Sandbox,
  sub: string,
  key: string,
  userAgent: string,
): DeviceSessionRecord | undefined {
  const { state } = sandbox;
  if (state.revokedSessionKeys.has(key)) return undefined;
  const found = [...state.sessions.values()].find((item) => item.sub === sub && item.key === key);
  if (found) {
    found.lastActiveAt = sandbox.now();
    return found;
  }
  return addSession(sandbox, {
    sub,
    key,
    kind: 'session',
    ...describeAgent(userAgent),
    ...SANDBOX_PLACE,
  });
}

/** Whether a row still stands: a trusted device's credential revoked or expired ends it. */
function standing(sandbox: Sandbox, item: DeviceSessionRecord): boolean {
  if (!item.trustedDevice) return true;
  const device = sandbox.state.trustedDevices.get(item.trustedDevice);
  return device !== undefined && !device.revoked && sandbox.now() < device.expiresAt;
}

/** The account's sessions and trusted devices, most recently active first. */
export function listSessions(sandbox: Sandbox, sub: string, currentId?: string): DeviceSession[] {
  return [...sandbox.state.sessions.values()]
    .filter((item) => item.sub === sub && standing(sandbox, item))
    .sort((a, b) => b.lastActiveAt - a.lastActiveAt)
    .map((item) => ({
      id: item.id,
      current: item.id === currentId,
      kind: item.kind,
      browser: item.browser,
      os: item.os,
      ...(item.device ? { device: item.device } : {}),
      ...(item.city ? { city: item.city } : {}),
      ...(item.country ? { country: item.country } : {}),
      lastActiveAt: sandbox.iso(item.lastActiveAt),
      signedInAt: sandbox.iso(item.signedInAt),
      ...(item.trustedUntil ? { trustedUntil: sandbox.iso(item.trustedUntil) } : {}),
    }));
}

/** Ends one session of `sub`; false when there is none with that id (already signed out). */
export function revokeSession(sandbox: Sandbox, sub: string, id: string): boolean {
  const { state } = sandbox;
  const found = state.sessions.get(id);
  if (!found || found.sub !== sub) return false;
  state.sessions.delete(id);
  if (found.key) state.revokedSessionKeys.add(found.key);
  const device = found.trustedDevice ? state.trustedDevices.get(found.trustedDevice) : undefined;
  if (device) device.revoked = true;
  return true;
}

/**
 * Ends every session and forgets every trusted device of `sub`, but `exceptId`'s; answers how
 * many were ended.
 */
export function revokeAll(sandbox: Sandbox, sub: string, exceptId?: string): number {
  const except = exceptId ? sandbox.state.sessions.get(exceptId)?.trustedDevice : undefined;
  for (const device of sandbox.state.trustedDevices.values()) {
    if (device.sub === sub && device.id !== except) device.revoked = true;
  }
  let ended = 0;
  for (const item of [...sandbox.state.sessions.values()]) {
    if (item.sub !== sub || item.id === exceptId) continue;
    if (revokeSession(sandbox, sub, item.id)) ended += 1;
  }
  return ended;
}

/** The WebAuthn user handle of an account (what its passkeys were made with), base64url. */
export const userHandle = (sub: string) => Buffer.from(sub, 'utf8').toString('base64url');

type Person = Pick<User, 'sub' | 'phone' | 'email' | 'fullName'>;

/** An account as its passkeys know it: the user handle and the names they were made with. */
export const webauthnUser = (user: Person) => ({
  id: userHandle(user.sub),
  name: user.phone ?? user.email ?? user.sub,
  displayName: user.fullName,
});

export function listPasskeys(sandbox: Sandbox, user: Person): AccountPasskeysResponse {
  const { id, name, displayName } = webauthnUser(user);
  return {
    userId: id,
    name,
    displayName,
    passkeys: [...sandbox.state.passkeys.values()]
      .filter((item) => item.sub === user.sub)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((item) => ({
        id: item.id,
        name: item.name,
        rpId: item.rpId,
        createdAt: sandbox.iso(item.createdAt),
        lastUsedAt: item.lastUsedAt === undefined ? null : sandbox.iso(item.lastUsedAt),
      })),
  };
}
