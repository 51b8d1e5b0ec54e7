/**
 * The site's build gives ofetch src/api/ofetch-deps.ts in place of destr and ufo (astro.config.mjs):
 * on what src/api/client.ts passes (a path under a back end's base URL, a flat query of strings),
 * it must give the same answers as ufo.
 */
import fc from 'fast-check';
import * as ufo from 'ufo';
import { describe, expect, it } from 'vitest';
import destr, { withBase, withQuery } from '../../../src/api/ofetch-deps.ts';
import { SANDBOX_PREFIX } from '../../../src/contract/backends.ts';

const RUNS = { numRuns: 500 };
const bases = fc.constantFrom(
  '',
  '/',
  ...Object.values(SANDBOX_PREFIX),
  'https://id.example.com',
  'https://id.example.com/',
  'https://api.example.com/identity/v2',
  'https://api.example.com/identity/v2/',
);
const segment = fc.stringMatching(/^[\w.~%-]{1,16}$/);
const paths = fc
  .array(segment, { minLength: 1, maxLength: 5 })
  .map((parts) => `/${parts.join('/')}`);
const queries = fc.dictionary(
  fc.stringMatching(/^[a-z_]{1,12}$/),
  fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
);

const split = (url: string) => {
  const at = url.indexOf('?');
  return at < 0 ? { path: url, search: '' } : { path: url.slice(0, at), search: url.slice(at + 1) };
};
const pairs = (url: string) => [...new URLSearchParams(split(url).search).entries()];

describe('ofetch-deps against ufo and destr', () => {
  it('withBase puts a path under a base URL as ufo does, and keeps a URL already under it', () => {
    fc.assert(
      fc.property(bases, paths, (base, path) => {
        expect(withBase(path, base)).toBe(ufo.withBase(path, base));
        // ofetch's retries pass the URL of the first try through withBase again.
        const once = withBase(path, base);
        expect(withBase(once, base)).toBe(ufo.withBase(once, base));
        expect(withBase(once, base)).toBe(once);
      }),
      RUNS,
    );
    for (const [input, base] of [
      ['/', '/_be/idp'],
      ['', '/_be/idp'],
      ['https://other.example/x', '/_be/idp'],
      ['/_be/idp?x=1', '/_be/idp'],
      ['/_be/idpx/y', '/_be/idp'],
    ] as const) {
      expect(withBase(input, base)).toBe(ufo.withBase(input, base));
    }
  });

  it('withQuery sends the same parameters as ufo (undefined ones left out)', () => {
    fc.assert(
      fc.property(paths, queries, (path, query) => {
        const ours = withQuery(path, query);
        const theirs = ufo.withQuery(path, query);
        expect(split(ours).path).toBe(split(theirs).path);
        expect(pairs(ours)).toEqual(pairs(theirs));
      }),
      RUNS,
    );
    expect(withQuery('/recovery/challenges/c', {})).toBe('/recovery/challenges/c');
  });

  // destr is never called (client.ts reads bodies as text); in its place, strict JSON.
  it('the JSON parser is JSON.parse: it refuses what is not JSON instead of returning it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(destr(text)).toEqual(JSON.parse(text));
      }),
      RUNS,
    );
    expect(() => destr('{"broken')).toThrow(SyntaxError);
  });
});
