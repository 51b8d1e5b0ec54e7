/** Helpers of the recovery specs: the catalogs' own words, in the page's language. */
import { readFileSync } from 'node:fs';
import type { Locale } from '../../src/i18n/config.ts';

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function catalog(locale: Locale, ns: string): Tree {
  const id = `${locale}/${ns}`;
  let tree = cache.get(id);
  if (!tree) {
    tree = JSON.parse(
      readFileSync(new URL(`../../i18n/${locale}/${ns}.json`, import.meta.url), 'utf8'),
    ) as Tree;
    cache.set(id, tree);
  }
  return tree;
}

/** The text of `ns:dotted.key` in a language, placeholders filled. */
export function msg(locale: Locale, key: string, params: Record<string, string> = {}): string {
  const [ns = '', path = ''] = key.split(':');
  let node: string | Tree | undefined = catalog(locale, ns);
  for (const part of path.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`No message ${key} in ${locale}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');
}

export const LAYLA = { e164: '+971500000001', national: '500000001', name: 'Layla Haddad' };
export const RECOVERY_LINK =
  '/session_init?otp=123456&clientId=sandbox-web&phoneNumber=%2B971500000001';
export const NEW_PASSWORD = 'Recovered-Pass9';
