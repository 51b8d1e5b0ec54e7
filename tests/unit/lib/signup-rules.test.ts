import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { LOCALES } from '../../../src/i18n/config.ts';
import { createT } from '../../../src/i18n/t.ts';
import { isEmailAddress } from '../../../src/lib/patterns.ts';
import { DEFAULT_FLAGS } from '../../../src/stores/flags.ts';
import { parseWeakPasswords } from '../../../src/stores/flags.ts';
import {
  emailProblem,
  formProblems,
  fullNameProblem,
  invitationCodeProblem,
  phoneProblem,
} from '../../../src/lib/signup-checks.ts';
import {
  characterCount,
  isSubmitDisabled,
  MIN_PASSWORD_LENGTH,
  passwordProblem,
  visibleFields,
  type SignupValues,
  type VisibleFields,
} from '../../../src/lib/signup-rules.ts';

const PRESETS = { showEmail: true, showInvitationCode: true, showApple: true, showGoogle: true };
const ALL: VisibleFields = {
  fullName: true,
  email: true,
  password: true,
  invitationCode: true,
  apple: true,
  google: true,
};
const FILLED: SignupValues = {
  fullName: 'Mona Saeed',
  email: 'mona@example.com',
  password: 'Sandbox-Pass9',
  invitationCode: '',
  phoneInput: '500000003',
  phoneDigits: '971500000003',
};

describe('visible fields (spec section 2)', () => {
  it('shows e-mail only with showEmail and the invitation code only with hideInvitationCode=false', () => {
    const plain = { social: false, corporate: false };
    expect(visibleFields(PRESETS, plain, true)).toEqual(ALL);
    expect(
      visibleFields({ ...PRESETS, showEmail: false, showInvitationCode: false }, plain, true),
    ).toMatchObject({ email: false, invitationCode: false, fullName: true, password: true });
  });

  it('honours showApple, showGoogle and the google flag', () => {
    const plain = { social: false, corporate: false };
    expect(visibleFields({ ...PRESETS, showApple: false }, plain, true).apple).toBe(false);
    expect(visibleFields({ ...PRESETS, showGoogle: false }, plain, true).google).toBe(false);
    expect(visibleFields(PRESETS, plain, false).google).toBe(false);
  });

  it('a social token hides name, password and the social buttons', () => {
    expect(visibleFields(PRESETS, { social: true, corporate: false }, true)).toEqual({
      fullName: false,
      email: true,
      password: false,
      invitationCode: true,
      apple: false,
      google: false,
    });
  });

  it('a corporate token hides name, e-mail, password, invitation code and the social buttons', () => {
    expect(visibleFields(PRESETS, { social: false, corporate: true }, true)).toEqual({
      fullName: false,
      email: false,
      password: false,
      invitationCode: false,
      apple: false,
      google: false,
    });
  });
});

describe('password (spec sections 5 and 9)', () => {
  it('says nothing while empty', () => {
    expect(passwordProblem('', DEFAULT_FLAGS)).toBeUndefined();
  });

  it('asks for 6 characters or more while 1 to 5 are typed, with the count', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    for (let count = 1; count <= 5; count += 1) {
      expect(passwordProblem('a'.repeat(count), DEFAULT_FLAGS)).toEqual({
        key: 'signup:password.tooShort',
        params: { count, min: 6 },
      });
    }
    expect(passwordProblem('abcdeX', DEFAULT_FLAGS)).toBeUndefined();
  });

  it('counts characters as people do (an emoji is one)', () => {
    expect(characterCount('🔑🔑🔑')).toBe(3);
    expect(passwordProblem('🔑🔑🔑', DEFAULT_FLAGS)).toMatchObject({ params: { count: 3 } });
  });

  it('refuses the weak list of the flag, whatever the case', () => {
    const flags = { weakPasswords: parseWeakPasswords(' 123456, Password ,QWERTY') };
    expect(passwordProblem('password', flags)).toEqual({ key: 'signup:password.weak' });
    expect(passwordProblem('PassWord', flags)).toEqual({ key: 'signup:password.weak' });
    expect(passwordProblem('qwerty', flags)).toEqual({ key: 'signup:password.weak' });
    expect(passwordProblem('iloveyou', flags)).toBeUndefined();
    // The default list when the flag has none.
    for (const weak of ['123456', 'password', 'qwerty', 'abc123', 'iloveyou']) {
      expect(passwordProblem(weak, DEFAULT_FLAGS)).toEqual({ key: 'signup:password.weak' });
    }
  });

  it('is plural-correct in every language, Arabic with its six forms', () => {
    const read = (locale: string) =>
      JSON.parse(
        readFileSync(new URL(`../../../i18n/${locale}/signup.json`, import.meta.url), 'utf8'),
      ) as object;
    const en = createT('en', { signup: read('en') });
    expect(en('signup:password.tooShort', { count: 1, min: 6 })).toBe(
      'Please lengthen your password to 6 characters or more (you are currently using 1 character)',
    );
    expect(en('signup:password.tooShort', { count: 4, min: 6 })).toBe(
      'Please lengthen your password to 6 characters or more (you are currently using 4 characters)',
    );
    const ar = read('ar') as { password: Record<string, string> };
    // 3 to 100+ say the number; 0, 1 and 2 say it in words (the dual is the number: «حرفين»,
    // never «2 حرفين»; issue 19).
    for (const form of ['few', 'many', 'other']) {
      expect(ar.password[`tooShort_${form}`], form).toContain('{{count}}');
    }
    for (const form of ['zero', 'one', 'two']) {
      expect(ar.password[`tooShort_${form}`], form).not.toContain('{{count}}');
    }
    const arT = createT('ar', { signup: ar });
    expect(arT('signup:password.tooShort', { count: 2, min: 6 })).toContain('(تستخدم حاليًا حرفين)');
    expect(arT('signup:password.tooShort', { count: 1, min: 6 })).toContain('حرفًا واحدًا');
    expect(arT('signup:password.tooShort', { count: 3, min: 6 })).toContain('أحرف)');
    for (const locale of LOCALES) {
      const t = createT(locale, { signup: read(locale) });
      for (let count = 1; count <= 5; count += 1) {
        const text = t('signup:password.tooShort', { count, min: 6 });
        expect(text).not.toContain('{{');
        expect(text).not.toBe('signup:password.tooShort');
      }
    }
  });
});

