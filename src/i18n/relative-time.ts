/**
 * 'Two hours ago' in the page's language: `Intl.RelativeTimeFormat` with Latin digits, or, where
 * the engine lacks the language or engines disagree on it (Sorani: ./format.ts), the catalog's
 * words in minutes, hours and days.
 */
import { catalogDates } from './format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** The catalog's words: 'just now', and a count of minutes, hours or days ago. */
export interface RelativeWords {
  justNow: string;
  ago: (unit: 'minutes' | 'hours' | 'days', count: number) => string;
}

/** How long before `now` `then` was, in the largest whole unit (under a minute: just now). */
export function relativeTime(
  then: Date,
  now: number,
  intlLocale: string,
  words: RelativeWords,
): string {
  const elapsed = Math.max(0, now - then.getTime());
  if (Number.isNaN(elapsed) || elapsed < MINUTE) return words.justNow;
  if (catalogDates(intlLocale)) {
    if (elapsed < HOUR) return words.ago('minutes', Math.floor(elapsed / MINUTE));
    if (elapsed < DAY) return words.ago('hours', Math.floor(elapsed / HOUR));
    return words.ago('days', Math.floor(elapsed / DAY));
  }
  const [unit, size] = UNITS.find(([, ms]) => elapsed >= ms) ?? ['minute', MINUTE];
  // Latin digits, as everywhere in the product (the `nu` extension: the option is not typed).
  const format = new Intl.RelativeTimeFormat(`${intlLocale}-u-nu-latn`, { numeric: 'auto' });
  return format.format(-Math.floor(elapsed / size), unit);
}
