import { describe, expect, it } from 'vitest';
import { relativeTime, type RelativeWords } from '../../../src/i18n/relative-time.ts';

const NOW = Date.parse('2030-01-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms);
const MINUTE = 60_000;
const words: RelativeWords = {
  justNow: 'just now',
  ago: (unit, count) => `${count} ${unit} (catalog)`,
};

describe('relative time', () => {
  it('says just now under a minute (and for a time ahead of the clock)', () => {
    expect(relativeTime(ago(30_000), NOW, 'en', words)).toBe('just now');
    expect(relativeTime(ago(-5 * MINUTE), NOW, 'en', words)).toBe('just now');
    expect(relativeTime(new Date('nonsense'), NOW, 'en', words)).toBe('just now');
  });

  it('uses the engine in the largest whole unit, with Latin digits', () => {
    expect(relativeTime(ago(5 * MINUTE), NOW, 'en', words)).toBe('5 minutes ago');
    expect(relativeTime(ago(2 * 60 * MINUTE), NOW, 'en', words)).toBe('2 hours ago');
    expect(relativeTime(ago(26 * 60 * MINUTE), NOW, 'en', words)).toBe('yesterday');
    expect(relativeTime(ago(12 * 24 * 60 * MINUTE), NOW, 'en', words)).toBe('last week');
    expect(relativeTime(ago(40 * 24 * 60 * MINUTE), NOW, 'fr-FR', words)).toBe('le mois dernier');
    expect(relativeTime(ago(3 * 60 * MINUTE), NOW, 'ar-AE', words)).toMatch(/3/);
  });

  it('takes the catalog’s words where engines lack or disagree on the language (Sorani)', () => {
    expect(relativeTime(ago(5 * MINUTE), NOW, 'ckb-IQ', words)).toBe('5 minutes (catalog)');
    expect(relativeTime(ago(3 * 60 * MINUTE), NOW, 'ckb-IQ', words)).toBe('3 hours (catalog)');
    expect(relativeTime(ago(40 * 24 * 60 * MINUTE), NOW, 'ckb-IQ', words)).toBe(
      '40 days (catalog)',
    );
  });
});
