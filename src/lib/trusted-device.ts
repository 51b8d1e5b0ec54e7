/**
 * What this browser knows of its trusted-device credential ('Stay signed in on this browser'):
 * only when the identity API said it expires, in local storage. The credential itself is an
 * HttpOnly cookie of the API's origin that the page never reads; the API decides by it alone
 * whether a login may skip its code. This record keeps the login's `is_known_device` truthful:
 * true while the API's last word was a credential that has not expired, false once the API asked
 * for a code after all (revoked, expired, or another account's) or the time has passed.
 * docs/stay-signed-in.md.
 */
import { localStore } from './web-storage.ts';

const KEY = 'acct:trustedDeviceUntil';

export interface TrustedDevice {
  /** This browser holds a credential the API told it of, not expired by its word. */
  known(): boolean;
  /** The API's answer named a live credential until `expiresAt` (ISO time). */
  keep(expiresAt: string): void;
  /** The API asked for the code after all: the credential is gone. */
  forget(): void;
}

function until(store: Storage | undefined): number | undefined {
  const value = Number(store?.getItem(KEY) ?? NaN);
  return Number.isFinite(value) ? value : undefined;
}

/** The browser's record, read on the clock `now` (a test's own). */
export function trustedDeviceRecord(now: () => number = Date.now): TrustedDevice {
  return {
    known() {
      const store = localStore();
      const expires = until(store);
      if (expires !== undefined && now() < expires) return true;
      if (expires !== undefined) store?.removeItem(KEY);
      return false;
    },
    keep(expiresAt) {
      const expires = Date.parse(expiresAt);
      if (!Number.isFinite(expires)) return;
      try {
        localStore()?.setItem(KEY, String(expires));
      } catch {
        // A full or blocked storage: the next login says it does not know, and the API decides.
      }
    },
    forget() {
      localStore()?.removeItem(KEY);
    },
  };
}

export const trustedDevice = trustedDeviceRecord();
