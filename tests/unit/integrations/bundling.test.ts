/**
 * The build's cuts and trims (src/integrations/bundling.ts) stay true to the code and to the
 * libraries they lean on: a renamed file, an upgraded library or a new way of calling valibot
 * fails here, not silently in the pages' sizes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  annotateSchemaCalls,
  CHUNK_GROUPS,
  chunkTest,
  PRELOAD_HELPER,
  SCHEMA_BUILDERS,
  UPSTREAM_RENDERER,
} from '../../../src/integrations/bundling.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('chunk groups', () => {
  it('name files and packages that exist, each matched by its group', () => {
    for (const group of CHUNK_GROUPS) {
      const test = chunkTest(group);
      for (const path of group.src ?? []) {
        const file = ['ts', 'tsx']
          .map((extension) => join(ROOT, 'src', `${path}.${extension}`))
          .find((candidate) => existsSync(candidate));
        expect(file, `${group.name}: src/${path}.ts(x) does not exist`).toBeDefined();
        expect(test.test(file ?? ''), `${group.name}: ${path}`).toBe(true);
      }
      for (const name of group.packages ?? []) {
        const folder = join(ROOT, 'node_modules', name);
        expect(existsSync(folder), `${group.name}: node_modules/${name} does not exist`).toBe(true);
        expect(test.test(join(folder, 'index.js')), `${group.name}: ${name}`).toBe(true);
      }
      for (const id of group.ids ?? []) expect(id).toBe(PRELOAD_HELPER);
    }
  });

  it('do not match what they do not name', () => {
    const react = CHUNK_GROUPS.find((group) => group.name === 'react');
    if (!react) throw new Error('no react group');
    const test = chunkTest(react);
    expect(test.test(join(ROOT, 'src/ui/OtpStep.tsx'))).toBe(false);
    expect(test.test(join(ROOT, 'src/ui/Buttons.tsx'))).toBe(false);
    expect(test.test(join(ROOT, 'node_modules/react-dom-extra/index.js'))).toBe(false);
  });

  it("lean on Vite's name for its preload helper, which is still Vite's", () => {
    const vite = join(ROOT, 'node_modules/vite/dist/node/chunks');
    // As its source writes it: "\0vite/preload-helper.js".
    const written = JSON.stringify(PRELOAD_HELPER).replace('\\u0000', '\\0');
    const named = readdirSync(vite).some((file) =>
      readFileSync(join(vite, file), 'utf8').includes(written),
    );
    expect(named, `Vite no longer names its preload helper ${JSON.stringify(PRELOAD_HELPER)}`).toBe(
      true,
    );
  });
});

describe('the contract schemas', () => {
  const contracts = readdirSync(join(ROOT, 'src/contract')).filter((file) => file.endsWith('.ts'));

  /** The valibot functions a contract module imports by name (values, not types). */
  function valibotValues(code: string): string[] {
    const names: string[] = [];
    for (const [, list] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'valibot'/g)) {
      for (const item of (list ?? '').split(',')) {
        const name = item.trim();
        if (name && !name.startsWith('type ')) names.push(name);
      }
    }
    return names;
  }

  it('call only the builders the build annotates pure, every call annotated', () => {
    for (const file of contracts) {
      const code = read(`src/contract/${file}`);
      expect(code, `${file} imports valibot as a namespace`).not.toMatch(
        /import\s*\*\s*as\s+\w+\s+from\s*'valibot'/,
      );
      const values = valibotValues(code);
      for (const name of values) {
        expect(SCHEMA_BUILDERS, `${file} calls ${name}, which SCHEMA_BUILDERS misses`).toContain(
          name,
        );
      }
      // Comments apart (prose says 'the number (E.164)').
      const source = code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      const annotated = annotateSchemaCalls(source);
      for (const name of values) {
        const calls = source.match(new RegExp(String.raw`(?<![\w$.])${name}\s*\(`, 'g')) ?? [];
        const pure = annotated.match(new RegExp(String.raw`/\* @__PURE__ \*/ ${name}\(`, 'g'));
        expect(pure?.length ?? 0, `${file}: a call of ${name} the annotation misses`).toBe(
          calls.length,
        );
      }
    }
  });

  it('annotates the forms the contract uses, and nothing else', () => {
    expect(annotateSchemaCalls('const A = object({ a: optional(string()) });')).toBe(
      'const A = /* @__PURE__ */ object({ a: /* @__PURE__ */ optional(/* @__PURE__ */ string()) });',
    );
    expect(annotateSchemaCalls('v.pipe(v.string())')).toBe(
      '/* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string())',
    );
    expect(annotateSchemaCalls('function object(x) {} x.object(1) objects(2)')).toBe(
      'function object(x) {} x.object(1) objects(2)',
    );
  });
});

describe('the React renderer in place of @astrojs/react/client.js', () => {
  // The file src/ui/react-renderer.ts was compared with. A new one (an upgrade of
  // @astrojs/react) must be read against ours before this fingerprint is updated.
  const REVIEWED = 'a6723c674206ab2aafea5cd5d42b4791bdd196bad5a18e5091b624bf5a5cbaf6';

  it('replaces the version it was written against, pinned exactly', () => {
    const pinned = (JSON.parse(read('package.json')) as { dependencies: Record<string, string> })
      .dependencies['@astrojs/react'];
    expect(pinned, '@astrojs/react must be pinned to one version').toMatch(/^\d+\.\d+\.\d+$/);
    const installed = (
      JSON.parse(read('node_modules/@astrojs/react/package.json')) as { version: string }
    ).version;
    expect(installed).toBe(pinned);
    const upstream = readFileSync(require.resolve(UPSTREAM_RENDERER));
    expect(
      createHash('sha256').update(upstream).digest('hex'),
      `${UPSTREAM_RENDERER} changed: review src/ui/react-renderer.ts against it`,
    ).toBe(REVIEWED);
  });
});
