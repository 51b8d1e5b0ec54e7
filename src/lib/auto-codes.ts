/**
 * The codes this device sent by itself, because an address asked for one
 * (`/login?view=otp&fullMobileNumber=...`; security review, L1): when each number last got one, so
 * that such an address sends at most one code per number a minute from this browser, however often
 * it is opened or reloaded. Kept in local storage (it outlives the tab: a link opened in many tabs
 * is one device) under the number's tag, never the number (./device-tag.ts, with a salt of its
 * own). Where Web Crypto or the storage is missing nothing is kept, and the limit is the server's
 * alone.
 */
import { deviceTag, newDeviceSalt } from './device-tag.ts';
import { localStore } from './web-storage.ts';

export const AUTO_CODES_KEY = 'acct:autoCodes';
/** One code per number per minute: the code step's own resend wait (spec section 9). */
export const AUTO_CODE_INTERVAL_MS = 60_000;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AutoCodes {
  /** When this device last sent a code by itself to `identifier`, if within the last minute. */
  lastSent(identifier: string, now: number): Promise<number | undefined>;
  /** Records that this device sent a code by itself to `identifier` at `at`. */
  markSent(identifier: string, at: number): Promise<void>;
}

/** What the storage holds: the salt, and each tag's last code (ms since the epoch). */
interface Saved {
  salt: string;
  sent: Record<string, number>;
}

function read(store: StorageLike | undefined): Saved | undefined {
  try {
    const value = JSON.parse(store?.getItem(AUTO_CODES_KEY) ?? 'null') as Partial<Saved> | null;
    if (typeof value?.salt !== 'string' || !value.sent || typeof value.sent !== 'object') {
      return undefined;
    }
    const sent = Object.entries(value.sent).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    );
    return { salt: value.salt, sent: Object.fromEntries(sent) };
  } catch {
    return undefined;
  }
}

/** Whether `at` is within the minute before `now` (a time ahead of the clock counts as not). */
const recent = (at: number | undefined, now: number): at is number =>
  at !== undefined && at <= now && now - at < AUTO_CODE_INTERVAL_MS;

export function createAutoCodes(
  storage: () => StorageLike | undefined,
  subtle: () => SubtleCrypto | undefined = () => globalThis.crypto?.subtle,
): AutoCodes {
  return {
    async lastSent(identifier, now) {
      const saved = read(storage());
      const crypto = subtle();
      if (!saved || !crypto) return undefined;
      const at = saved.sent[await deviceTag(crypto, saved.salt, identifier)];
      return recent(at, now) ? at : undefined;
    },
    async markSent(identifier, at) {
      const store = storage();
      const crypto = subtle();
      if (!store || !crypto) return;
      const saved = read(store) ?? { salt: newDeviceSalt(), sent: {} };
      const tag = await deviceTag(crypto, saved.salt, identifier);
      // Only the last minute's codes are kept: the older ones limit nothing.
      const sent = Object.fromEntries(
        Object.entries(saved.sent).filter(([, time]) => recent(time, at)),
      );
      try {
        store.setItem(
          AUTO_CODES_KEY,
          JSON.stringify({ salt: saved.salt, sent: { ...sent, [tag]: at } }),
        );
      } catch {
        // A full or blocked storage: the server's limit still holds.
      }
    },
  };
}

/** This browser's record, in local storage. */
export const deviceAutoCodes: AutoCodes = createAutoCodes(localStore);
