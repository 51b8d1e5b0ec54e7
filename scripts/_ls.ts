import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { firstLoadModules } from './sizes.ts';
const dist = new URL('../dist/', import.meta.url).pathname;
for (const page of process.argv.slice(2)) {
  const mods = [...firstLoadModules(dist, readFileSync(dist + page, 'utf8'))];
  const rows = mods.map((m) => [gzipSync(readFileSync(m), { level: 9 }).length, readFileSync(m).length, m.split('/').pop()] as const).sort((a, b) => b[0] - a[0]);
  console.log(page, rows.length, 'modules');
  for (const r of rows) console.log(String(r[0]).padStart(7), String(r[1]).padStart(8), r[2]);
}
