/**
 * Country names in the page's language, in the order its readers look for them: written at build
 * time (src/integrations/region-names.ts), one chunk a language, loaded by the phone field once the
 * phone rules are here (./phone-rules.ts, whose chunk this module is part of). The page never
 * builds an `Intl.DisplayNames` or a collator for them.
 *
 * One chunk a language, not one for all: each language's list is 2.1-2.4 KB gzip (the five
 * together about 11 KB, which every phone field would load for the one language it shows).
 */
import type { Locale } from '../i18n/config.ts';
import { later, type Later } from './later.ts';

/** A language's countries as `[code, name]`, in the order its readers look for them. */
export type RegionList = readonly (readonly [string, string])[];

/** A country's name by its code; the keys in the picker's order. */
export type RegionNames = ReadonlyMap<string, string>;

const LISTS = import.meta.glob<RegionList>('../../i18n/*/common.json', {
  query: '?regions',
  import: 'default',
});

const lists = new Map<Locale, Later<RegionNames>>();

/** The names in `locale`, fetched once (and again until they arrive). */
export function loadRegionNames(locale: Locale): Promise<RegionNames> {
  let list = lists.get(locale);
  if (!list) {
    const load = LISTS[`../../i18n/${locale}/common.json`];
    if (!load) return Promise.reject(new Error(`No region names for ${locale}`));
    list = later(async () => new Map(await load()), { when: 'demand', patient: true });
    lists.set(locale, list);
  }
  return list.load();
}
