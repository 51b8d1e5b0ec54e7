/**
 * The benchmark: builds the site (timed), then prints, per page type, the first-load JavaScript
 * (gzip, inline scripts plus every module the page and its islands import statically) and the
 * HTML + CSS (gzip), against the budgets of design.md section 5; then the time until /login takes
 * input on a throttled phone (scripts/bench-ready.ts), a figure with no budget. Figures, not a
 * timed test: it exits non-zero only when a size or build budget is exceeded. `--no-build`
 * measures the existing dist/; `--no-ready` skips the browser figure.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { printLoginReady } from './bench-ready.ts';

const DIST = new URL('../dist/', import.meta.url).pathname;
const KB = 1024; // budgets are in KiB, as quality.md measures (React runtime 64.0 KiB)

interface Budget {
  js: number;
  htmlCss: number;
}
// Issue 20: link pages with or without a Sentry DSN at build, island pages, HTML+CSS everywhere.
const LINK_PAGE: Budget = { js: 10 * KB, htmlCss: 12 * KB };
const LOGIN: Budget = { js: 85 * KB, htmlCss: 12 * KB };
const OTHER: Budget = { js: 85 * KB, htmlCss: 12 * KB };
const BUILD_BUDGET_S = 60;

const LINK_ROUTES = /^\/(?:[a-z]{2,3}\/)?(email|alerts|profile|corporate|signin)\//;

function budgetFor(path: string): [string, Budget] {
  if (LINK_ROUTES.test(path)) return ['link page', LINK_PAGE];
  if (/^\/(?:[a-z]{2,3}\/)?login$/.test(path)) return ['login', LOGIN];
  return ['other', OTHER];
}

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** A module's static imports (not `import()`), resolved to files in dist. */
function staticImports(file: string): string[] {
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
    .map((spec) => (spec.startsWith('/') ? join(DIST, spec) : join(file, '..', spec)));
}

function moduleClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = entries.filter((file) => existsSync(file));
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of staticImports(file)) if (existsSync(next)) queue.push(next);
  }
  return seen;
}

function measurePage(file: string) {
  const html = readFileSync(file, 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  );
  const urls = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    ),
  ];
  const modules = moduleClosure(urls.filter((u) => u.startsWith('/')).map((u) => join(DIST, u)));
  const js = gz(inline.join('\n')) + [...modules].reduce((sum, m) => sum + gz(readFileSync(m)), 0);
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)]
    .map((m) => join(DIST, m[1] ?? ''))
    .filter((f) => existsSync(f))
    .reduce((sum, f) => sum + gz(readFileSync(f)), 0);
  return { js, htmlCss: gz(html) + css };
}

const args = new Set(process.argv.slice(2));
let buildSeconds: number | undefined;
if (!args.has('--no-build')) {
  const started = performance.now();
  execFileSync('npx', ['--no', 'astro', 'build'], { stdio: 'ignore' });
  buildSeconds = (performance.now() - started) / 1000;
}

const pages = walk(DIST).filter((f) => f.endsWith('.html'));
const rows = pages.map((file) => {
  // The page's address: `login.html` serves /login, `signup/index.html` /signup/.
  const path = `/${relative(DIST, file)}`.replace(/index\.html$/, '').replace(/\.html$/, '');
  const [kind, budget] = budgetFor(path);
  return { path, kind, budget, ...measurePage(file) };
});

const fmt = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
let over = 0;
console.log(
  `${'page'.padEnd(42)} ${'type'.padEnd(10)} ${'JS gzip'.padStart(10)} ${'HTML+CSS'.padStart(10)}`,
);
for (const row of rows.sort((a, b) => b.js - a.js)) {
  const jsOver = row.js > row.budget.js;
  const htmlOver = row.htmlCss > row.budget.htmlCss;
  if (jsOver || htmlOver) over += 1;
  console.log(
    `${row.path.padEnd(42)} ${row.kind.padEnd(10)} ${fmt(row.js).padStart(10)}${jsOver ? '!' : ' '} ${fmt(row.htmlCss).padStart(10)}${htmlOver ? '!' : ' '}`,
  );
}
console.log('');
for (const [kind, budget] of [
  ['link page', LINK_PAGE],
  ['login', LOGIN],
  ['other', OTHER],
] as const) {
  const mine = rows.filter((row) => row.kind === kind);
  if (mine.length === 0) continue;
  const maxJs = Math.max(...mine.map((r) => r.js));
  const maxHtml = Math.max(...mine.map((r) => r.htmlCss));
  console.log(
    `${kind}: ${mine.length} pages, JS max ${fmt(maxJs)} (budget ${fmt(budget.js)}), HTML+CSS max ${fmt(maxHtml)} (budget ${fmt(budget.htmlCss)})`,
  );
}
if (buildSeconds !== undefined) {
  console.log(
    `build: ${buildSeconds.toFixed(1)} s for ${pages.length} pages (budget ${BUILD_BUDGET_S} s)`,
  );
  if (buildSeconds > BUILD_BUDGET_S) over += 1;
}
if (!args.has('--no-ready')) await printLoginReady();
console.log(over === 0 ? 'all within budget' : `${over} over budget (marked !)`);
process.exit(over === 0 ? 0 : 1);
