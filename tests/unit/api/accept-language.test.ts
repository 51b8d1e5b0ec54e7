/**
 * D4 (docs/spec-decisions.md): `accept-language` names the page's language first and the spec's
 * `en` after it, on the onboarding (spec section 7 says `en`) and on every identity API call.
 */
import { describe, expect, it } from 'vitest';
import { onboardHeaders } from '../../../src/api/signup.ts';
import { acceptLanguage } from '../../../src/contract/headers.ts';

const device = { deviceId: 'd-1', sessionId: '' };

describe('accept-language', () => {
  it('is the page language, then English with a lower weight; English alone on English pages', () => {
    expect(acceptLanguage('ar')).toBe('ar, en;q=0.5');
    expect(acceptLanguage('ckb')).toBe('ckb, en;q=0.5');
    expect(acceptLanguage('en')).toBe('en');
    expect(acceptLanguage(undefined)).toBe('en');
  });

  it('goes with the onboarding', () => {
    expect(onboardHeaders({ language: 'ur', device })['accept-language']).toBe('ur, en;q=0.5');
    expect(onboardHeaders({ language: 'en', device })['accept-language']).toBe('en');
  });
});
