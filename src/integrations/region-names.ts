/**
 * The phone picker's countries in each language: their names and their order, written into the
 * build from Node's ICU (src/lib/region-names.ts loads them, one chunk a language). An import of a
 * language's `common.json` with the query `?regions` is that language's list.
 *
 * Written at build time, not read from the browser's `Intl.DisplayNames` and sorted with its
 * `Intl.Collator`: the first of those on a page loads the language's ICU data and the sort compares
 * some 240 names, a long task on a phone (Lighthouse's blocking time on /login fell from 260 to
 * 210 ms without them, docs/figures.md); and every browser now shows the same names (their ICU
 * data differ, most for Sorani).
 */
import { getCountries } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/mobile/metadata';
import type { Plugin } from 'vite';
import type { RegionList } from '../lib/region-names.ts';

const REGIONS_ID = /[\\/]i18n[\\/]([a-z]+)[\\/]common\.json\?regions$/;

/** `codes` named in `locale` and sorted by name as `locale` sorts (a code stays when unnamed). */
export function regionList(locale: string, codes: readonly string[]): RegionList {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return codes
    .map((code) => [code, names.of(code) ?? code] as const)
    .sort((a, b) => collator.compare(a[1], b[1]));
}

/** Serves `i18n/<locale>/common.json?regions`: the phone rules' countries in that language. */
export const regionNames: Plugin = {
  name: 'account:region-names',
  enforce: 'pre',
  load(id) {
    const locale = REGIONS_ID.exec(id)?.[1];
    if (locale === undefined) return null;
    const list = regionList(locale, getCountries(metadata));
    return { code: `export default ${JSON.stringify(list)};`, moduleType: 'js' };
  },
};
