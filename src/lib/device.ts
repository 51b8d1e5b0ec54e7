/**
 * Device intelligence: a device id and a session id sent as headers, and the
 * device record (platform, version, session, score, risk flags, shield id) sent as `profiling`.
 * A missing device id falls back to a random uuid, and that fallback is reported.
 */
import { CLIENT_VERSION } from '../config.ts';

export interface DeviceRecord {
  platform: 'web';
  version: string;
  sessionId: string;
  timestamp: number;
  deviceScore: number;
  antiFingerprinting: boolean;
  bot: boolean;
  emulated: boolean;
  incognito: boolean;
  proxy: boolean;
  tor: boolean;
  browserSpoofed: boolean;
  shieldId: string;
}

export interface DeviceIdentity {
  deviceId: string;
  sessionId: string;
  /** True when no device id could be read and a random one was made. */
  fallback: boolean;
}

const DEVICE_KEY = 'acct:device-id';
const SESSION_KEY = 'acct:session-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Env {
  local: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  session: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  uuid: () => string;
}

function safeStorage(get: () => Storage): Storage | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

function browserEnv(): Env {
  return {
    local: safeStorage(() => localStorage),
    session: safeStorage(() => sessionStorage),
    uuid: () => crypto.randomUUID(),
  };
}

function readOrCreate(
  store: Env['local'],
  key: string,
  uuid: () => string,
): { value: string; fallback: boolean } {
  try {
    const existing = store?.getItem(key);
    if (existing && UUID.test(existing)) return { value: existing, fallback: false };
    const created = uuid();
    store?.setItem(key, created);
    // A first visit is not a fallback; a storage that cannot keep the id is.
    return { value: created, fallback: store === undefined };
  } catch {
    return { value: uuid(), fallback: true };
  }
}

export function deviceIdentity(env: Env = browserEnv()): DeviceIdentity {
  const device = readOrCreate(env.local, DEVICE_KEY, env.uuid);
  const session = readOrCreate(env.session, SESSION_KEY, env.uuid);
  return { deviceId: device.value, sessionId: session.value, fallback: device.fallback };
}

/** The risk signals this browser shows; the score falls with each one. */
export function collectDeviceRecord(
  identity: DeviceIdentity,
  nav: Pick<Navigator, 'webdriver' | 'userAgent' | 'languages'> = navigator,
  now: () => number = Date.now,
): DeviceRecord {
  const bot = nav.webdriver === true || /HeadlessChrome|PhantomJS|bot|crawler/i.test(nav.userAgent);
  const emulated = /Android.+Build\/(sdk|generic)/i.test(nav.userAgent);
  const browserSpoofed = nav.languages.length === 0;
  const risks = [bot, emulated, browserSpoofed].filter(Boolean).length;
  return {
    platform: 'web',
    version: CLIENT_VERSION,
    sessionId: identity.sessionId,
    timestamp: now(),
    deviceScore: Math.max(0, 1 - risks * 0.4),
    antiFingerprinting: false,
    bot,
    emulated,
    incognito: false,
    proxy: false,
    tor: false,
    browserSpoofed,
    shieldId: identity.deviceId,
  };
}
