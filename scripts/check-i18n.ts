/**
 * Fails when a locale misses a key or has an extra one, when placeholders differ from English,
 * when a non-English value is still the English text (brand names and the like allow-listed),
 * or when a value is empty. English (`i18n/en/`) is the source.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, DEFAULT_LOCALE } from '../src/i18n/config.ts';

type Tree = { [key: string]: string | Tree };

const ROOT = new URL('../i18n/', import.meta.url).pathname;
/** Brand and technical names that are the same in every language. */
const SAME_EVERYWHERE = new Set(['Masar', 'Apple', 'Google', 'OTP', 'PIN', 'SMS']);

/** A value may equal English when it is a name, or has no words outside its placeholders. */
function mayEqualEnglish(value: string): boolean {
  return SAME_EVERYWHERE.has(value) || !/\p{L}/u.test(value.replace(/\{\{\s*\w+\s*\}\}/g, ''));
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

export function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

/** Plural keys (`x_one`, `x_few` ...) are checked by their base: locales have different forms. */
function pluralBase(key: string): string {
  return key.replace(/_(zero|one|two|few|many|other)$/, '');
}

export function checkCatalogs(
  read: (locale: string, ns: string) => Tree | undefined,
  namespaces: string[],
): string[] {
  const problems: string[] = [];
  for (const ns of namespaces) {
    const english = flatten(read(DEFAULT_LOCALE, ns) ?? {});
    const englishBases = new Set([...english.keys()].map(pluralBase));
    for (const locale of LOCALES) {
      if (locale === DEFAULT_LOCALE) continue;
      const tree = read(locale, ns);
      if (!tree) {
        problems.push(`${locale}/${ns}.json: missing file`);
        continue;
      }
      const local = flatten(tree);
      const localBases = new Set([...local.keys()].map(pluralBase));
      for (const base of englishBases) {
        if (!localBases.has(base)) problems.push(`${locale}/${ns}: missing key ${base}`);
      }
      for (const [key, value] of local) {
        const base = pluralBase(key);
        if (!englishBases.has(base)) {
          problems.push(`${locale}/${ns}: unknown key ${key}`);
          continue;
        }
        const source = english.get(key) ?? english.get(`${base}_other`) ?? english.get(base) ?? '';
        if (value.trim() === '') problems.push(`${locale}/${ns}: empty value ${key}`);
        if (placeholders(value).join() !== placeholders(source).join()) {
          problems.push(`${locale}/${ns}: placeholders of ${key} differ from English`);
        }
        if (value === source && !mayEqualEnglish(value)) {
          problems.push(`${locale}/${ns}: ${key} is still English ("${value}")`);
        }
      }
    }
  }
  return problems;
}

function readFromDisk(locale: string, ns: string): Tree | undefined {
  try {
    return JSON.parse(readFileSync(join(ROOT, locale, `${ns}.json`), 'utf8')) as Tree;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${locale}/${ns}.json: ${(error as Error).message}`, { cause: error });
  }
}

if (import.meta.main) {
  const namespaces = readdirSync(join(ROOT, DEFAULT_LOCALE))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
  const problems = checkCatalogs(readFromDisk, namespaces);
  if (problems.length > 0) {
    console.error(`i18n check: ${problems.length} problem(s)\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(
    `i18n check: ${namespaces.length} namespaces complete in ${LOCALES.length} languages`,
  );
}
