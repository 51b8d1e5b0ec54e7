import { describe, expect, it } from 'vitest';
import { defaultCountry, languageRegion } from '../../../src/lib/default-country.ts';
import { readLastCountry, writeLastCountry } from '../../../src/lib/last-country.ts';

describe('languageRegion', () => {
  it('reads the region subtag of a language tag', () => {
    expect(languageRegion('ar-EG')).toBe('EG');
    expect(languageRegion('ur_pk')).toBe('PK');
    expect(languageRegion('zh-Hant-TW')).toBe('TW');
    expect(languageRegion('en-US-u-ca-gregory')).toBe('US');
  });

  it('finds none in a bare language, a numeric region or an extension', () => {
    expect(languageRegion('ar')).toBeUndefined();
    expect(languageRegion('es-419')).toBeUndefined();
    expect(languageRegion('en-x-ae')).toBeUndefined();
  });
});

describe('defaultCountry', () => {
  it('takes, in order: the number given, the last used, the browser languages, the page language, AE', () => {
    const all = {
      given: 'SA',
      lastUsed: 'EG',
      languages: ['ur-PK', 'ar-JO'],
      locale: 'ckb' as const,
    };
    expect(defaultCountry(all)).toBe('SA');
    expect(defaultCountry({ ...all, given: undefined })).toBe('EG');
    expect(defaultCountry({ ...all, given: undefined, lastUsed: undefined })).toBe('PK');
    expect(defaultCountry({ languages: ['ar', 'ar-SA'], locale: 'ckb' })).toBe('SA');
    expect(defaultCountry({ languages: ['ar', 'en'], locale: 'ckb' })).toBe('IQ');
    expect(defaultCountry({ languages: ['fr'], locale: 'ur' })).toBe('PK');
    expect(defaultCountry({ languages: ['en'], locale: 'en' })).toBe('AE');
    expect(defaultCountry({})).toBe('AE');
  });

  it('skips countries the phone rules do not know', () => {
    const known = (code: string) => code !== 'XK';
    expect(defaultCountry({ lastUsed: 'XK', languages: ['ar-EG'], known })).toBe('EG');
    expect(defaultCountry({ lastUsed: 'ae', languages: [] })).toBe('AE');
  });

  it("takes a browser language's region only when it is a market (what a person reads is not where their number is from)", () => {
    for (const [languages, locale, country] of [
      [['en-US', 'en'], 'en', 'AE'],
      [['en-GB'], 'en', 'AE'],
      [['en-IN', 'hi-IN'], 'en', 'AE'],
      [['ar-EG', 'ar'], 'ar', 'EG'],
      [['ur-PK'], 'ur', 'PK'],
      [['fr-FR', 'fr'], 'fr', 'AE'],
      [['en-US', 'ar-SA'], 'en', 'SA'],
      [['ar-JO'], 'ar', 'AE'],
      [['en-US'], 'ckb', 'IQ'],
    ] as const) {
      expect(defaultCountry({ languages, locale }), `${languages.join()} on ${locale}`).toBe(
        country,
      );
    }
    // The number given and the last used are where a number is from: any country.
    expect(defaultCountry({ given: 'US', languages: ['en-US'] })).toBe('US');
    expect(defaultCountry({ lastUsed: 'GB', languages: ['en-GB'] })).toBe('GB');
  });

  it('keeps to the countries the flags allow, when they name any', () => {
    const allowed = ['SA', 'EG'];
    expect(defaultCountry({ given: 'PK', lastUsed: 'EG', allowed })).toBe('EG');
    expect(defaultCountry({ languages: ['ur-PK', 'ar-SA'], allowed })).toBe('SA');
    // Nothing in the hints is allowed, AE neither: the first allowed country.
    expect(defaultCountry({ languages: ['en-US'], locale: 'en', allowed })).toBe('SA');
    expect(defaultCountry({ languages: ['en-US'], allowed: ['sa'] })).toBe('SA');
    expect(defaultCountry({ languages: ['en-US'], allowed: [] })).toBe('AE');
    // The flags' countries are the markets: a browser region among them counts.
    expect(defaultCountry({ languages: ['en-US'], allowed: ['US', 'AE'] })).toBe('US');
  });
});

describe('last country', () => {
  function memoryStorage(): Storage {
    const map = new Map<string, string>();
    return {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
      clear: () => map.clear(),
      key: () => null,
      get length() {
        return map.size;
      },
    };
  }

  it('keeps a country code only, and survives a storage that throws', () => {
    const store = memoryStorage();
    expect(readLastCountry(store)).toBeUndefined();
    writeLastCountry('PK', store);
    expect(readLastCountry(store)).toBe('PK');
    writeLastCountry('+971500000001', store);
    expect(readLastCountry(store)).toBe('PK');
    store.setItem('acct:last-country', 'junk');
    expect(readLastCountry(store)).toBeUndefined();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    } as unknown as Storage;
    expect(readLastCountry(broken)).toBeUndefined();
    expect(() => writeLastCountry('AE', broken)).not.toThrow();
  });
});
