import { describe, expect, it } from 'vitest';
import { toInvitee } from '../../../src/api/business.ts';
import { toAssociations } from '../../../src/api/connected-apps.ts';
import { ApiError } from '../../../src/api/errors.ts';

describe('approved apps answer', () => {
  it('keeps well-formed entries and drops the rest', () => {
    expect(
      toAssociations([
        { clientId: 'sandbox-web', clientName: 'Sandbox Web', logoUri: '/_sandbox/logo.svg' },
        { clientId: 'sandbox-nologo', clientName: 'Sandbox No Logo', logoUri: null },
        { clientId: 'no-name' },
        { clientName: 'no id' },
        null,
        'text',
      ]),
    ).toEqual([
      { clientId: 'sandbox-web', clientName: 'Sandbox Web', logoUri: '/_sandbox/logo.svg' },
      { clientId: 'sandbox-nologo', clientName: 'Sandbox No Logo', logoUri: null },
      { clientId: 'no-name', clientName: 'no-name', logoUri: null },
    ]);
    expect(toAssociations([])).toEqual([]);
  });

  it('treats anything but an array as a malformed answer', () => {
    expect(() => toAssociations({ apps: [] })).toThrow(ApiError);
    expect(() => toAssociations(undefined)).toThrow(ApiError);
  });
});

describe('user info answer', () => {
  it('gives the invitee with the user URN', () => {
    expect(
      toInvitee({ given_name: 'Layla', phone_number: '+971500000001', sub: 'sbx-layla' }),
    ).toEqual({
      givenName: 'Layla',
      phone: '+971500000001',
      userUrn: 'urn:customer:sbx-layla',
    });
    expect(toInvitee({ sub: 's' })).toEqual({
      givenName: '',
      phone: '',
      userUrn: 'urn:customer:s',
    });
  });

  it('refuses an answer without sub', () => {
    expect(() => toInvitee({ given_name: 'x' })).toThrow(ApiError);
    expect(() => toInvitee(null)).toThrow(ApiError);
  });
});
