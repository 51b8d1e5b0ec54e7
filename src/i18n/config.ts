/** The languages the product speaks, with their writing direction declared (never guessed). */
export const LOCALES = ['en', 'ar', 'ur', 'fr', 'ckb'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const DIR = {
  en: 'ltr',
  ar: 'rtl',
  ur: 'rtl',
  fr: 'ltr',
  ckb: 'rtl',
} as const satisfies Record<Locale, 'ltr' | 'rtl'>;

/** Each language's own name, for the language picker. */
export const LOCALE_NAMES = {
  en: 'English',
  ar: 'العربية',
  ur: 'اردو',
  fr: 'Français',
  ckb: 'کوردی',
} as const satisfies Record<Locale, string>;

/** BCP-47 tags for Intl (numbers, plurals); ckb uses its own tag, which Intl knows. */
export const INTL_LOCALE = {
  en: 'en',
  ar: 'ar-AE',
  ur: 'ur-PK',
  fr: 'fr-FR',
  ckb: 'ckb-IQ',
} as const satisfies Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language named by a value such as `?lang=`, falling back to English. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** `/login` in English, `/ar/login` in Arabic: English keeps the spec's own paths. */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}/` : `/${locale}${clean}`;
}

/** Splits `/ar/login` into `{ locale: 'ar', path: '/login' }`; unprefixed paths are English. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2,3})(\/.*)?$/.exec(pathname);
  if (match && isLocale(match[1]) && match[1] !== DEFAULT_LOCALE) {
    return { locale: match[1], path: match[2] ?? '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** The astro `[...lang]` param: undefined for English (no prefix). */
export function langParam(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : locale;
}
