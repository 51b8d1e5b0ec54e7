import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, LOCALES } from '../../../src/i18n/config.ts';
import {
  engineSpeaks,
  formatDateTime,
  formatWithWords,
  numberFormat,
  type DateWords,
} from '../../../src/i18n/format.ts';
import { pickMessages } from '../../../src/i18n/messages.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

function wordsOf(locale: (typeof LOCALES)[number]): DateWords {
  const date: { pattern: string; months: Record<string, string> } = pickMessages(locale, ['links'])
    .links.date;
  return { pattern: date.pattern, months: MONTHS.map((m) => date.months[m] ?? '') };
}

// 23 November 2026, 14:47 in the machine's time zone (the page formats in the reader's own).
const AT = new Date(2026, 10, 23, 14, 47);

describe('numbers and dates the same in every engine', () => {
  it('formats numbers with Latin digits in every language', () => {
    for (const locale of LOCALES) {
      const text = numberFormat(INTL_LOCALE[locale], { style: 'percent' }).format(0.3);
      expect(text, locale).toMatch(/30/);
      expect(text, locale).not.toMatch(EASTERN_DIGITS);
    }
  });

  it('formats dates with Latin digits in every language, never English outside en', () => {
    for (const locale of LOCALES) {
      const text = formatDateTime(AT, INTL_LOCALE[locale], wordsOf(locale));
      expect(text, locale).not.toMatch(EASTERN_DIGITS);
      expect(text, locale).toMatch(/2026/);
      if (locale !== 'en') expect(text, locale).not.toMatch(/Nov|AM|PM/);
    }
  });

  it('gives Sorani its catalog words in every engine (month names from the catalog)', () => {
    expect(formatDateTime(AT, 'ckb-IQ', wordsOf('ckb'))).toBe(
      '23ی تشرینی دووەمی 2026، کاتژمێر 14:47',
    );
  });

  it('falls back to the catalog words for a language the engine lacks', () => {
    const words: DateWords = {
      pattern: '{{day}}/{{month}}/{{year}} {{time}}',
      months: MONTHS.map((m) => `m-${m}`),
    };
    expect(engineSpeaks('zz-ZZ')).toBe(false);
    expect(formatDateTime(new Date(2026, 0, 2, 9, 5), 'zz-ZZ', words)).toBe('2/m-jan/2026 09:05');
    expect(engineSpeaks('fr-FR')).toBe(true);
    expect(formatDateTime(AT, 'fr-FR', words)).toMatch(/^23 nov/);
  });

  it('fills every placeholder of each language pattern, and knows twelve months', () => {
    for (const locale of LOCALES) {
      const words = wordsOf(locale);
      expect(words.months.filter(Boolean), locale).toHaveLength(12);
      expect(formatWithWords(AT, words), locale).not.toMatch(/\{\{/);
    }
  });
});
