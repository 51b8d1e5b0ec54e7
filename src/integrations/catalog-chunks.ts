/**
 * The messages of an island's later views, one chunk a language (src/ui/later-views.ts): an
 * import of a language's `common.json` with the query `?catalog=<parts>` (comma-separated: a
 * namespace, `login`, or a branch of one, `login.blocked`) is that language's catalogs of those
 * parts, English filling any gap, as the pages' props are (src/i18n/messages.ts). An island's later-views module loads it with
 * `import.meta.glob('<i18n>/*\/common.json', { query: '?catalog=...' })`: one file each language
 * has names its folder, and the build makes one chunk of each.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { withFallback, type Tree } from '../i18n/fallback.ts';

const CATALOG_ID = /^(.*)[\\/]i18n[\\/]([a-z]+)[\\/]common\.json\?catalog=([\w,.]+)$/;

/** The JSON of a language's catalogs `parts`, read from `i18n` (English fills any gap). */
export function catalogJson(
  i18n: string,
  locale: string,
  parts: readonly string[],
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): string {
  const tree = (lang: string, ns: string) =>
    JSON.parse(read(join(i18n, lang, `${ns}.json`))) as Tree;
  const catalogs: Record<string, Tree> = {};
  for (const part of parts) {
    const [ns = '', branch] = part.split('.');
    const whole = locale === 'en' ? tree('en', ns) : withFallback(tree('en', ns), tree(locale, ns));
    const picked = branch === undefined ? whole : whole[branch];
    if (typeof picked !== 'object') throw new Error(`No catalog ${part} in i18n/en`);
    catalogs[ns] = branch === undefined ? picked : { ...catalogs[ns], [branch]: picked };
  }
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
    const parts = match[3].split(',');
    for (const part of parts) {
      const ns = part.split('.')[0] ?? '';
      this.addWatchFile(join(i18n, 'en', `${ns}.json`));
      this.addWatchFile(join(i18n, match[2], `${ns}.json`));
    }
    return { code: `export default ${catalogJson(i18n, match[2], parts)};`, moduleType: 'js' };
  },
};
