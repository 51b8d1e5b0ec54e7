import { describe, expect, it } from 'vitest';
import { SDK_CSP } from '../../../src/routing/headers.ts';
import { ALLOWED_SCRIPT_URLS } from '../../../src/lib/trusted-types.ts';

describe("the production CSP's third-party sources", () => {
  it("allows Google's documented Sign in with Google sources, and no wider", () => {
    expect(SDK_CSP.script).toContain('https://accounts.google.com/gsi/client');
    expect(SDK_CSP.frame).toContain('https://accounts.google.com/gsi/');
    expect(SDK_CSP.connect).toEqual(['https://accounts.google.com/gsi/']);
    expect(SDK_CSP.style).toEqual(['https://accounts.google.com/gsi/style']);
    const all = Object.values(SDK_CSP).flat();
    expect(all).not.toContain('https://accounts.google.com');
    for (const source of all) expect(source).toMatch(/^https:\/\/[a-z.-]+(\/[\w./-]*)?$/);
  });

  it('covers every script the product may add', () => {
    for (const url of ALLOWED_SCRIPT_URLS) {
      const allowed = SDK_CSP.script.some((source) =>
        source.endsWith('/')
          ? url.startsWith(source)
          : url === source || url.startsWith(`${source}/`),
      );
      expect(allowed, url).toBe(true);
    }
  });
});
