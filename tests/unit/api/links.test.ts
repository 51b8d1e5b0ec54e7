import { describe, expect, it } from 'vitest';
import { isAlert } from '../../../src/api/links.ts';

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
  });

  it('rejects anything else', () => {
    expect(isAlert(undefined)).toBe(false);
    expect(isAlert('LOGIN')).toBe(false);
    expect(isAlert({ operation: 'LOGOUT' })).toBe(false);
    expect(isAlert({ operation: 'LOGIN', acknowledged: 'yes' })).toBe(false);
    expect(isAlert({ operation: 'LOGIN', device: 42 })).toBe(false);
    expect(isAlert({ operation: 'LOGIN', location: 'x'.repeat(300) })).toBe(false);
  });
});
