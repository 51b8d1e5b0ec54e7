/**
 * Message catalogs: `i18n/<locale>/<namespace>.json`, i18next-compatible (namespaces, `{{x}}`
 * placeholders, `_one`/`_other` plural suffixes). English is the source and the type.
 * Loaded at build time only (Astro frontmatter); islands receive just the namespaces they use.
 */
import type { Locale } from './config.ts';
import type { Messages, Namespace } from './types.ts';

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

/** The chosen namespaces of one locale, ready to pass to an island as a prop. */
export function pickMessages<N extends Namespace>(
  locale: Locale,
  namespaces: readonly N[],
): Pick<Messages, N> {
  const catalog = ALL[locale] ?? {};
  const picked: Partial<Record<N, Tree>> = {};
  for (const ns of namespaces) {
    const tree = catalog[ns];
    if (!tree) throw new Error(`Missing catalog i18n/${locale}/${ns}.json`);
    picked[ns] = tree;
  }
  return picked as Pick<Messages, N>;
}
