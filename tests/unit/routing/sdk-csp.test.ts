import { describe, expect, it } from 'vitest';
import { SDK_CSP } from '../../../src/routing/headers.ts';
import { ALLOWED_SCRIPT_URLS } from '../../../src/lib/trusted-types.ts';

/** Whether a CSP source (CSP3 path matching: a trailing `/` matches the path below) allows `url`. */
function allows(source: string, url: string): boolean {
  const bare = url.split('?')[0] ?? url;
  return source.endsWith('/') ? bare.startsWith(source) : bare === source;
}

describe("the production CSP's third-party sources", () => {
  it('are each path-restricted, as the vendors document them, and never a bare Google host', () => {
    expect(SDK_CSP.script).toEqual([
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
      'https://accounts.google.com/gsi/client',
      'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/',
    ]);
    expect(SDK_CSP.frame).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
      'https://accounts.google.com/gsi/',
    ]);
    expect(SDK_CSP.connect).toEqual(['https://accounts.google.com/gsi/']);
    expect(SDK_CSP.style).toEqual(['https://accounts.google.com/gsi/style']);
    for (const source of [
      ...SDK_CSP.script,
      ...SDK_CSP.frame,
      ...SDK_CSP.connect,
      ...SDK_CSP.style,
    ]) {
      expect(source).toMatch(/^https:\/\/[a-z.-]+\/[\w./-]+$/);
    }
  });

  it('covers every script the product may add', () => {
    for (const url of ALLOWED_SCRIPT_URLS) {
      expect(
        SDK_CSP.script.some((source) => allows(source, url)),
        url,
      ).toBe(true);
    }
  });

  it("lets the vendors' Closure code create its policy, once per library", () => {
    expect(SDK_CSP.trustedTypes).toEqual(['goog#html', "'allow-duplicates'"]);
  });
});
