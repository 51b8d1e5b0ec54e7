import { describe, expect, it } from 'vitest';
import { DIR, LOCALES, localizedPath, splitLocale, toLocale } from '../../../src/i18n/config.ts';

describe('locale table', () => {
  it('declares the five languages with English first as the default', () => {
    expect(LOCALES).toEqual(['en', 'ar', 'ur', 'fr', 'ckb']);
  });

  it('writes Arabic, Urdu and Sorani right to left, English and French left to right', () => {
    expect(DIR).toEqual({ en: 'ltr', ar: 'rtl', ur: 'rtl', fr: 'ltr', ckb: 'rtl' });
  });

  it('keeps the spec paths in English and prefixes the other languages', () => {
    expect(localizedPath('en', '/login')).toBe('/login');
    expect(localizedPath('ar', '/login')).toBe('/ar/login');
    expect(localizedPath('ckb', '/signup/')).toBe('/ckb/signup/');
    expect(localizedPath('fr', '/')).toBe('/fr/');
  });

  it('splits a prefixed path back into language and path', () => {
    expect(splitLocale('/ur/password/abc')).toEqual({ locale: 'ur', path: '/password/abc' });
    expect(splitLocale('/ar')).toEqual({ locale: 'ar', path: '/' });
    expect(splitLocale('/login')).toEqual({ locale: 'en', path: '/login' });
    expect(splitLocale('/en/login')).toEqual({ locale: 'en', path: '/en/login' });
    expect(splitLocale('/de/login')).toEqual({ locale: 'en', path: '/de/login' });
  });

  it('falls back to English for an unknown or missing language', () => {
    expect(toLocale('ar')).toBe('ar');
    expect(toLocale('de')).toBe('en');
    expect(toLocale(null)).toBe('en');
    expect(toLocale('AR')).toBe('en');
  });
});
