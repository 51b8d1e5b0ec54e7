/**
 * Writes the committed Urdu font (src/fonts/urdu.ts says why): fontsource's Noto Nastaliq Urdu
 * regular, subset by HarfBuzz to URDU_CHARACTERS (with every glyph their shaping reaches), and a
 * record of the package version it came from. Slow (HarfBuzz and the WOFF2 compressor in
 * WebAssembly: half a minute on a busy machine); run it after changing either.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import {
  URDU_FONT_FILE,
  URDU_FONT_RECORD,
  URDU_FONT_SOURCE,
  urduCharacters,
} from '../src/fonts/urdu.ts';

const require = createRequire(import.meta.url);
const { version } = require(`${URDU_FONT_SOURCE.package}/package.json`) as { version: string };
const source = readFileSync(
  require.resolve(`${URDU_FONT_SOURCE.package}/${URDU_FONT_SOURCE.file}`),
);
const font = await subsetFont(source, urduCharacters(), { targetFormat: 'woff2' });
writeFileSync(URDU_FONT_FILE, font);
writeFileSync(
  URDU_FONT_RECORD,
  `${JSON.stringify({ ...URDU_FONT_SOURCE, version, characters: urduCharacters() }, null, 2)}\n`,
);
console.log(
  `${URDU_FONT_FILE.pathname}: ${font.length} bytes from ${URDU_FONT_SOURCE.package}@${version}`,
);
