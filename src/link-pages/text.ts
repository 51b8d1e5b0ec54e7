/**
 * The few translated texts a link page shows after a call: translated at build time into `data-`
 * attributes of the page root, read back in the browser by key. No i18n code ships to the page.
 */
import { fillSentence } from '../i18n/rich.ts';
import type { Translate } from '../i18n/t.ts';
import type { I18nKey, Text } from '../i18n/types.ts';

/** What the flows can show besides their pre-rendered outcomes (src/api/error-catalogue.ts). */
export const TRANSPORT_KEYS = [
  'common:timeout',
  'common:offline',
  'common:networkError',
] as const satisfies readonly I18nKey[];

/** `common:networkError` → `data-text-common-networkerror`. */
export function textAttribute(key: string): string {
  return `data-text-${key.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
}

/** Build time: the attributes that carry the transport messages, for the page root. */
export function transportTexts(t: Translate): Record<string, string> {
  return Object.fromEntries(TRANSPORT_KEYS.map((key) => [textAttribute(key), t(key)]));
}

/**
 * In the browser: a flow's `Text`, from the root's attributes. The link pages' flows show only
 * their outcomes and the transport's messages; a server's text would be its fallback's.
 */
export function textOf(root: Element, value: Text): string {
  return (
    root.getAttribute(textAttribute('key' in value ? value.key : value.fallback)) ??
    root.getAttribute(textAttribute('common:networkError')) ??
    ''
  );
}

/**
 * Build time: a translated sentence split around one placeholder (`{{name}}`), so an element
 * (a button, a code) can stand in it wherever each language puts it.
 */
export function sentence(t: Translate, key: I18nKey, name: string): [string, string] {
  const parts = fillSentence(t(key), { [name]: null });
  const at = parts.indexOf(null);
  const text = (from: number, to?: number) => parts.slice(from, to).join('');
  return at < 0 ? [text(0), ''] : [text(0, at), text(at + 1)];
}
