/**
 * Message catalogs: `i18n/<locale>/<namespace>.json`, i18next-compatible (namespaces, `{{x}}`
 * placeholders, `_one`/`_other` plural suffixes). English is the source and the type.
 * Loaded at build time only (Astro frontmatter); islands receive just the namespaces they use.
 */
import { DEFAULT_LOCALE, type Locale } from './config.ts';
import { withFallback, type Tree } from './fallback.ts';
import type { I18nBranch, I18nKey, Messages, Namespace } from './types.ts';

type Json = Record<string, Tree>;

const files = import.meta.glob<Tree>('../../i18n/*/*.json', { eager: true, import: 'default' });

function load(): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [file, tree] of Object.entries(files)) {
    const match = /\/i18n\/([a-z]+)\/([a-z_]+)\.json$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    (out[match[1]] ??= {})[match[2]] = tree;
  }
  return out;
}

const ALL = load();

/**
 * The chosen namespaces of one locale, ready to pass to an island as a prop. English fills any
 * gap (the i18n check keeps the catalogs complete; this keeps a page usable if one slips).
 */
export function pickMessages<N extends Namespace>(
  locale: Locale,
  namespaces: readonly N[],
): Pick<Messages, N> {
  const english = ALL[DEFAULT_LOCALE] ?? {};
  const local = ALL[locale] ?? {};
  const picked: Partial<Record<N, Tree>> = {};
  for (const ns of namespaces) {
    const base = english[ns];
    if (!base) throw new Error(`Missing catalog i18n/en/${ns}.json`);
    picked[ns] = locale === DEFAULT_LOCALE ? base : withFallback(base, local[ns]);
  }
  return picked as Pick<Messages, N>;
}

/**
 * Only the keys named, of one locale (with their plural forms; a branch, `login:idpError`, with
 * every key under it): for an island whose first views need a few strings of namespaces that
 * others use whole (the header's), or whose later views bring the rest (src/ui/later-views.ts).
 * The result keeps the catalogs' shape, so `t` reads it as it reads `pickMessages`.
 */
export function pickKeys(
  locale: Locale,
  keys: readonly (I18nKey | I18nBranch)[],
): Partial<Messages> {
  const picked: Record<string, Record<string, string | Tree>> = {};
  for (const key of keys) {
    const [ns = '', path = ''] = key.split(':');
    const catalog = pickMessages(locale, [ns as Namespace])[ns as Namespace] as Tree;
    const parts = path.split('.');
    const leaf = parts.pop() ?? '';
    let from: Tree = catalog;
    let to = (picked[ns] ??= {});
    for (const part of parts) {
      const next = from[part];
      if (typeof next !== 'object') throw new Error(`Missing message ${key}`);
      from = next;
      to = (to[part] ??= {}) as Record<string, string | Tree>;
    }
    const forms = Object.keys(from).filter((name) => name === leaf || name.startsWith(`${leaf}_`));
    if (forms.length === 0) throw new Error(`Missing message ${key}`);
    for (const name of forms) to[name] = from[name] as string | Tree;
  }
  return picked;
}
