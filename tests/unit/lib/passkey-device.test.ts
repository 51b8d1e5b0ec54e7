/**
 * L6: the accounts that added a passkey on this device are kept as salted hashes (an HMAC under a
 * random key of the device, cut short), never as phone numbers; the plain list an older version
 * kept is replaced.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passkeyDevice } from '../../../src/lib/passkey-device.ts';

const KEY = 'acct:passkeyAccounts';
const HANA = '971500000020';
const OMAR = '971500000002';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

/** What the storage holds: a salt, and a short tag per account. */
const saved = () => JSON.parse(storage.data.get(KEY) ?? '{}') as { salt?: unknown; tags?: unknown };

describe('passkey device', () => {
  it('remembers an account without keeping its number', async () => {
    expect(passkeyDevice.hasAny()).toBe(false);
    expect(await passkeyDevice.has(HANA)).toBe(false);
    await passkeyDevice.markEnrolled(HANA);
    expect(passkeyDevice.hasAny()).toBe(true);
    expect(await passkeyDevice.has(HANA)).toBe(true);
    expect(await passkeyDevice.has(`+${HANA}`)).toBe(true);
    const stored = storage.data.get(KEY) ?? '';
    expect(stored).not.toContain(HANA);
    expect(stored).not.toContain(HANA.slice(3));
    expect(saved()).toEqual({
      salt: expect.stringMatching(/^[\w-]{22}$/),
      tags: [expect.stringMatching(/^[0-9a-f]{4}$/)],
    });
  });

  it("salts per device: the same number gives another device's storage another value", async () => {
    await passkeyDevice.markEnrolled(HANA);
    const first = storage.data.get(KEY);
    storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    await passkeyDevice.markEnrolled(HANA);
    expect(storage.data.get(KEY)).not.toEqual(first);
    expect(await passkeyDevice.has(HANA)).toBe(true);
  });

  it('replaces the plain numbers an older version kept as soon as it loads', async () => {
    storage.data.set(KEY, JSON.stringify([HANA, OMAR]));
    vi.resetModules();
    await import('../../../src/lib/passkey-device.ts');
    await vi.waitFor(() => expect(storage.data.get(KEY)).toMatch(/^\{"salt"/));
    expect(storage.data.get(KEY)).not.toContain(HANA);
  });

  it('replaces the plain numbers an older version kept', async () => {
    storage.data.set(KEY, JSON.stringify([HANA, OMAR]));
    expect(passkeyDevice.hasAny()).toBe(true);
    expect(await passkeyDevice.has(OMAR)).toBe(true);
    expect(storage.data.get(KEY)).not.toContain(OMAR);
    expect(storage.data.get(KEY)).not.toContain(HANA);
    expect(await passkeyDevice.has(HANA)).toBe(true);
  });

  it('keeps the last 20 accounts, and forgets a malformed value', async () => {
    // A fixed salt, under which these 22 numbers give 22 different tags.
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      new Uint8Array(array.buffer).fill(7);
      return array;
    });
    for (let n = 10; n < 32; n += 1) await passkeyDevice.markEnrolled(`9715000000${n}`);
    expect(saved().tags).toHaveLength(20);
    expect(await passkeyDevice.has('971500000031')).toBe(true);
    storage.data.set(KEY, 'not json');
    expect(passkeyDevice.hasAny()).toBe(false);
    expect(await passkeyDevice.has('971500000031')).toBe(false);
  });

  it('remembers nothing where the browser has no Web Crypto (and keeps no number)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    storage.data.set(KEY, JSON.stringify([HANA]));
    await passkeyDevice.markEnrolled(OMAR);
    expect(await passkeyDevice.has(OMAR)).toBe(false);
    expect(storage.data.get(KEY) ?? '').not.toContain(HANA);
  });

  it("remembers 'Not now'", () => {
    expect(passkeyDevice.skipped()).toBe(false);
    passkeyDevice.skip();
    expect(passkeyDevice.skipped()).toBe(true);
  });
});
