/**
 * Writes the committed Arabic-script fonts (src/fonts/subsets.ts says why): each fontsource file
 * subset by HarfBuzz to its characters (with every glyph their shaping reaches), and a record of
 * the package version it came from. Slow (HarfBuzz and the WOFF2 compressor in WebAssembly: half
 * a minute on a busy machine); run it after changing a list or a package.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import { FONT_SUBSETS, fontFile, fontRecord, keptCharacters } from '../src/fonts/subsets.ts';

const require = createRequire(import.meta.url);
for (const subset of FONT_SUBSETS) {
  const { source } = subset;
  const { version } = require(`${source.package}/package.json`) as { version: string };
  const original = readFileSync(require.resolve(`${source.package}/${source.file}`));
  const characters = keptCharacters(subset);
  const font = await subsetFont(original, characters, { targetFormat: 'woff2' });
  writeFileSync(fontFile(subset), font);
  writeFileSync(
    fontRecord(subset),
    `${JSON.stringify({ ...source, version, characters }, null, 2)}\n`,
  );
  console.log(
    `${fontFile(subset).pathname}: ${font.length} bytes from ${source.package}@${version}`,
  );
}
