import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from './config.ts';
import type { I18nKey, Params, Text } from './types.ts';

type Tree = { readonly [key: string]: string | Tree };

export interface Translate {
  (key: I18nKey, params?: Params): string;
  /** A key built at run time (e.g. from a server code): undefined when the catalog lacks it. */
  maybe(key: string, params?: Params): string | undefined;
  /** Renders a `Text` (catalog key, server text in English, or a key from a server code). */
  text(value: Text): string;
  readonly locale: Locale;
}

/** A `t()` over the given (partial) catalog of one locale. Missing keys return the key itself. */
export function createT(locale: Locale, catalog: object): Translate {
  // Made at first use: a page's first Intl object loads its language's ICU data (44 ms of a
  // phone's first load, docs/figures.md), and first views count nothing (sign-up's numbers are
  // under 1,000: see `format`).
  let plural: Intl.PluralRules | undefined;
  // Latin digits in every language: the same on the server and in every browser engine (their
  // ICU data differ for ckb and ur), and the digits people type in codes and phone numbers.
  let numbers: Intl.NumberFormat | undefined;
  const root = catalog as Readonly<Record<string, Tree>>;

  function lookup(key: string): string | undefined {
    const colon = key.indexOf(':');
    if (colon < 1) return undefined;
    let node: string | Tree | undefined = root[key.slice(0, colon)];
    for (const part of key.slice(colon + 1).split('.')) {
      if (node === undefined || typeof node === 'string') return undefined;
      node = Object.hasOwn(node, part) ? node[part] : undefined;
    }
    return typeof node === 'string' ? node : undefined;
  }

  // The product's name is never typed into a sentence: `{{product}}` is the catalog's one form
  // (`common.productName`), unless a caller passes another.
  const product = lookup('common:productName');

  function format(template: string, params: Params | undefined): string {
    if (!params && (product === undefined || !template.includes('{{product}}'))) return template;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      const value = params?.[name] ?? (name === 'product' ? product : undefined);
      if (value === undefined) return whole;
      if (typeof value !== 'number') return value;
      // A whole number under 1,000 is written the same in every language here: no formatter.
      if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
      numbers ??= new Intl.NumberFormat(INTL_LOCALE[locale], { numberingSystem: 'latn' });
      return numbers.format(value);
    });
  }

  function pluralOf(count: number): Intl.LDMLPluralRule {
    plural ??= new Intl.PluralRules(INTL_LOCALE[locale]);
    return plural.select(count);
  }

  function maybe(key: string, params?: Params): string | undefined {
    const count = params?.['count'];
    const template =
      (typeof count === 'number'
        ? (lookup(`${key}_${pluralOf(count)}`) ?? lookup(`${key}_other`))
        : undefined) ?? lookup(key);
    return template === undefined ? undefined : format(template, params);
  }

  const t = ((key: I18nKey, params?: Params) => maybe(key, params) ?? key) as Translate;
  t.maybe = maybe;
  t.text = (value) => {
    // A server's text is English: in another language its message is the fallback's.
    if ('text' in value) return locale === DEFAULT_LOCALE ? value.text : t(value.fallback);
    if ('dynamic' in value) return maybe(value.dynamic) ?? t(value.fallback);
    return t(value.key, value.params);
  };
  Object.defineProperty(t, 'locale', { value: locale });
  return t;
}
