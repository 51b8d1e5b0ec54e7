/**
 * Message catalogs: `i18n/<locale>/<namespace>.json`, i18next-compatible (namespaces, `{{x}}`
 * placeholders, `_one`/`_other` plural suffixes). English is the source and the type.
 * Loaded at build time only (Astro frontmatter); islands receive just the namespaces they use.
 */
import { DEFAULT_LOCALE, type Locale } from './config.ts';
import type { I18nKey, Messages, Namespace } from './types.ts';

type Tree = { readonly [key: string]: string | Tree };
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

/** `over` laid on `base`: a key missing in a locale falls back to English. */
function withFallback(base: Tree, over: Tree | undefined): Tree {
  if (!over) return base;
  const merged: Record<string, string | Tree> = {};
  // Plural forms a language has and English lacks (Arabic _two, _few ...) stay.
  for (const [key, value] of Object.entries(over)) {
    const plural = /^(.+)_(zero|two|few|many)$/.exec(key);
    if (plural && typeof value === 'string' && `${plural[1]}_other` in base) merged[key] = value;
  }
  for (const [key, value] of Object.entries(base)) {
    const local = over[key];
    merged[key] =
      typeof value === 'string'
        ? typeof local === 'string'
          ? local
          : value
        : withFallback(value, typeof local === 'object' ? local : undefined);
  }
  return merged;
}

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
 * Only the keys named, of one locale (with their plural forms): for an island that needs a few
 * strings of namespaces other pages use whole (the header's). The result keeps the catalogs'
 * shape, so `t` reads it as it reads `pickMessages`.
 */
export function pickKeys(locale: Locale, keys: readonly I18nKey[]): Partial<Messages> {
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
