import { describe, expect, it } from 'vitest';
import { isAllowedScriptUrl, trustedScriptUrl } from '../../../src/lib/trusted-types.ts';

describe('third-party scripts', () => {
  it('allows only the SDK addresses of the allow-list', () => {
    expect(isAllowedScriptUrl('https://www.google.com/recaptcha/api.js?render=explicit')).toBe(
      true,
    );
    expect(isAllowedScriptUrl('https://accounts.google.com/gsi/client')).toBe(true);
    expect(isAllowedScriptUrl('https://www.google.com/recaptcha/api.js.evil.test/x')).toBe(false);
    expect(isAllowedScriptUrl('https://evil.test/https://accounts.google.com/gsi/client')).toBe(
      false,
    );
    expect(isAllowedScriptUrl('javascript:alert(1)')).toBe(false);
  });

  it('refuses to make a trusted URL for any other address', () => {
    expect(() => trustedScriptUrl('https://evil.test/x.js')).toThrow('not allowed');
    expect(trustedScriptUrl('https://accounts.google.com/gsi/client')).toBe(
      'https://accounts.google.com/gsi/client',
    );
  });
});
