/**
 * The country a phone field starts in (issue 16, item 6), in this order: the country of a number
 * already given (`fullMobileNumber`, a paste, autofill), the country last used on this device,
 * the region of the browser's languages (`ar-EG`, `ur-PK`), the page's language, then AE. When
 * the flags name the allowed countries, only those count. Pure: the browser's side is handed in.
 */
import type { Locale } from '../i18n/config.ts';

export const FALLBACK_COUNTRY = 'AE';

/** The country a page language stands for, where one does (English stands for none). */
export const LOCALE_COUNTRY: Readonly<Record<Locale, string | undefined>> = {
  en: undefined,
  ar: 'AE',
  ur: 'PK',
  fr: 'FR',
  ckb: 'IQ',
};

export interface CountryHints {
  /** The country of a number already given. */
  given?: string | undefined;
  /** The country of the last number used on this device. */
  lastUsed?: string | undefined;
  /** `navigator.languages`, in the browser's order. */
  languages?: readonly string[] | undefined;
  locale?: Locale | undefined;
  /** Countries the flags allow; empty or absent allows every country. */
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
  const candidates = [
    hints.given,
    hints.lastUsed,
    ...(hints.languages ?? []).map(languageRegion),
    hints.locale ? LOCALE_COUNTRY[hints.locale] : undefined,
    FALLBACK_COUNTRY,
  ];
  const found = candidates.find(fits);
  if (found) return found;
  // AE itself is not allowed: the first allowed country the rules know.
  return allowed.find(fits) ?? FALLBACK_COUNTRY;
}
