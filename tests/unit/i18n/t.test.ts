import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, LOCALES } from '../../../src/i18n/config.ts';
import { createT } from '../../../src/i18n/t.ts';

const catalog = {
  redirect: {
    welcome: 'Welcome to {{client}}',
    countdown_one: 'in {{count}} second',
    countdown_other: 'in {{count}} seconds',
  },
  otp: { error: { ERROR_UNKNOWN: 'Oops' } },
};

describe('createT', () => {
  it('interpolates placeholders', () => {
    const t = createT('en', catalog);
    expect(t('redirect:welcome', { client: 'Sandbox Web' })).toBe('Welcome to Sandbox Web');
  });

  it('picks the plural form of the language', () => {
    const t = createT('en', catalog);
    expect(t('redirect:countdown', { count: 1 })).toBe('in 1 second');
    expect(t('redirect:countdown', { count: 4 })).toBe('in 4 seconds');
  });

  it('writes numbers in Latin digits, grouped as each language groups them', () => {
    const cases = [0, 7, 42, 999, 1000, 12345, -5, 2.5];
    for (const locale of LOCALES) {
      const t = createT(locale, catalog);
      const formatter = new Intl.NumberFormat(INTL_LOCALE[locale], { numberingSystem: 'latn' });
      for (const value of cases) {
        expect(t('redirect:welcome', { client: value }), `${locale} ${value}`).toBe(
          `Welcome to ${formatter.format(value)}`,
        );
      }
    }
  });

  it('falls back to the other form when a language lacks one', () => {
    const t = createT('ar', catalog);
    expect(t('redirect:countdown', { count: 2 })).toBe('in 2 seconds');
  });

  it('reads nested keys and reports missing dynamic keys as undefined', () => {
    const t = createT('en', catalog);
    expect(t.maybe('otp:error.ERROR_UNKNOWN')).toBe('Oops');
    expect(t.maybe('otp:error.NOPE')).toBeUndefined();
    expect(t.maybe('otp:error.ERROR_UNKNOWN.deeper')).toBeUndefined();
    expect(t.maybe('no-namespace')).toBeUndefined();
  });

  it('never reads inherited properties as messages', () => {
    const t = createT('en', catalog);
    expect(t.maybe('otp:constructor')).toBeUndefined();
    expect(t.maybe('otp:error.toString')).toBeUndefined();
  });

  it('returns the key itself when a message is missing, so the gap is visible', () => {
    const t = createT('en', {});
    expect(t('common:continue')).toBe('common:continue');
  });

  it('renders server text literally in English, its fallback elsewhere, catalog keys translated', () => {
    const t = createT('en', catalog);
    const server = { text: '<b>raw</b>', fallback: 'otp:error.ERROR_UNKNOWN' } as const;
    expect(t.text(server)).toBe('<b>raw</b>');
    // A server writes English: an Arabic or French page says the generic message instead.
    expect(createT('ar', { otp: { error: { ERROR_UNKNOWN: 'عذرًا' } } }).text(server)).toBe('عذرًا');
    expect(createT('fr', { otp: { error: { ERROR_UNKNOWN: 'Oups' } } }).text(server)).toBe('Oups');
    expect(t.text({ key: 'redirect:welcome', params: { client: 'X' } })).toBe('Welcome to X');
  });

  it("fills {{product}} with the catalog's one form of the name unless given another", () => {
    const t = createT('ar', {
      common: { productName: 'Masar' },
      one_click: { stores: { title: 'احصل على تطبيق {{product}}' } },
    });
    expect(t('one_click:stores.title')).toBe('احصل على تطبيق Masar');
    expect(t('one_click:stores.title', { product: 'X' })).toBe('احصل على تطبيق X');
  });
});
