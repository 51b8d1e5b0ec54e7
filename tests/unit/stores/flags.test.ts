import { afterEach, describe, expect, it } from 'vitest';
import { $flags, DEFAULT_FLAGS, loadFlags, resetFlags } from '../../../src/stores/flags.ts';
import { parseWeakPasswords, toFlags } from '../../../src/stores/flags-answer.ts';
import { isWeakPassword } from '../../../src/lib/signup-rules.ts';

afterEach(() => resetFlags());

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
});
