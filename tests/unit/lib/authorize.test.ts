/**
 * The authorize round trip of the connected-apps and invitation pages (issue 30, item 4, and the
 * review's M2): the request is a code flow with PKCE S256, a random state and nonce and an exact
 * redirect URI; only a return with this tab's state counts; the ID token must carry its nonce.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  accessTokenOf,
  authorizeAddress,
  codeChallenge,
  idTokenMatches,
  randomValue,
  readAuthorizeReturn,
  takeAuthorizeReturn,
  tokenForm,
  type Pending,
} from '../../../src/lib/authorize.ts';
import { memoryStorage } from '../memory-storage.ts';

/** A page at `href`: its address (replaceState moves it) and its session storage. */
function fakePage(href: string) {
  const page = { href };
  vi.stubGlobal('location', {
    get href() {
      return page.href;
    },
    get hash() {
      return new URL(page.href).hash;
    },
  });
  vi.stubGlobal('history', {
    state: null,
    replaceState: (_state: unknown, _title: string, url: string) => {
      page.href = new URL(url, page.href).href;
    },
  });
  return page;
}

const jwt = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

const PENDING: Pending = {
  state: 'state-1',
  nonce: 'nonce-1',
  verifier: 'v'.repeat(43),
  redirectUri: 'https://a.example/client-management/',
  keep: { invitation: 'inv-valid' },
  at: 0,
};

