/**
 * What survives from one page to the next, in sessionStorage: typed, guarded, namespaced, and
 * deleted when invalid (after logto's use-session-storages). Never a password; a code or token only
 * where it is read once and removed (the csrf, the sign-up hand-off).
 */
import { CLIENT_ID, CSRF } from './patterns.ts';
import { sessionStore } from './web-storage.ts';

const PREFIX = 'acct:';

const GUARDS = {
  /** The csrf value the identity service gave the login page; deleted after the final form post. */
  csrf: (value: string) => CSRF.test(value),
  /** Apple sends the full name only the first time; kept to reuse when it is omitted later. */
  appleFullName: (value: string) => value.length > 0 && value.length <= 200,
  /** The identifier waiting for a code (phone in E.164 or e-mail), for the next page. */
  pendingIdentifier: (value: string) => value.length > 0 && value.length <= 254,
  clientId: (value: string) => CLIENT_ID.test(value),
  /** What the login hands sign-up, as a query string (src/lib/signup-handoff.ts); read once. */
  signupHandoff: (value: string) => value.length > 0 && value.length <= 20_000,
} as const satisfies Record<string, (value: string) => boolean>;

export type PersistedKey = keyof typeof GUARDS;
export const PERSISTED_KEYS = Object.keys(GUARDS).map((key) => PREFIX + key);

export function readPersisted(key: PersistedKey): string | undefined {
  const store = sessionStore();
  const value = store?.getItem(PREFIX + key) ?? undefined;
  if (value === undefined) return undefined;
  if (GUARDS[key](value)) return value;
  store?.removeItem(PREFIX + key);
  return undefined;
}

export function writePersisted(key: PersistedKey, value: string): boolean {
  if (!GUARDS[key](value)) return false;
  try {
    sessionStore()?.setItem(PREFIX + key, value);
    return true;
  } catch {
    return false;
  }
}

export function removePersisted(key: PersistedKey): void {
  sessionStore()?.removeItem(PREFIX + key);
}
