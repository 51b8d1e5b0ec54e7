import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CEILINGS, KB, kindOf, measureDist, overCeilings } from '../../../scripts/sizes.ts';

const made: string[] = [];

/** A dist/ with the given files (paths relative to it). */
function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sizes-'));
  made.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** Text that gzip cannot shrink much: about `kb` KiB once compressed, or more. */
const incompressible = (kb: number) => `/*${randomBytes(kb * KB).toString('base64')}*/`;

const island = (entry: string) =>
  `<!doctype html><html><body><astro-island component-url="${entry}" renderer-url="/_astro/client.js"></astro-island></body></html>`;

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the size check', () => {
  it('counts the modules a page imports statically, not what it imports later', () => {
    const lazy = incompressible(50);
    const rows = measureDist(
      dist({
        'login.html': island('/_astro/Login.js'),
        '_astro/Login.js': `import { a } from './shared.js';\nconst later = () => import('./Views.js');\nexport { a, later };`,
        '_astro/shared.js': 'export const a = 1;',
        '_astro/client.js': 'export default () => {};',
        '_astro/Views.js': lazy,
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.path).toBe('/login');
    expect(rows[0]?.kind).toBe('island page');
    expect(rows[0]?.js).toBeLessThan(KB);
  });

  it('holds link pages to their own ceiling', () => {
    expect(kindOf('/ar/email/_/verify')).toBe('link page');
    expect(kindOf('/alerts/_')).toBe('link page');
    expect(kindOf('/signup/')).toBe('island page');
    expect(kindOf('/login/one-click')).toBe('island page');
  });

  it('passes at a ceiling and fails one byte past it', () => {
    const at = { path: '/login', kind: 'island page' as const, ...CEILINGS['island page'] };
    expect(overCeilings([at])).toEqual([]);
    expect(overCeilings([{ ...at, js: at.js + 1 }])).toEqual([
      '/login: first-load JS 95.0 KB > 95.0 KB (island page)',
    ]);
    expect(overCeilings([{ ...at, htmlCss: at.htmlCss + 1 }])).toHaveLength(1);
    const link = {
      path: '/email/_/verify',
      kind: 'link page' as const,
      js: 10 * KB + 1,
      htmlCss: 1,
    };
    expect(overCeilings([link])).toHaveLength(1);
  });

  const check = (dir: string) =>
    spawnSync(process.execPath, ['scripts/check-sizes.ts', dir], { encoding: 'utf8' });

  it('fails the run when a page passes its ceiling', () => {
    const result = check(
      dist({
        'login.html': island('/_astro/Login.js'),
        '_astro/Login.js': `import './react.js';`,
        '_astro/react.js': incompressible(96),
        '_astro/client.js': '',
        'email/_/verify.html': '<script type="module" src="/_astro/link.js"></script>',
        '_astro/link.js': incompressible(11),
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('2 past a ceiling');
    expect(result.stderr).toMatch(/\/login: first-load JS [\d.]+ KB > 95\.0 KB/);
    expect(result.stderr).toMatch(/\/email\/_\/verify: first-load JS [\d.]+ KB > 10\.0 KB/);
  });

  it('passes the run when every page is within its ceiling', () => {
    const result = check(
      dist({
        'login.html': island('/_astro/Login.js'),
        '_astro/Login.js': incompressible(40),
        '_astro/client.js': '',
      }),
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('1 pages within the ceilings');
  });
});
