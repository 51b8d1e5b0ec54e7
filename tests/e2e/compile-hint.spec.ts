/**
 * The island runtime's chunk asks V8 to compile it whole, off the main thread, as it streams in
 * (`compileHint`, src/integrations/bundling.ts): the served chunk every island page hydrates
 * through starts with the hint, and no other chunk carries it (the code loaded later keeps V8's
 * lazy compiling). Shown to fail: without the plugin, the first check finds no hint.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { COMPILE_HINT } from '../../src/integrations/bundling.ts';
import { expect, localizedPath, test } from './fixtures.ts';

const ASSETS = new URL('../../dist/_astro/', import.meta.url).pathname;
const hinted = (code: string) => code.startsWith(`${COMPILE_HINT}\n`);

test('the island runtime is compiled whole as it loads; no other chunk is', async ({ request }) => {
  const renderers = new Set<string>();
  for (const path of ['/login', '/signup/', '/login/one-click', '/security/']) {
    for (const locale of ['en', 'ar'] as const) {
      const html = await (await request.get(localizedPath(locale, path))).text();
      const renderer = /\brenderer-url="([^"]+)"/.exec(html)?.[1];
      expect(renderer, `${locale} ${path}: an island`).toBeDefined();
      renderers.add(renderer ?? '');
    }
  }
  // One runtime for every island page, served with the hint as its first line.
  expect(renderers.size).toBe(1);
  const [renderer = ''] = renderers;
  expect(hinted(await (await request.get(renderer)).text()), renderer).toBe(true);

  const others = readdirSync(ASSETS).filter(
    (name) => name.endsWith('.js') && `/_astro/${name}` !== renderer,
  );
  expect(others.length).toBeGreaterThan(20);
  for (const name of others) {
    expect(hinted(readFileSync(`${ASSETS}${name}`, 'utf8')), name).toBe(false);
  }
});
