/**
 * The messages of an island's later views, one chunk a language (src/ui/later-views.ts): an
 * import of a language's `common.json` with the query `?catalog=<namespaces>` (comma-separated)
 * is that language's catalogs of those namespaces, whole, English filling any gap, as the pages'
 * props are (src/i18n/messages.ts). An island's later-views module loads it with
 * `import.meta.glob('<i18n>/*\/common.json', { query: '?catalog=...' })`: one file each language
 * has names its folder, and the build makes one chunk of each.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { withFallback, type Tree } from '../i18n/fallback.ts';

const CATALOG_ID = /^(.*)[\\/]i18n[\\/]([a-z]+)[\\/]common\.json\?catalog=([a-z_,]+)$/;

/** The JSON of a language's catalogs `namespaces`, read from `i18n` (English fills any gap). */
export function catalogJson(
  i18n: string,
  locale: string,
  namespaces: readonly string[],
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): string {
  const tree = (lang: string, ns: string) =>
    JSON.parse(read(join(i18n, lang, `${ns}.json`))) as Tree;
  const catalogs = Object.fromEntries(
    namespaces.map((ns) => [
      ns,
      locale === 'en' ? tree('en', ns) : withFallback(tree('en', ns), tree(locale, ns)),
    ]),
  );
  return JSON.stringify(catalogs);
}

/** Serves `i18n/<locale>/common.json?catalog=...`: a module whose default export is the catalogs. */
export const catalogChunks: Plugin = {
  name: 'account:catalog-chunks',
  enforce: 'pre',
  load(id) {
    const match = CATALOG_ID.exec(id);
    if (!match?.[1] || !match[2] || !match[3]) return null;
    const i18n = join(match[1], 'i18n');
    const namespaces = match[3].split(',');
    for (const ns of namespaces) {
      this.addWatchFile(join(i18n, 'en', `${ns}.json`));
      this.addWatchFile(join(i18n, match[2], `${ns}.json`));
    }
    return { code: `export default ${catalogJson(i18n, match[2], namespaces)};`, moduleType: 'js' };
  },
};
