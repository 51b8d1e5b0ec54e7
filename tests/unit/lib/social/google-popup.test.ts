import { describe, expect, it } from 'vitest';
import {
  GOOGLE_AUTH_URL,
  googleAuthUrl,
  readGoogleRedirect,
  redirectResult,
} from '../../../../src/lib/social/google-popup.ts';
import { googleResult } from '../../../../src/lib/social/google.ts';
import { SocialError } from '../../../../src/lib/social/results.ts';

const token = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe("Google's OAuth popup", () => {
  it('asks for an id token with the state and nonce, back to the one redirect address', () => {
    const url = new URL(
      googleAuthUrl({
        clientId: 'client-1',
        redirectUri: 'https://account.example/login',
        state: 's1',
        nonce: 'n1',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(GOOGLE_AUTH_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      redirect_uri: 'https://account.example/login',
      response_type: 'id_token',
      scope: 'openid email profile',
      state: 's1',
      nonce: 'n1',
      prompt: 'select_account',
    });
  });

  it("reads the redirect's fragment: a token or an error, always with a state", () => {
    expect(readGoogleRedirect('#id_token=abc&state=s1')).toEqual({ state: 's1', idToken: 'abc' });
    expect(readGoogleRedirect('#error=access_denied&state=s1')).toEqual({
      state: 's1',
      error: 'access_denied',
    });
    expect(readGoogleRedirect('#id_token=abc')).toBeUndefined();
    expect(readGoogleRedirect('#state=s1')).toBeUndefined();
    expect(readGoogleRedirect('')).toBeUndefined();
  });

  it("takes a token only with this request's nonce; a refusal is a cancel", () => {
    const good = token({ nonce: 'n1', email: 'g@example.com' });
    expect(redirectResult({ state: 's1', idToken: good }, 'n1')).toEqual({
      idToken: good,
      email: 'g@example.com',
    });
    const replayed = () => redirectResult({ state: 's1', idToken: token({ nonce: 'n0' }) }, 'n1');
    expect(replayed).toThrow(SocialError);
    expect(() => redirectResult({ state: 's1', idToken: token({}) }, 'n1')).toThrow(SocialError);
    expect(() => redirectResult({ state: 's1', error: 'access_denied' }, 'n1')).toThrow(
      expect.objectContaining({ reason: 'cancelled' }),
    );
    expect(() => redirectResult({ state: 's1', error: 'server_error' }, 'n1')).toThrow(
      expect.objectContaining({ reason: 'other' }),
    );
  });

  it('a credential answer without a credential fails', () => {
    expect(() => googleResult({})).toThrow(SocialError);
    expect(googleResult({ credential: token({ email: 'x@y.z' }) }).email).toBe('x@y.z');
  });
});
