/**
 * What this browser remembers about passkeys, in local storage (it outlives the tab, as a passkey
 * does): which accounts added one here (so enrolment is not offered again, and a sign-in that
 * finds none can say so), and that the person chose 'Not now' (never offered again here).
 *
 * Never a phone number (security review, L6): an account is kept as the tag of its number
 * (./device-tag.ts: 16 bits of an HMAC under a salt of this device, which says nothing about which
 * number). The price: a person whose tag another account on this device shares is not offered a
 * passkey (with 20 accounts, 1 in 3,300). Where Web Crypto is missing (an insecure origin, where
 * passkeys do not run either) nothing is remembered.
 */
import { deviceTag, newDeviceSalt } from './device-tag.ts';
import { localStore } from './web-storage.ts';

const ENROLLED = 'acct:passkeyAccounts';
const SKIPPED = 'acct:passkeyOfferSkipped';
const MAX_ACCOUNTS = 20;

export interface PasskeyDevice {
  /** Whether any account added a passkey on this device. */
  hasAny(): boolean;
  /** Whether the account of `phone` (E.164, with or without '+') added one here. */
  has(phone: string): Promise<boolean>;
  markEnrolled(phone: string): Promise<void>;
  skipped(): boolean;
  skip(): void;
}

/** What the storage holds: the device's salt and the tags, newest first. */
interface Saved {
  salt: string;
  tags: string[];
}

/** The stored value: tags, the plain numbers an older version kept (`legacy`), or nothing. */
function read(store: Storage | undefined): Saved | { legacy: string[] } | undefined {
  try {
    const value: unknown = JSON.parse(store?.getItem(ENROLLED) ?? 'null');
    if (Array.isArray(value)) {
      return { legacy: value.filter((item): item is string => typeof item === 'string') };
    }
    const saved = value as Partial<Saved> | null;
    if (typeof saved?.salt === 'string' && Array.isArray(saved.tags)) {
      return { salt: saved.salt, tags: saved.tags.filter((tag) => typeof tag === 'string') };
    }
  } catch {
    // Not JSON: nothing kept.
  }
  return undefined;
}

function write(store: Storage | undefined, saved: Saved | undefined): void {
  try {
    if (saved) store?.setItem(ENROLLED, JSON.stringify(saved));
    else store?.removeItem(ENROLLED);
  } catch {
    // A full or blocked storage only means the offer may come again.
  }
}

/** The tag of `phone` under `salt`: of its digits alone, however it was written. */
const tagOf = (subtle: SubtleCrypto, salt: string, phone: string): Promise<string> =>
  deviceTag(subtle, salt, phone.replace(/\D/g, ''));

/**
 * The tags kept on this device, with their salt (a new one when there is none); plain numbers an
 * older version kept are turned into tags and leave the storage. Undefined without Web Crypto.
 */
async function saved(store: Storage | undefined): Promise<Saved | undefined> {
  const subtle = globalThis.crypto?.subtle;
  const value = read(store);
  if (!subtle) {
    if (value && 'legacy' in value) write(store, undefined);
    return undefined;
  }
  if (value && !('legacy' in value)) return value;
  const salt = newDeviceSalt();
  const tags = await Promise.all((value?.legacy ?? []).map((phone) => tagOf(subtle, salt, phone)));
  const fresh = { salt, tags: [...new Set(tags)].slice(0, MAX_ACCOUNTS) };
  if (value) write(store, fresh);
  return fresh;
}

export const passkeyDevice: PasskeyDevice = {
  hasAny() {
    const value = read(localStore());
    return value !== undefined && ('legacy' in value ? value.legacy : value.tags).length > 0;
  },
  async has(phone) {
    const store = localStore();
    const kept = await saved(store);
    const subtle = globalThis.crypto?.subtle;
    if (!kept || !subtle || kept.tags.length === 0) return false;
    return kept.tags.includes(await tagOf(subtle, kept.salt, phone));
  },
  async markEnrolled(phone) {
    const store = localStore();
    const kept = await saved(store);
    const subtle = globalThis.crypto?.subtle;
    if (!kept || !subtle) return;
    const tag = await tagOf(subtle, kept.salt, phone);
    const tags = [tag, ...kept.tags.filter((item) => item !== tag)].slice(0, MAX_ACCOUNTS);
    write(store, { salt: kept.salt, tags });
  },
  skipped: () => localStore()?.getItem(SKIPPED) === '1',
  skip() {
    try {
      localStore()?.setItem(SKIPPED, '1');
    } catch {
      // Storage refused: the offer may come again next time.
    }
  },
};

// The plain numbers an older version kept leave the storage as soon as this module loads (with the
// login page's passkeys), whether or not an offer ever asks about them.
void saved(localStore());
