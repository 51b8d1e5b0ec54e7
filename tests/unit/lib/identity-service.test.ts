import { describe, expect, it } from 'vitest';
import {
  authorizeAddress,
  logoutAddress,
  readAuthorizeReturn,
  returnUri,
} from '../../../src/lib/identity-service.ts';

describe('identity service addresses', () => {
  it('returns to a path on the sandbox, an absolute address elsewhere', () => {
    expect(returnUri('/ar/client-management/', 'https://acct.example', '/_be/idp')).toBe(
      '/ar/client-management/',
    );
    expect(returnUri('/ar/client-management/', 'https://acct.example', 'https://idp.example')).toBe(
      'https://acct.example/ar/client-management/',
    );
  });

  it('builds the authorize address with the return path and the state', () => {
    const address = authorizeAddress(
      '/client-management/',
      'client-management',
      'https://a.example',
      '/_be/idp',
    );
    const url = new URL(address, 'https://a.example');
    expect(url.pathname).toBe('/_be/idp/authorize');
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.get('redirect_uri')).toBe('/client-management/');
    expect(url.searchParams.get('state')).toBe('client-management');
  });

  it('builds the logout address back to the login page', () => {
    const url = new URL(
      logoutAddress('/ar/login', 'https://a.example', '/_be/idp'),
      'https://a.example',
    );
    expect(url.pathname).toBe('/_be/idp/logout');
    expect(url.searchParams.get('redirect_uri')).toBe('/ar/login');
  });
});

describe('authorize return', () => {
  it('reads a bearer access token and the state', () => {
    expect(
      readAuthorizeReturn(
        new URLSearchParams('access_token=at_1&token_type=Bearer&expires_in=3600&state=x'),
      ),
    ).toEqual({ accessToken: 'at_1', state: 'x' });
    expect(readAuthorizeReturn(new URLSearchParams('access_token=sandbox-access-token'))).toEqual({
      accessToken: 'sandbox-access-token',
      state: undefined,
    });
  });

  it('refuses empty, odd or non-bearer tokens', () => {
    expect(readAuthorizeReturn(new URLSearchParams('')).accessToken).toBeUndefined();
    expect(readAuthorizeReturn(new URLSearchParams('access_token=')).accessToken).toBeUndefined();
    expect(
      readAuthorizeReturn(new URLSearchParams('access_token=a%20b')).accessToken,
    ).toBeUndefined();
    expect(
      readAuthorizeReturn(new URLSearchParams('access_token=abc&token_type=mac')).accessToken,
    ).toBeUndefined();
    expect(
      readAuthorizeReturn(new URLSearchParams(`access_token=${'a'.repeat(4097)}`)).accessToken,
    ).toBeUndefined();
  });
});
