/**
 * The first views' key lists (src/islands/{Login,Signup}/first-keys.ts): the page's HTML carries
 * only these, the rest come with the later views (src/ui/later-views.ts). Read from the sources:
 * every message key written in a module the island can load before its later views (what it
 * imports, statically or not, but the later views' module) must be in its first list; every key
 * of the later views' modules in the first list or the later catalog; and the later catalog
 * keeps every first key (the island lays it over the page's messages).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/config.ts';
import { pickKeys } from '../../../src/i18n/messages.ts';
import { createT } from '../../../src/i18n/t.ts';
import { catalogJson } from '../../../src/integrations/catalog-chunks.ts';
import { LOGIN_FIRST_KEYS } from '../../../src/islands/Login/first-keys.ts';
import { SIGNUP_FIRST_KEYS } from '../../../src/islands/Signup/first-keys.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const I18N = join(ROOT, 'i18n');
const NAMESPACES = readdirSync(join(I18N, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

/** Strings in the code that name a key of a catalog: `login:phone.title`, `otp:error.${name}`. */
const KEY = new RegExp(String.raw`(['"\x60])((?:${NAMESPACES.join('|')}):[^'"\x60\s]*)\1`, 'g');

/** The code without its comments (which name keys in prose: `error:{message}`). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"\x60\\])\/\/.*$/gm, '$1');
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`].find(
    (file) => existsSync(file) && /\.tsx?$/.test(file),
  );
}

/** The modules of src/ that `entry` loads (static and dynamic imports, not types), but `skip`. */
function modules(entry: string, skip?: string): string[] {
  const seen = new Set<string>();
  const queue = [join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file) || (skip && file === join(ROOT, skip))) continue;
    seen.add(file);
    const text = code(file);
    const specs = [
      ...[
        ...text.matchAll(
          /(?:^|[;\n])\s*(?:import|export)\s+(?!type\b)[^;]*?from\s*['"]([^'"]+)['"]/g,
        ),
      ].map((m) => m[1]),
      ...[...text.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)].map((m) => m[1]),
      ...[...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
    ];
    for (const spec of specs) {
      if (!spec?.startsWith('.')) continue;
      const next = resolveImport(file, spec);
      if (next) queue.push(next);
    }
  }
  return [...seen];
}

/** Every key written in `files`, with where. */
function keysIn(files: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files) {
    for (const match of code(file).matchAll(KEY)) {
      if (match[2] && !found.has(match[2])) found.set(match[2], relative(ROOT, file));
    }
  }
  return found;
}

/** Whether `list` (keys and branches) holds `key`; a key built at run time (`${`) needs a branch. */
function covers(list: readonly string[], key: string): boolean {
  const built = key.indexOf('${');
  if (built >= 0) {
    const prefix = key.slice(0, built);
    return list.some((entry) => prefix.startsWith(`${entry}.`));
  }
  return list.some((entry) => key === entry || key.startsWith(`${entry}.`));
}

/** The later catalog's parts (`login`, `login.blocked`), read from the later views' module. */
function catalogParts(laterViews: string): string[] {
  const query = /\?catalog=([\w,.]+)/.exec(readFileSync(join(ROOT, laterViews), 'utf8'));
  return query?.[1]?.split(',') ?? [];
}

/** Whether the later catalog's `parts` (a namespace, `login`, or a branch, `login.blocked`) hold `key`. */
function inCatalog(parts: readonly string[], key: string): boolean {
  const ns = key.slice(0, key.indexOf(':'));
  return parts.some((part) => part === ns || covers([part.replace('.', ':')], key));
}

const ISLANDS = [
  {
    name: 'login',
    island: 'src/islands/Login/Login.tsx',
    laterViews: 'src/islands/Login/LaterViews.ts',
    first: LOGIN_FIRST_KEYS as readonly string[],
    // Strings of the catalogs' shape that are not messages: the places a wait is kept.
    notMessages: ['login:${attempt.phone}', 'login:${attempt.email}'],
  },
  {
    name: 'sign-up',
    island: 'src/islands/Signup/Signup.tsx',
    laterViews: 'src/islands/Signup/LaterViews.ts',
    first: SIGNUP_FIRST_KEYS as readonly string[],
    notMessages: ['signup:${phone}'],
  },
];

// The island's server errors' messages come with the later catalog, which loads with the page's
// calls: a failure waits for it (src/ui/later-views.ts). The recovery's `error:{message}` (built
// by the error catalogue, a module the islands import) is a recovery page's, and the breached
// password's (src/api/breached-passwords.ts, which the shared browser deps load) is the message of
// the pages with a new password (sign-up lists `fields:password` whole).
// The page titles (`meta`) are the layout's, written on the server, never an island's.
const WITH_CALLS = ['spring_security_error'];
const OTHER_PAGES = ['error:${message}', 'fields:password.breached'];
const notIsland = (key: string) => OTHER_PAGES.includes(key) || key.startsWith('meta:');

describe.each(ISLANDS)('the $name first views', (island) => {
  const parts = catalogParts(island.laterViews);

  it('use only keys of the first list (or messages that come with the calls)', () => {
    const first = modules(island.island, island.laterViews);
    expect(first).toContain(join(ROOT, island.island));
    expect(first).not.toContain(join(ROOT, island.laterViews));
    const missing = [...keysIn(first)]
      .filter(([key]) => !island.notMessages.includes(key) && !notIsland(key))
      .filter(([key]) => !covers(island.first, key) && !inCatalog(WITH_CALLS, key))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
    expect(parts).toEqual(expect.arrayContaining(WITH_CALLS));
  });

  it('finds the keys the views write (the scan sees them)', () => {
    const keys = keysIn(modules(island.island, island.laterViews));
    expect(keys.size).toBeGreaterThan(30);
    expect([...keys.keys()]).toContain('common:pleaseWait');
  });

  it('leave to the later views only keys their catalog brings', () => {
    const later = modules(island.laterViews);
    const missing = [...keysIn(later)]
      .filter(([key]) => !island.notMessages.includes(key) && !notIsland(key))
      .filter(([key]) => !covers(island.first, key) && !inCatalog(parts, key))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('keeps every first key in the later catalog (%s)', (locale) => {
    const page = createT(locale, pickKeys(locale, island.first as Parameters<typeof pickKeys>[1]));
    const later = JSON.parse(catalogJson(I18N, locale, parts)) as object;
    const merged = createT(locale, { ...pickKeys(locale, []), ...later });
    for (const key of island.first) {
      const leaves = leafKeys(pickKeys(locale, [key as Parameters<typeof pickKeys>[1][number]]));
      for (const leaf of leaves) {
        expect(merged.maybe(leaf), leaf).toBe(page.maybe(leaf));
      }
    }
  });
});

function leafKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const path =
      prefix === '' ? `${name}:` : prefix.endsWith(':') ? `${prefix}${name}` : `${prefix}.${name}`;
    return typeof value === 'string' ? [path] : leafKeys(value as object, path);
  });
}
