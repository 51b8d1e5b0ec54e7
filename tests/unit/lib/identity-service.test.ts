import { describe, expect, it } from 'vitest';
import {
  idpErrorPath,
  idpLoginError,
  logoutAddress,
  startAgainAddress,
} from '../../../src/lib/identity-service.ts';

describe('identity service addresses', () => {
  it('logs out as this front end’s client, back to a page of this site', () => {
    const url = new URL(
      logoutAddress('/ar/login', 'https://a.example', '/_be/idp'),
      'https://a.example',
    );
    expect(url.pathname).toBe('/_be/idp/logout');
    expect(url.searchParams.get('client_id')).toBe('account-web');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('https://a.example/ar/login');
    expect(logoutAddress('/login', 'https://a.example', 'https://idp.example')).toMatch(
      /^https:\/\/idp\.example\/logout\?/,
    );
  });

  it('starts again from the app through the identity service', () => {
    expect(startAgainAddress('sandbox-web', '/_be/idp')).toBe(
      '/_be/idp/start?client_id=sandbox-web',
    );
    expect(startAgainAddress('a b', 'https://idp.example')).toBe(
      'https://idp.example/start?client_id=a+b',
    );
  });
});

describe('/login?error= of the identity service', () => {
  it('knows its two refusals and nothing else', () => {
    expect(idpLoginError(new URLSearchParams('error=session_expired'))).toBe('session_expired');
    expect(idpLoginError(new URLSearchParams('error=sign_in_failed&clientId=x'))).toBe(
      'sign_in_failed',
    );
    for (const query of ['', 'error=', 'error=<b>', 'error=SESSION_EXPIRED', 'error=toString']) {
      expect(idpLoginError(new URLSearchParams(query)), query).toBeUndefined();
    }
  });

  it('sends the page to its own language’s login, naming the client when known', () => {
    expect(idpErrorPath('ar', 'session_expired', 'sandbox-web')).toBe(
      '/ar/login?error=session_expired&clientId=sandbox-web',
    );
    expect(idpErrorPath('en', 'sign_in_failed')).toBe('/login?error=sign_in_failed');
  });
});
