/**
 * Numbers and dates the same in every engine: Latin digits in every language (the product's
 * rule, and the digits people type in codes and phone numbers), and, where an engine has no data
 * for a language (Chromium has none for ckb) or its data differ between engines (ckb: Eastern
 * digits in WebKit and Firefox), the language's own words from the catalog, never English.
 */

// Numbers on their own (./numbers.ts): a page that formats only numbers (one-click's promo) does
// not load the dates'.
export { numberFormat } from './numbers.ts';

/** A date in a language's own words, from its catalog (`common.date`). */
export interface DateWords {
  /** January to December. */
  months: readonly string[];
  /** `{{day}} {{month}} {{year}}, {{time}}` in the language's order and punctuation. */
  pattern: string;
}

/** Languages whose dates always come from the catalog: engines disagree on them. */
const CATALOG_DATES = new Set(['ckb']);
/** Urdu's short day periods are the Latin 'AM' and 'PM' in CLDR: a 24-hour time instead. */
const H23 = new Set(['ur']);

const language = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? '';

/** Whether this engine formats dates in the language itself (not a fallback such as English). */
export function engineSpeaks(intlLocale: string): boolean {
  const resolved = new Intl.DateTimeFormat(intlLocale).resolvedOptions().locale;
  return language(resolved) === language(intlLocale);
}

/** Whether dates in this language come from the catalog (the engine lacks it, or engines differ). */
export function catalogDates(intlLocale: string): boolean {
  return CATALOG_DATES.has(language(intlLocale)) || !engineSpeaks(intlLocale);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The catalog's format: day, month name, year and a 24-hour time, all in Latin digits. */
export function formatWithWords(date: Date, words: DateWords): string {
  const values: Record<string, string> = {
    day: String(date.getDate()),
    month: words.months[date.getMonth()] ?? String(date.getMonth() + 1),
    year: String(date.getFullYear()),
    time: `${two(date.getHours())}:${two(date.getMinutes())}`,
  };
  return words.pattern.replace(
    /\{\{\s*(\w+)\s*\}\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
}

/**
 * A date and time (medium date, short time) in the page's language with Latin digits; the
 * catalog's words where the engine lacks the language or engines disagree on it.
 */
export function formatDateTime(date: Date, intlLocale: string, words?: DateWords): string {
  if (words && catalogDates(intlLocale)) {
    return formatWithWords(date, words);
  }
  return new Intl.DateTimeFormat(intlLocale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    numberingSystem: 'latn',
    ...(H23.has(language(intlLocale)) ? { hourCycle: 'h23' as const } : {}),
  }).format(date);
}
