/**
 * Each committed Arabic-script font (src/fonts/subsets.ts) is what `npm run write:fonts` makes from
 * the installed package, with today's list of characters; it draws every one of them; and its
 * languages' catalogs and country names write with no letter outside that list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { getCountries } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/mobile/metadata';
import { describe, expect, it } from 'vitest';
import { FONT_SUBSETS, fontFile, fontRecord, keptCharacters } from '../../../src/fonts/subsets.ts';
import { regionList } from '../../../src/integrations/region-names.ts';
import { arabicScriptCharacters, fontCodePoints } from '../../e2e/font-coverage.ts';

const require = createRequire(import.meta.url);

/** What a language's pages write: its catalogs and the phone picker's country names. */
function writtenIn(locale: string): string {
  const dir = new URL(`../../../i18n/${locale}/`, import.meta.url);
  const catalogs = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => readFileSync(new URL(name, dir), 'utf8'));
  const countries = regionList(locale, getCountries(metadata)).map(([, name]) => name);
  return [...catalogs, ...countries].join('');
}

describe.each(FONT_SUBSETS)('the font $name', (font) => {
  it('was made from the installed package with the characters listed', () => {
    const { version } = require(`${font.source.package}/package.json`) as { version: string };
    const record: unknown = JSON.parse(readFileSync(fontRecord(font), 'utf8'));
    expect(record, 'run npm run write:fonts').toEqual({
      ...font.source,
      version,
      characters: keptCharacters(font),
    });
  });

  it('draws every character listed (not the invisible joiners and marks)', () => {
    const drawn = fontCodePoints(fileURLToPath(fontFile(font)));
    const missing = [...arabicScriptCharacters(keptCharacters(font))].filter(
      (c) => !drawn.has(c.codePointAt(0) ?? 0),
    );
    expect(missing).toEqual([]);
    expect(drawn.size).toBeGreaterThan(80);
  });

  it.each(font.locales)('has every letter the %s catalogs and country names write', (locale) => {
    const kept = new Set(keptCharacters(font));
    const letters = [...arabicScriptCharacters(writtenIn(locale))];
    expect(letters.length).toBeGreaterThan(30);
    expect(letters.filter((c) => !kept.has(c))).toEqual([]);
  });
});
