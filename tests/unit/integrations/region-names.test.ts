/** The phone picker's country names, written at build time (src/integrations/region-names.ts). */
import { getCountries } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/mobile/metadata';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/config.ts';
import { regionList } from '../../../src/integrations/region-names.ts';
import { loadRegionNames } from '../../../src/lib/region-names.ts';

describe('regionList', () => {
  it('names each country in the language and sorts them as the language sorts', () => {
    expect(regionList('fr', ['EG', 'AE', 'DE'])).toEqual([
      ['DE', 'Allemagne'],
      ['EG', 'Égypte'],
      ['AE', 'Émirats arabes unis'],
    ]);
    expect(regionList('ar', ['IQ', 'EG'])).toEqual([
      ['IQ', 'العراق'],
      ['EG', 'مصر'],
    ]);
  });

  it('keeps the code of a region the language has no name for', () => {
    expect(regionList('en', ['XX', 'AE'])).toEqual([
      ['AE', 'United Arab Emirates'],
      ['XX', 'XX'],
    ]);
  });
});

describe('the build’s lists (the ?regions import, through the plugin)', () => {
  it.each(LOCALES)(
    '%s: every country of the phone rules, named in the language',
    async (locale) => {
      const names = await loadRegionNames(locale);
      expect([...names.keys()].sort()).toEqual([...getCountries(metadata)].sort());
      expect(names.get('EG')).toBe(new Intl.DisplayNames([locale], { type: 'region' }).of('EG'));
      // Node's ICU names all of them but one in Sorani (IO, the British Indian Ocean Territory).
      const unnamed = [...names].filter(([code, name]) => name === code).map(([code]) => code);
      expect(unnamed).toEqual(locale === 'ckb' ? ['IO'] : []);
    },
  );

  it('Sorani names the countries in Sorani, not in English', async () => {
    const names = await loadRegionNames('ckb');
    expect(names.get('IQ')).toBe('عێراق');
  });
});
