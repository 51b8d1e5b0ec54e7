/** The login's hand-off to sign-up: one key of session storage, read once (security review M3). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handToSignup, takeSignupHandoff } from '../../../src/lib/signup-handoff.ts';
import { memoryStorage } from '../memory-storage.ts';

const KEY = 'acct:signupHandoff';
const TOKEN = 'eyJhbGciOiJub25lIn0.eyJlbWFpbCI6Im5ldy5nb29nbGVAZXhhbXBsZS5jb20ifQ.';

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sign-up hand-off', () => {
  it('is kept under one key and taken once: a second read (a reload) finds nothing', () => {
    expect(handToSignup({ googleIdToken: TOKEN, email: 'new.google@example.com' })).toBe(true);
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem(KEY)).toContain('googleIdToken=');
    expect(takeSignupHandoff()).toEqual({ googleIdToken: TOKEN, email: 'new.google@example.com' });
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(takeSignupHandoff()).toBeUndefined();
  });

  it('carries the number with the id of the code that proved it', () => {
    handToSignup({ fullMobileNumber: '971500000003', otp: 'verification-1' });
    expect(takeSignupHandoff()).toEqual({
      fullMobileNumber: '971500000003',
      otp: 'verification-1',
    });
  });

  it('an empty hand-off clears an older one; empty values are not kept', () => {
    handToSignup({ appleIdToken: TOKEN });
    expect(handToSignup({ email: '' })).toBe(true);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(takeSignupHandoff()).toBeUndefined();
  });

  it('reads only its own fields, and drops a value that cannot be one', () => {
    sessionStorage.setItem(KEY, 'googleIdToken=a.b.c&csrf=x&password=p');
    expect(takeSignupHandoff()).toEqual({ googleIdToken: 'a.b.c' });
    sessionStorage.setItem(KEY, 'x'.repeat(20_001));
    expect(takeSignupHandoff()).toBeUndefined();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('says so when storage cannot keep it', () => {
    vi.stubGlobal('sessionStorage', {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(handToSignup({ googleIdToken: TOKEN })).toBe(false);
  });
});
