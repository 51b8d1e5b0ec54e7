/**
 * The Urdu font (issue 33): Noto Nastaliq Urdu, regular, cut down to what Urdu is written with.
 * fontsource's Arabic subset of it weighs 159 KB a weight, three times Noto Sans Arabic's: with
 * its bold too, /ur/signup/'s simulated LCP on a throttled phone rose by a second (Lighthouse 92
 * instead of 98). This one file, ~110 KB, is made from fontsource's by `npm run write:fonts`
 * (scripts/write-fonts.ts, HarfBuzz's subsetter, every contextual form of the letters kept);
 * bold Urdu text is the browser's emboldening of it. A unit test fails when the installed
 * package's version or this list no longer match the committed file.
 */

/** The package and file it is cut from. */
export const URDU_FONT_SOURCE = {
  package: '@fontsource/noto-nastaliq-urdu',
  file: 'files/noto-nastaliq-urdu-arabic-400-normal.woff2',
} as const;

/** The committed file, and its record of where it came from. */
export const URDU_FONT_FILE = new URL('./noto-nastaliq-urdu-urdu-400.woff2', import.meta.url);
export const URDU_FONT_RECORD = new URL('./noto-nastaliq-urdu-urdu-400.json', import.meta.url);

/**
 * The characters kept, as code point ranges: the Urdu alphabet, the Arabic letters an Arabic
 * keyboard types in Urdu words (ي ك ه ة ى, hamza forms), the marks (harakat, superscript alef,
 * honorifics), Urdu's and Arabic's punctuation and digits, and the joiners and direction marks.
 */
export const URDU_CHARACTERS: readonly (readonly [number, number])[] = [
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

/** Every character kept, as one string (what the subsetter is given). */
export function urduCharacters(): string {
  return URDU_CHARACTERS.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)),
  ).join('');
}
