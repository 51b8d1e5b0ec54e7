/**
 * The committed Urdu font (src/fonts/urdu.ts) is what `npm run write:fonts` makes from the
 * installed package, with today's list of characters; it draws every one of them; and the Urdu
 * catalogs write with no letter outside that list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  URDU_FONT_FILE,
  URDU_FONT_RECORD,
  URDU_FONT_SOURCE,
  urduCharacters,
} from '../../../src/fonts/urdu.ts';
import { arabicScriptCharacters, fontCodePoints } from '../../e2e/font-coverage.ts';

const require = createRequire(import.meta.url);
const installed = (require(`${URDU_FONT_SOURCE.package}/package.json`) as { version: string })
  .version;
const record = JSON.parse(readFileSync(URDU_FONT_RECORD, 'utf8')) as Record<string, string>;

describe('the Urdu font', () => {
  it('was made from the installed package with the characters listed', () => {
    expect(record, 'run npm run write:fonts').toEqual({
      ...URDU_FONT_SOURCE,
      version: installed,
      characters: urduCharacters(),
    });
  });

  it('draws every character listed (not the invisible joiners and marks)', () => {
    const drawn = fontCodePoints(fileURLToPath(URDU_FONT_FILE));
    const missing = [...arabicScriptCharacters(urduCharacters())].filter(
      (c) => !drawn.has(c.codePointAt(0) ?? 0),
    );
    expect(missing).toEqual([]);
    expect(drawn.size).toBeGreaterThan(80);
  });

  it('has every letter the Urdu catalogs write', () => {
    const dir = new URL('../../../i18n/ur/', import.meta.url);
    const text = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => readFileSync(new URL(name, dir), 'utf8'))
      .join('');
    const kept = new Set(urduCharacters());
    const letters = [...arabicScriptCharacters(text)];
    expect(letters.length).toBeGreaterThan(30);
    expect(letters.filter((c) => !kept.has(c))).toEqual([]);
  });
});
