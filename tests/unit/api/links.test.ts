import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAlert, isSecuredAccount, secureAccount } from '../../../src/api/links.ts';
import { ApiError } from '../../../src/api/errors.ts';
import { HEADER } from '../../../src/contract/headers.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/contract/link-paths.ts';

describe('isAlert', () => {
  it('accepts the contract shape', () => {
    expect(isAlert({ operation: 'LOGIN' })).toBe(true);
    expect(
      isAlert({
        operation: 'PROFILE_UPDATE',
        at: '2026-01-01T10:00:00Z',
        device: 'Chrome on macOS',
        location: 'Dubai',
        acknowledged: false,
      }),
    ).toBe(true);
    expect(
      isAlert({
        operation: 'LOGIN',
        acknowledged: true,
        secured: { at: '2026-01-01T10:05:00Z', actions: ['signed_out'] },
      }),
    ).toBe(true);
  });

  it('rejects anything else', () => {
    expect(isAlert(undefined)).toBe(false);
    expect(isAlert('LOGIN')).toBe(false);
    expect(isAlert({ operation: 'LOGOUT' })).toBe(false);
    expect(isAlert({ operation: 'LOGIN', acknowledged: 'yes' })).toBe(false);
    expect(isAlert({ operation: 'LOGIN', device: 42 })).toBe(false);
    expect(isAlert({ operation: 'LOGIN', location: 'x'.repeat(300) })).toBe(false);
    expect(isAlert({ operation: 'LOGIN', secured: true })).toBe(false);
  });
});

describe('isSecuredAccount', () => {
  it('accepts known actions, each once, in any number', () => {
    const at = '2026-01-01T10:05:00Z';
    expect(isSecuredAccount({ at, actions: [] })).toBe(true);
    expect(
      isSecuredAccount({ at, actions: ['signed_out', 'payments_frozen', 'passkeys_flagged'] }),
    ).toBe(true);
  });

  it('rejects an unknown or repeated action, and a missing time', () => {
    const at = '2026-01-01T10:05:00Z';
    expect(isSecuredAccount({ at, actions: ['deleted_account'] })).toBe(false);
    expect(isSecuredAccount({ at, actions: ['signed_out', 'signed_out'] })).toBe(false);
    expect(isSecuredAccount({ at, actions: 'signed_out' })).toBe(false);
    expect(isSecuredAccount({ actions: [] })).toBe(false);
    expect(isSecuredAccount(null)).toBe(false);
  });
});

describe('secureAccount', () => {
  afterEach(() => vi.unstubAllGlobals());

  function answering(body: unknown) {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', (input: unknown, init: RequestInit = {}) => {
      calls.push({ url: String(input), init });
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    return calls;
  }

  it('posts to the alert with its idempotency key, and returns the answer', async () => {
    const answer = {
      already_secured: false,
      secured: { at: '2026-01-01T10:05:00Z', actions: ['signed_out', 'payments_frozen'] },
    };
    const calls = answering(answer);
    await expect(secureAccount('a/b', 'key-1')).resolves.toEqual(answer);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toMatch(/\/alerts\/a%2Fb\/secure-account$/);
    expect(calls[0]?.init.method).toBe('POST');
    expect(new Headers(calls[0]?.init.headers).get('idempotency-key')).toBe('key-1');
    // The link pages' own name of the header is the contract's.
    expect(IDEMPOTENCY_KEY_HEADER).toBe(HEADER.idempotencyKey);
  });

  it('a malformed answer is a failure, not a claim of what was done', async () => {
    answering({ already_secured: 'no', secured: { at: 'x', actions: [] } });
    await expect(secureAccount('a', 'k')).rejects.toBeInstanceOf(ApiError);
    answering({ already_secured: false });
    await expect(secureAccount('a', 'k')).rejects.toMatchObject({
      failure: { kind: 'malformed' },
    });
  });
});
