/**
 * The country a phone field starts in (issues 16 and 33), in this order: the country of a number
 * already given (`fullMobileNumber`, a paste, autofill), the country last used on this device,
 * the region of the browser's languages (`ar-EG`, `ur-PK`) and then the page's language, each only
 * when it is one of the product's markets, then AE. A browser language's region says what a person
 * reads, not where their number is from: most phones in the Gulf are set to English (United
 * States), and +1 would refuse their UAE number. When the flags name the allowed countries, those
 * are the markets. Pure: the browser's side is handed in.
 */
import type { Locale } from '../i18n/config.ts';
import { PREFERRED_COUNTRIES } from './phone.ts';

export const FALLBACK_COUNTRY = 'AE';

/**
 * The market a page language stands for, where one does (English and French stand for none:
 * French is read across the Gulf's expatriates, whose numbers are local).
 */
export const LOCALE_COUNTRY: Readonly<Record<Locale, string | undefined>> = {
  en: undefined,
  ar: 'AE',
  ur: 'PK',
  fr: undefined,
  ckb: 'IQ',
};

/** The product's markets: the preferred countries and those its languages stand for. */
export const MARKET_COUNTRIES: readonly string[] = [
  ...new Set([
    ...PREFERRED_COUNTRIES,
    ...Object.values(LOCALE_COUNTRY).filter((code) => code !== undefined),
  ]),
];

export interface CountryHints {
  /** The country of a number already given. */
  given?: string | undefined;
  /** The country of the last number used on this device. */
  lastUsed?: string | undefined;
  /** `navigator.languages`, in the browser's order. */
  languages?: readonly string[] | undefined;
  locale?: Locale | undefined;
  /** Countries the flags allow (then the only markets); empty or absent allows every country. */
  allowed?: readonly string[] | undefined;
  /** Whether the phone rules know a country (all of them while the metadata is not loaded). */
  known?: ((country: string) => boolean) | undefined;
}

const COUNTRY = /^[A-Z]{2}$/;

/** The region of a language tag (`ar-EG` → EG, `zh-Hant-TW` → TW), if it names one. */
export function languageRegion(tag: string): string | undefined {
  const parts = tag.trim().split(/[-_]/);
  for (const part of parts.slice(1)) {
    if (/^[A-Za-z]{2}$/.test(part)) return part.toUpperCase();
    // A private-use or extension singleton ends the region search.
    if (part.length === 1) return undefined;
  }
  return undefined;
}

/** The first country of the ordered hints that the rules know and the flags allow. */
export function defaultCountry(hints: CountryHints): string {
  const allowed = (hints.allowed ?? []).map((code) => code.toUpperCase());
  const fits = (code: string | undefined): code is string =>
    code !== undefined &&
    COUNTRY.test(code) &&
    (hints.known?.(code) ?? true) &&
    (allowed.length === 0 || allowed.includes(code));
  const markets = allowed.length > 0 ? allowed : MARKET_COUNTRIES;
  const market = (code: string | undefined) => (code && markets.includes(code) ? code : undefined);
  const candidates = [
    hints.given,
    hints.lastUsed,
    ...(hints.languages ?? []).map((tag) => market(languageRegion(tag))),
    market(hints.locale ? LOCALE_COUNTRY[hints.locale] : undefined),
    FALLBACK_COUNTRY,
  ];
  const found = candidates.find(fits);
  if (found) return found;
  // AE itself is not allowed: the first allowed country the rules know.
  return allowed.find(fits) ?? FALLBACK_COUNTRY;
}
