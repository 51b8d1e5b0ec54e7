/**
 * `npm run check:sizes` (a step of `npm test`, after the build): fails when a page of dist/ (or
 * of the folder given) passes a ceiling of design.md section 5, measured by scripts/sizes.ts.
 */
import { resolve } from 'node:path';
import { measureDist, overCeilings, sizeReport } from './sizes.ts';

const dist = resolve(process.argv[2] ?? new URL('../dist/', import.meta.url).pathname);
const rows = measureDist(dist);
const over = overCeilings(rows);
console.log(sizeReport(rows, false));
if (over.length > 0) {
  console.error(`\n${over.length} past a ceiling:\n${over.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`${rows.length} pages within the ceilings`);
