/**
 * The Arabic-script fonts, cut down to what their languages are written with (issue 33, then
 * issue 31): fontsource's Arabic subsets carry every letter of every language written in the
 * script (Persian, Pashto, Sindhi ...) and the presentation forms, which shaping does not need.
 * - Urdu: Noto Nastaliq Urdu, regular. fontsource's Arabic subset of it weighs 159 KB a weight,
 *   three times Noto Sans Arabic's: with its bold too, /ur/signup/'s simulated LCP on a throttled
 *   phone rose by a second (Lighthouse 92 instead of 98). One file of ~110 KB; bold Urdu text is
 *   the browser's emboldening of it.
 * - Arabic and Sorani: Noto Sans Arabic, regular and bold, 12 KB each instead of 49 and 50 KB: on
 *   slow 4G the two preloads of /ar/login and /ckb/... arrive 0.4 s sooner.
 * `npm run write:fonts` (scripts/write-fonts.ts, HarfBuzz's subsetter, every contextual form of
 * the letters kept) makes them; a unit test fails when the installed package's version or a list
 * no longer match the committed file, or when a catalog or a country's name writes a letter that
 * its font lacks.
 */
import type { Locale } from '../i18n/config.ts';

export interface FontSubset {
  /** fontsource's package and the file of it that is cut down. */
  source: { package: string; file: string };
  /** The committed file in this folder (`.woff2`) and its record of where it came from (`.json`). */
  name: string;
  /** The languages whose pages are drawn with it. */
  locales: readonly Locale[];
  /** The characters kept, as code point ranges. */
  ranges: readonly (readonly [number, number])[];
}

/**
 * Urdu: its alphabet, the Arabic letters an Arabic keyboard types in Urdu words (ي ك ه ة ى, hamza
 * forms), the marks (harakat, superscript alef, honorifics), Urdu's and Arabic's punctuation and
 * digits, and the joiners and direction marks.
 */
const URDU: FontSubset['ranges'] = [
  [0x060c, 0x060d],
  [0x0610, 0x0614],
  [0x061b, 0x061b],
  [0x061f, 0x061f],
  [0x0621, 0x063a],
  [0x0640, 0x0656],
  [0x0658, 0x0658],
  [0x0660, 0x066c],
  [0x0670, 0x0670],
  [0x0679, 0x0679],
  [0x067e, 0x067e],
  [0x0686, 0x0686],
  [0x0688, 0x0688],
  [0x0691, 0x0691],
  [0x0698, 0x0698],
  [0x06a9, 0x06a9],
  [0x06af, 0x06af],
  [0x06ba, 0x06ba],
  [0x06be, 0x06be],
  [0x06c0, 0x06c3],
  [0x06cc, 0x06cc],
  [0x06d2, 0x06d4],
  [0x06f0, 0x06f9],
  [0x200c, 0x200f],
];

/**
 * Arabic and Sorani: the Arabic alphabet with its marks (harakat, hamza above and below,
 * superscript alef), Sorani's letters (پ چ ڕ ژ ڤ ک گ ڵ ھ ۆ ی ێ ە), and Persian's too (they are
 * Sorani's), Arabic punctuation, Arabic-Indic and Persian digits, the joiners and direction marks.
 */
const ARABIC_AND_SORANI: FontSubset['ranges'] = [
  [0x060c, 0x060c],
  [0x061b, 0x061b],
  [0x061f, 0x061f],
  [0x0621, 0x063a],
  [0x0640, 0x0655],
  [0x0660, 0x066c],
  [0x0670, 0x0670],
  [0x067e, 0x067e],
  [0x0686, 0x0686],
  [0x0695, 0x0695],
  [0x0698, 0x0698],
  [0x06a4, 0x06a4],
  [0x06a9, 0x06a9],
  [0x06af, 0x06af],
  [0x06b5, 0x06b5],
  [0x06be, 0x06be],
  [0x06c6, 0x06c6],
  [0x06cc, 0x06cc],
  [0x06ce, 0x06ce],
  [0x06d5, 0x06d5],
  [0x06f0, 0x06f9],
  [0x200c, 0x200f],
];

const sansArabic = (weight: 400 | 700): FontSubset => ({
  source: {
    package: '@fontsource/noto-sans-arabic',
    file: `files/noto-sans-arabic-arabic-${weight}-normal.woff2`,
  },
  name: `noto-sans-arabic-${weight}`,
  locales: ['ar', 'ckb'],
  ranges: ARABIC_AND_SORANI,
});

export const FONT_SUBSETS: readonly FontSubset[] = [
  {
    source: {
      package: '@fontsource/noto-nastaliq-urdu',
      file: 'files/noto-nastaliq-urdu-arabic-400-normal.woff2',
    },
    name: 'noto-nastaliq-urdu-urdu-400',
    locales: ['ur'],
    ranges: URDU,
  },
  sansArabic(400),
  sansArabic(700),
];

/** The committed font file. */
export const fontFile = (font: FontSubset): URL => new URL(`./${font.name}.woff2`, import.meta.url);

/** Its record: the package, file and version it was cut from, and the characters kept. */
export const fontRecord = (font: FontSubset): URL =>
  new URL(`./${font.name}.json`, import.meta.url);

/** Every character kept, as one string (what the subsetter is given). */
export function keptCharacters(font: FontSubset): string {
  return font.ranges
    .flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)),
    )
    .join('');
}
