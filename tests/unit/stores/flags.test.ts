import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $flags,
  DEFAULT_FLAGS,
  FLAGS_KEPT_MS,
  keepFlags,
  loadFlags,
  parseWeakPasswords,
  readKeptFlags,
  resetFlags,
  toFlags,
} from '../../../src/stores/flags.ts';
import { isWeakPassword } from '../../../src/lib/signup-rules.ts';

afterEach(() => {
  resetFlags();
  vi.unstubAllGlobals();
});

/** A Storage in memory. */
function memoryStore(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** A page: its local storage, and its document, on which the person can press a key. */
function page(kept?: unknown) {
  const store = memoryStore();
  if (kept !== undefined) keepFlags(kept, Date.now() - 60_000, store);
  const listeners = new Map<string, () => void>();
  vi.stubGlobal('localStorage', store);
  vi.stubGlobal('document', {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  });
  return { store, press: () => listeners.get('keydown')?.() };
}

describe('feature flags', () => {
  it('has safe defaults, with the weak-password list of the spec', () => {
    expect(DEFAULT_FLAGS.recaptchaV2).toBe(false);
    expect(DEFAULT_FLAGS.oneClickSignup).toBe(false);
    for (const weak of ['123456', 'password', 'qwerty', 'abc123', 'iloveyou']) {
      expect(DEFAULT_FLAGS.weakPasswords).toContain(weak);
    }
  });

  it('takes each well-typed flag and keeps the default for the rest', () => {
    const flags = toFlags({
      flags: { enhancedForm: true, recaptchaV2: 'yes', weakPasswords: ' Secret1, HUNTER2 ,,' },
    });
    expect(flags.enhancedForm).toBe(true);
    expect(flags.recaptchaV2).toBe(false);
    expect(flags.weakPasswords).toEqual(['secret1', 'hunter2']);
    expect(toFlags('nonsense')).toEqual(DEFAULT_FLAGS);
    expect(toFlags({ flags: { weakPasswords: ' , ' } }).weakPasswords).toEqual(
      DEFAULT_FLAGS.weakPasswords,
    );
  });

  it('reads the One Tap flag and the phone countries (two-letter codes only; none: any)', () => {
    expect(DEFAULT_FLAGS.googleOneTap).toBe(false);
    expect(DEFAULT_FLAGS.phoneCountries).toEqual([]);
    const flags = toFlags({ flags: { googleOneTap: true, phoneCountries: ' ae, eg ,KSA,1,' } });
    expect(flags.googleOneTap).toBe(true);
    expect(flags.phoneCountries).toEqual(['AE', 'EG']);
    expect(toFlags({ flags: { googleOneTap: 'on', phoneCountries: 7 } })).toMatchObject({
      googleOneTap: false,
      phoneCountries: [],
    });
  });

  it('falls back to the defaults when the flag service fails, and loads once', async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('timeout'));
    };
    await expect(loadFlags(failing)).resolves.toEqual(DEFAULT_FLAGS);
    await loadFlags(failing);
    expect(calls).toBe(1);
    expect($flags.get()).toEqual({ status: 'ready', flags: DEFAULT_FLAGS });
  });

  it('publishes the loaded flags in the store', async () => {
    await loadFlags(() => Promise.resolve({ flags: { oneClickSignup: true } }));
    expect($flags.get().flags.oneClickSignup).toBe(true);
  });

  it('compares weak passwords case-insensitively', () => {
    expect(parseWeakPasswords('A,b')).toEqual(['a', 'b']);
    expect(isWeakPassword('PassWord', DEFAULT_FLAGS)).toBe(true);
    expect(isWeakPassword('Sandbox-Pass1', DEFAULT_FLAGS)).toBe(false);
  });

  it('keeps an answer on the device for a while, read back checked', () => {
    const store = memoryStore();
    keepFlags({ flags: { enhancedForm: false, recaptchaV2: 'yes' } }, 1_000_000, store);
    expect(readKeptFlags(1_000_000 + FLAGS_KEPT_MS, store)).toEqual({
      ...DEFAULT_FLAGS,
      enhancedForm: false,
    });
    expect(readKeptFlags(1_000_001 + FLAGS_KEPT_MS, store)).toBeUndefined();
    expect(readKeptFlags(999_999, store)).toBeUndefined();
    store.setItem('acct:flags', '{not json');
    expect(readKeptFlags(1_000_000, store)).toBeUndefined();
  });

  it('uses the kept flags at once, then the answer, which it keeps for the next page', async () => {
    const { store } = page({ flags: { enhancedForm: false } });
    let answer: (value: unknown) => void = () => {};
    const loaded = loadFlags(() => new Promise((resolve) => (answer = resolve)));
    expect($flags.get()).toEqual({
      status: 'kept',
      flags: { ...DEFAULT_FLAGS, enhancedForm: false },
    });
    answer({ flags: { enhancedForm: true, oneClickSignup: true } });
    await loaded;
    expect($flags.get()).toEqual({
      status: 'ready',
      flags: { ...DEFAULT_FLAGS, oneClickSignup: true },
    });
    expect(readKeptFlags(Date.now(), store)).toMatchObject({ oneClickSignup: true });
  });

  it('once the person has started, the answer keeps the layout in use (it shows on the next page)', async () => {
    const { store, press } = page();
    let answer: (value: unknown) => void = () => {};
    const loaded = loadFlags(() => new Promise((resolve) => (answer = resolve)));
    press();
    answer({ flags: { enhancedForm: false, googleEnabled: false, recaptchaV2: true } });
    await loaded;
    expect($flags.get().flags).toMatchObject({
      enhancedForm: true,
      googleEnabled: true,
      recaptchaV2: true,
    });
    expect(readKeptFlags(Date.now(), store)).toMatchObject({ enhancedForm: false });
  });

  it('goes on with the kept flags when the service fails', async () => {
    page({ flags: { enhancedForm: false } });
    await loadFlags(() => Promise.reject(new Error('timeout')));
    expect($flags.get()).toEqual({
      status: 'ready',
      flags: { ...DEFAULT_FLAGS, enhancedForm: false },
    });
  });
});