describe('other fields', () => {
  it('requires a full name', () => {
    expect(fullNameProblem('  ')).toEqual({ key: 'fields:required' });
    expect(fullNameProblem('Mona')).toBeUndefined();
  });

  it('requires a well-formed e-mail', () => {
    expect(emailProblem('')).toEqual({ key: 'fields:required' });
    expect(emailProblem('mona@')).toEqual({ key: 'fields:email.invalid' });
    expect(emailProblem(' mona@example.com ')).toBeUndefined();
    expect(isEmailAddress('a b@example.com')).toBe(false);
  });

  it("says 'Please enter correct phone number.' for an invalid phone", () => {
    expect(phoneProblem('', undefined)).toEqual({ key: 'fields:phone.invalid' });
    expect(phoneProblem('5000', undefined)).toEqual({ key: 'fields:phone.invalid' });
    expect(phoneProblem('500000003', '971500000003')).toBeUndefined();
  });

  it('accepts an empty or alphanumeric invitation code', () => {
    expect(invitationCodeProblem('')).toBeUndefined();
    expect(invitationCodeProblem(' SANDBOX10 ')).toBeUndefined();
    expect(invitationCodeProblem('no spaces!')).toEqual({ key: 'signup:invitationCode.invalid' });
  });
});

describe('the whole form', () => {
  it('lists the problem of every visible field', () => {
    expect(formProblems(FILLED, ALL, DEFAULT_FLAGS)).toEqual({});
    expect(
      formProblems(
        {
          fullName: '',
          email: 'x',
          password: '',
          invitationCode: '?',
          phoneInput: '1',
          phoneDigits: undefined,
        },
        ALL,
        DEFAULT_FLAGS,
      ),
    ).toEqual({
      fullName: { key: 'fields:required' },
      email: { key: 'fields:email.invalid' },
      password: { key: 'fields:required' },
      invitationCode: { key: 'signup:invitationCode.invalid' },
      phone: { key: 'fields:phone.invalid' },
    });
  });

  it('ignores hidden fields', () => {
    const corporate = {
      ...ALL,
      fullName: false,
      email: false,
      password: false,
      invitationCode: false,
    };
    const values = { ...FILLED, fullName: '', email: '', password: '' };
    expect(formProblems(values, corporate, DEFAULT_FLAGS)).toEqual({});
    expect(isSubmitDisabled(values, corporate, DEFAULT_FLAGS, false)).toBe(false);
  });

  it('disables submit while submitting, a visible field is empty, the password is invalid or the phone is invalid', () => {
    expect(isSubmitDisabled(FILLED, ALL, DEFAULT_FLAGS, false)).toBe(false);
    expect(isSubmitDisabled(FILLED, ALL, DEFAULT_FLAGS, true)).toBe(true);
    expect(isSubmitDisabled({ ...FILLED, fullName: ' ' }, ALL, DEFAULT_FLAGS, false)).toBe(true);
    expect(isSubmitDisabled({ ...FILLED, email: '' }, ALL, DEFAULT_FLAGS, false)).toBe(true);
    expect(isSubmitDisabled({ ...FILLED, password: '' }, ALL, DEFAULT_FLAGS, false)).toBe(true);
    expect(isSubmitDisabled({ ...FILLED, password: 'abc' }, ALL, DEFAULT_FLAGS, false)).toBe(true);
    expect(isSubmitDisabled({ ...FILLED, password: 'qwerty' }, ALL, DEFAULT_FLAGS, false)).toBe(
      true,
    );
    expect(isSubmitDisabled({ ...FILLED, phoneDigits: undefined }, ALL, DEFAULT_FLAGS, false)).toBe(
      true,
    );
    // The e-mail is not required when it is not shown.
    expect(
      isSubmitDisabled({ ...FILLED, email: '' }, { ...ALL, email: false }, DEFAULT_FLAGS, false),
    ).toBe(false);
  });
});
