import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.ts';
import { toPasskeys, toSessions } from '../../../src/api/security.ts';

describe('security page answers', () => {
  it('keeps the well-formed sessions, with their optional fields', () => {
    expect(
      toSessions({
        sessions: [
          {
            id: 's1',
            current: true,
            kind: 'trusted_device',
            browser: 'Safari',
            os: 'iOS',
            device: 'iPhone',
            city: 'Dubai',
            country: 'AE',
            lastActiveAt: '2030-01-01T00:00:00Z',
            signedInAt: '2029-12-01T00:00:00Z',
            trustedUntil: '2030-01-31T00:00:00Z',
          },
          { id: 's2', kind: 'weird', lastActiveAt: '2030-01-01T00:00:00Z', device: 7 },
          { id: '', lastActiveAt: '2030-01-01T00:00:00Z' },
          'nonsense',
          null,
        ],
      }),
    ).toEqual([
      {
        id: 's1',
        current: true,
        kind: 'trusted_device',
        browser: 'Safari',
        os: 'iOS',
        device: 'iPhone',
        city: 'Dubai',
        country: 'AE',
        lastActiveAt: '2030-01-01T00:00:00Z',
        signedInAt: '2029-12-01T00:00:00Z',
        trustedUntil: '2030-01-31T00:00:00Z',
      },
      {
        id: 's2',
        current: false,
        kind: 'session',
        browser: '',
        os: '',
        lastActiveAt: '2030-01-01T00:00:00Z',
        signedInAt: '2030-01-01T00:00:00Z',
      },
    ]);
    expect(() => toSessions({ sessions: 'no' })).toThrow(ApiError);
  });

  it('keeps the well-formed passkeys and needs the user handle', () => {
    expect(
      toPasskeys({
        userId: 'dXNlcg',
        name: '+971500000001',
        displayName: 'Layla Haddad',
        passkeys: [
          {
            id: 'a',
            name: '  iCloud Keychain ',
            rpId: 'localhost',
            createdAt: 'c',
            lastUsedAt: 'u',
          },
          { id: 'b', createdAt: 'c' },
          { name: 'no id', createdAt: 'c' },
        ],
      }),
    ).toEqual({
      userId: 'dXNlcg',
      name: '+971500000001',
      displayName: 'Layla Haddad',
      passkeys: [
        { id: 'a', name: 'iCloud Keychain', rpId: 'localhost', createdAt: 'c', lastUsedAt: 'u' },
        { id: 'b', name: '', rpId: '', createdAt: 'c', lastUsedAt: null },
      ],
    });
    expect(() => toPasskeys({ passkeys: [] })).toThrow(ApiError);
  });
});
