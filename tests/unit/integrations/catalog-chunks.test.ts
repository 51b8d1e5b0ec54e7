/** The later views' catalog chunks (src/integrations/catalog-chunks.ts). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogChunks, catalogJson } from '../../../src/integrations/catalog-chunks.ts';

const FILES: Record<string, string> = {
  [join('/i18n', 'en', 'a.json')]: JSON.stringify({ hi: 'Hi', gone: 'Gone', b: { x: 'X' } }),
  [join('/i18n', 'ar', 'a.json')]: JSON.stringify({ hi: 'مرحبا', b: { x: 'س' } }),
  [join('/i18n', 'en', 'c.json')]: JSON.stringify({ d: { y: 'Y' }, e: { z: 'Z' } }),
  [join('/i18n', 'ar', 'c.json')]: JSON.stringify({ d: { y: 'ي' }, e: { z: 'ز' } }),
};
const read = (file: string) => {
  const text = FILES[file];
  if (text === undefined) throw new Error(`no ${file}`);
  return text;
};

describe('catalogJson', () => {
  it('gives a language’s namespaces, English filling a gap', () => {
    expect(JSON.parse(catalogJson('/i18n', 'ar', ['a'], read))).toEqual({
      a: { hi: 'مرحبا', gone: 'Gone', b: { x: 'س' } },
    });
  });

  it('gives only the branches named of a namespace', () => {
    expect(JSON.parse(catalogJson('/i18n', 'ar', ['a', 'c.d'], read))).toEqual({
      a: { hi: 'مرحبا', gone: 'Gone', b: { x: 'س' } },
      c: { d: { y: 'ي' } },
    });
  });

  it('fails the build on a branch English does not have', () => {
    expect(() => catalogJson('/i18n', 'ar', ['c.nope'], read)).toThrow(/c\.nope/);
  });

  it('reads the real catalogs: the Arabic login, not English', () => {
    const root = join(import.meta.dirname, '../../../i18n');
    const ar = JSON.parse(catalogJson(root, 'ar', ['login.blocked'])) as {
      login: { blocked: { title: string } };
    };
    const en = JSON.parse(catalogJson(root, 'en', ['login.blocked'])) as typeof ar;
    expect(ar.login.blocked.title).not.toBe(en.login.blocked.title);
    expect(Object.keys(ar.login)).toEqual(['blocked']);
  });
});

describe('catalogChunks', () => {
  const load = catalogChunks.load as unknown as (
    this: { addWatchFile: (file: string) => void },
    id: string,
  ) => { code: string } | null;

  it('serves a language’s common.json with a catalog query as a module, and nothing else', () => {
    const watched: string[] = [];
    const context = { addWatchFile: (file: string) => watched.push(file) };
    const root = join(import.meta.dirname, '../../..');
    const served = load.call(context, `${root}/i18n/fr/common.json?catalog=otp,login.social`);
    expect(served?.code).toMatch(/^export default \{"otp":\{.*"login":\{"social":\{/);
    expect(watched).toContain(join(root, 'i18n', 'fr', 'otp.json'));
    expect(load.call(context, `${root}/i18n/fr/common.json`)).toBeNull();
    expect(load.call(context, `${root}/src/islands/Login/Login.tsx`)).toBeNull();
  });
});