beforeEach(() => {
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const INVITATION = 'inv.c1';

describe('the authorize request', () => {
  it('is a code flow with PKCE S256, a fresh state and nonce, the exact return and the language', async () => {
    const address = await authorizeAddress(
      {
        redirectUri: 'https://a.example/ar/invitation/_',
        locale: 'ar',
        keep: { invitation: INVITATION },
      },
      '/_be/idp',
    );
    const url = new URL(address, 'https://a.example');
    const query = Object.fromEntries(url.searchParams);
    expect(url.pathname).toBe('/_be/idp/authorize');
    expect(query).toMatchObject({
      client_id: 'account-web',
      response_type: 'code',
      scope: 'openid profile phone',
      redirect_uri: 'https://a.example/ar/invitation/_',
      code_challenge_method: 'S256',
      ui_locales: 'ar',
    });
    // The invitation's code waits in session storage, never in the address: the query has exactly
    // the protocol's parameters, and the code (a '.' no base64url value holds) is nowhere in it.
    expect(Object.keys(query).sort()).toEqual(
      [
        'client_id',
        'response_type',
        'scope',
        'redirect_uri',
        'state',
        'nonce',
        'code_challenge',
        'code_challenge_method',
        'ui_locales',
      ].sort(),
    );
    expect(address).not.toContain(INVITATION);
    const pending = JSON.parse(sessionStorage.getItem('acct:authorize') ?? '{}') as Pending;
    expect(pending.keep).toEqual({ invitation: INVITATION });
    expect(query['state']).toBe(pending.state);
    expect(query['nonce']).toBe(pending.nonce);
    expect(query['code_challenge']).toBe(await codeChallenge(pending.verifier));
    const second = new URL(
      await authorizeAddress({ redirectUri: 'x', locale: 'en' }),
      'https://a.example',
    );
    expect(second.searchParams.get('state')).not.toBe(query['state']);
  });

  it('random values are 256 bits, base64url; the challenge is S256 of the verifier', async () => {
    expect(randomValue()).toMatch(/^[\w-]{43}$/);
    expect(new Set(Array.from({ length: 50 }, randomValue)).size).toBe(50);
    for (const verifier of [randomValue(), randomValue()]) {
      const expected = createHash('sha256').update(verifier).digest('base64url');
      expect(await codeChallenge(verifier)).toBe(expected);
    }
  });
});

describe('the authorize return', () => {
  const q = (text: string) => new URLSearchParams(text);

  it('a code with this tab’s state', () => {
    expect(readAuthorizeReturn(q('code=c1&state=state-1&iss=x'), q(''), PENDING)).toEqual({
      kind: 'code',
      code: 'c1',
      pending: PENDING,
    });
  });

  it('a state that is not this tab’s, none, or no trip at all: refused, the kept code with it', () => {
    expect(readAuthorizeReturn(q('code=c1&state=other'), q(''), PENDING)).toEqual({
      kind: 'refused',
      keep: { invitation: 'inv-valid' },
    });
    expect(readAuthorizeReturn(q('code=c1'), q(''), PENDING).kind).toBe('refused');
    expect(readAuthorizeReturn(q('code=c1&state=state-1'), q(''), undefined)).toEqual({
      kind: 'refused',
      keep: {},
    });
    expect(readAuthorizeReturn(q('error=access_denied&state=state-1'), q(''), PENDING).kind).toBe(
      'refused',
    );
  });

  it('a token in the hash only with this tab’s state (the spec’s entry, M2)', () => {
    const hash = (text: string) => readAuthorizeReturn(q(''), q(text), PENDING);
    expect(hash('access_token=at_1&token_type=Bearer&state=state-1')).toEqual({
      kind: 'token',
      accessToken: 'at_1',
      keep: PENDING.keep,
    });
    // Injected: with the page's old constant state, or none.
    expect(hash('access_token=sandbox-access-token&state=client-management').kind).toBe('refused');
    expect(hash('access_token=sandbox-access-token').kind).toBe('refused');
    expect(hash('access_token=a%20b&state=state-1').kind).toBe('refused');
    expect(hash('access_token=abc&token_type=mac&state=state-1').kind).toBe('refused');
  });

  it('nothing came back: a first visit', () => {
    expect(readAuthorizeReturn(q('clientId=x'), q(''), PENDING)).toEqual({ kind: 'none' });
  });

  it('leaves the address at once and spends the pending trip', () => {
    sessionStorage.setItem('acct:authorize', JSON.stringify({ ...PENDING, at: 1000 }));
    const page = fakePage('https://a.example/ar/client-management/?code=c1&state=state-1&iss=i');
    expect(takeAuthorizeReturn(2000).kind).toBe('code');
    expect(page.href).toBe('https://a.example/ar/client-management/');
    expect(sessionStorage.getItem('acct:authorize')).toBeNull();
  });

  it('a trip older than 30 minutes has gone stale', () => {
    sessionStorage.setItem('acct:authorize', JSON.stringify({ ...PENDING, at: 0 }));
    fakePage('https://a.example/client-management/#access_token=at_1&state=state-1');
    expect(takeAuthorizeReturn(31 * 60 * 1000).kind).toBe('refused');
  });
});

describe('the code exchange', () => {
  const claims = {
    nonce: 'nonce-1',
    aud: 'account-web',
    iss: 'https://a.example/_be/idp',
    exp: 2e9,
  };

  it('sends the code, the exact redirect URI, the client and the verifier', () => {
    expect(Object.fromEntries(tokenForm('c1', PENDING))).toEqual({
      grant_type: 'authorization_code',
      code: 'c1',
      redirect_uri: PENDING.redirectUri,
      client_id: 'account-web',
      code_verifier: PENDING.verifier,
    });
  });

  it('keeps the access token only with an ID token of this trip (nonce, audience, issuer, time)', () => {
    const answer = (overrides: Record<string, unknown>) => ({
      access_token: 'at_1',
      token_type: 'Bearer',
      id_token: jwt({ ...claims, ...overrides }),
    });
    expect(accessTokenOf(answer({}), PENDING, '/_be/idp')).toBe('at_1');
    expect(accessTokenOf(answer({ nonce: 'nonce-2' }), PENDING, '/_be/idp')).toBeUndefined();
    expect(accessTokenOf(answer({ nonce: undefined }), PENDING, '/_be/idp')).toBeUndefined();
    expect(accessTokenOf(answer({ aud: 'sandbox-web' }), PENDING, '/_be/idp')).toBeUndefined();
    expect(
      accessTokenOf(answer({ iss: 'https://a.example/other' }), PENDING, '/_be/idp'),
    ).toBeUndefined();
    expect(accessTokenOf(answer({ exp: 1 }), PENDING, '/_be/idp')).toBeUndefined();
    expect(
      accessTokenOf({ ...answer({}), token_type: 'DPoP' }, PENDING, '/_be/idp'),
    ).toBeUndefined();
    expect(
      accessTokenOf({ access_token: 'at_1', token_type: 'Bearer' }, PENDING, '/_be/idp'),
    ).toBeUndefined();
  });

  it('an absolute identity service must be the issuer itself', () => {
    const token = jwt({ ...claims, iss: 'https://idp.example' });
    expect(idTokenMatches(token, PENDING, 'https://idp.example')).toBe(true);
    expect(idTokenMatches(token, PENDING, 'https://other.example')).toBe(false);
    expect(idTokenMatches('not-a-jwt', PENDING, 'https://idp.example')).toBe(false);
  });
});
