/**
 * What a page costs on its first load, measured from a build (dist/), and the ceilings of
 * design.md section 5: the one way the project measures sizes. `npm test` fails past a ceiling
 * (scripts/check-sizes.ts); `npm run bench` prints the same table with its figures.
 *
 * - first-load JS: gzip of the page's inline scripts plus every module the page and its islands
 *   import statically (not `import()`: what loads later is not first-load);
 * - HTML + CSS: gzip of the page plus its stylesheets (fonts apart).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export const KB = 1024; // ceilings are in KiB, as quality.md measures (React runtime 64.0 KiB)

export type PageKind = 'link page' | 'island page';

export interface Ceiling {
  js: number;
  htmlCss: number;
}

/** Link pages ship no framework; every other page hydrates React islands. */
export const CEILINGS: Readonly<Record<PageKind, Ceiling>> = {
  'link page': { js: 10 * KB, htmlCss: 12 * KB },
  'island page': { js: 95 * KB, htmlCss: 12 * KB },
};

const LINK_ROUTES = /^\/(?:[a-z]{2,3}\/)?(email|alerts|profile|corporate|signin)\//;

export const kindOf = (path: string): PageKind =>
  LINK_ROUTES.test(path) ? 'link page' : 'island page';

export interface PageSize {
  /** The page's address: `login.html` serves /login, `signup/index.html` /signup/. */
  path: string;
  kind: PageKind;
  js: number;
  htmlCss: number;
}

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** A module's static imports (not `import()`), resolved to files in dist. */
function staticImports(dist: string, file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g,
  )) {
    found.add(match[1] ?? '');
  }
  for (const match of code.matchAll(/export\s*[\w*{}\s,$]+from\s*["']([^"']+)["']/g))
    found.add(match[1] ?? '');
  return [...found]
    .filter((spec) => spec.startsWith('.') || spec.startsWith('/'))
    .map((spec) => (spec.startsWith('/') ? join(dist, spec) : join(file, '..', spec)));
}

function moduleClosure(dist: string, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = entries.filter((file) => existsSync(file));
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of staticImports(dist, file)) if (existsSync(next)) queue.push(next);
  }
  return seen;
}

/** The first-load modules of a page (the files of dist/ it loads before any `import()`). */
export function firstLoadModules(dist: string, html: string): Set<string> {
  const urls = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    ),
  ];
  return moduleClosure(
    dist,
    urls.filter((u) => u.startsWith('/')).map((u) => join(dist, u)),
  );
}

function measurePage(dist: string, file: string): Pick<PageSize, 'js' | 'htmlCss'> {
  const html = readFileSync(file, 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  );
  const modules = firstLoadModules(dist, html);
  const js = gz(inline.join('\n')) + [...modules].reduce((sum, m) => sum + gz(readFileSync(m)), 0);
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)]
    .map((m) => join(dist, m[1] ?? ''))
    .filter((f) => existsSync(f))
    .reduce((sum, f) => sum + gz(readFileSync(f)), 0);
  return { js, htmlCss: gz(html) + css };
}

/** Every page of a build, heaviest first-load JS first. */
export function measureDist(dist: string): PageSize[] {
  if (!existsSync(dist)) throw new Error(`${dist} does not exist: build first (npm run build)`);
  return walk(dist)
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const path = `/${relative(dist, file)}`.replace(/index\.html$/, '').replace(/\.html$/, '');
      return { path, kind: kindOf(path), ...measurePage(dist, file) };
    })
    .sort((a, b) => b.js - a.js);
}

/** What passes a ceiling: one line per page and measure. */
export function overCeilings(rows: readonly PageSize[]): string[] {
  return rows.flatMap((row) => {
    const ceiling = CEILINGS[row.kind];
    return [
      ...(row.js > ceiling.js
        ? [`${row.path}: first-load JS ${fmt(row.js)} > ${fmt(ceiling.js)} (${row.kind})`]
        : []),
      ...(row.htmlCss > ceiling.htmlCss
        ? [`${row.path}: HTML+CSS ${fmt(row.htmlCss)} > ${fmt(ceiling.htmlCss)}`]
        : []),
    ];
  });
}

export const fmt = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** The table of every page (`!` past a ceiling), then the largest of each kind. */
export function sizeReport(rows: readonly PageSize[], everyPage = true): string {
  const lines: string[] = [];
  if (everyPage) {
    lines.push(
      `${'page'.padEnd(42)} ${'type'.padEnd(11)} ${'JS gzip'.padStart(10)} ${'HTML+CSS'.padStart(10)}`,
    );
    for (const row of rows) {
      const ceiling = CEILINGS[row.kind];
      const jsMark = row.js > ceiling.js ? '!' : ' ';
      const htmlMark = row.htmlCss > ceiling.htmlCss ? '!' : ' ';
      lines.push(
        `${row.path.padEnd(42)} ${row.kind.padEnd(11)} ${fmt(row.js).padStart(10)}${jsMark} ${fmt(row.htmlCss).padStart(10)}${htmlMark}`,
      );
    }
    lines.push('');
  }
  for (const kind of Object.keys(CEILINGS) as PageKind[]) {
    const mine = rows.filter((row) => row.kind === kind);
    if (mine.length === 0) continue;
    const heaviest = mine.reduce((a, b) => (b.js > a.js ? b : a));
    const maxHtml = mine.reduce((a, b) => (b.htmlCss > a.htmlCss ? b : a));
    lines.push(
      `${kind}s: ${mine.length}, first-load JS at most ${fmt(heaviest.js)} (${heaviest.path}; ceiling ${fmt(CEILINGS[kind].js)}), HTML+CSS at most ${fmt(maxHtml.htmlCss)} (${maxHtml.path}; ceiling ${fmt(CEILINGS[kind].htmlCss)})`,
    );
  }
  return lines.join('\n');
}
