/**
 * The benchmark: builds the site (timed), then prints, per page type, the first-load JavaScript
 * (gzip, inline scripts plus every module the page and its islands import statically) and the
 * HTML + CSS (gzip), against the budgets of design.md section 5; then the time until /login takes
 * input on a throttled phone (scripts/bench-ready.ts), a figure with no budget. Figures, not a
 * timed test: it exits non-zero only when a size or build budget is exceeded. `--no-build`
 * measures the existing dist/; `--no-ready` skips the browser figure.
 */
import { execFileSync } from 'node:child_process';
import { printLoginReady } from './bench-ready.ts';
import { measureDist, overCeilings, sizeReport } from './sizes.ts';

const DIST = new URL('../dist/', import.meta.url).pathname;
const BUILD_BUDGET_S = 60;

const args = new Set(process.argv.slice(2));
let buildSeconds: number | undefined;
if (!args.has('--no-build')) {
  const started = performance.now();
  execFileSync('npx', ['--no', 'astro', 'build'], { stdio: 'ignore' });
  buildSeconds = (performance.now() - started) / 1000;
}

const rows = measureDist(DIST);
let over = overCeilings(rows).length;
console.log(sizeReport(rows));
if (buildSeconds !== undefined) {
  console.log(
    `build: ${buildSeconds.toFixed(1)} s for ${rows.length} pages (budget ${BUILD_BUDGET_S} s)`,
  );
  if (buildSeconds > BUILD_BUDGET_S) over += 1;
}
if (!args.has('--no-ready')) await printLoginReady();
console.log(over === 0 ? 'all within budget' : `${over} over budget (marked !)`);
process.exit(over === 0 ? 0 : 1);
