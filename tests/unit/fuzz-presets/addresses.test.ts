/**
 * Bad input, 1,000 generated cases each: every reader that turns the page's query string or hash
 * into flow input (login, sign-up, one-click, session recovery, the client id of the recovery,
 * reset and header islands, the Close menu's acr_values, the authorize return, `?lang=` of the
 * e-mail routes) and the phone presets. Hostile queries carry markup, `javascript:` addresses,
 * broken percent-encoding, 5,000-character values, U+202E, Eastern Arabic digits, `__proto__`,
 * duplicated keys and empty values, both encoded and as typed in the address bar. Each reader
 * never throws, keeps only values from its allowed sets, ignores unknown keys, pollutes no
 * prototype, and reads well-formed presets back unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, toLocale } from '../../../src/i18n/config.ts';
import { hasInvoice, queryAcrValues } from '../../../src/lib/acr-values.ts';
import { queryClientId } from '../../../src/lib/address.ts';
import { readAuthorizeReturn, type Pending } from '../../../src/lib/authorize.ts';
import { findRewrite } from '../../../src/routing/rewrites.ts';
import { surveyUrl } from '../../../src/site-config.ts';
import {
  RUNS,
  CLIENT_ID,
  hostileSearch,
  expectNoPollution,
  clientIdArb,
  roundTrip,
} from './hostile.ts';

describe('client id of the recovery, reset and header islands (queryClientId)', () => {
  it('is a client id from the address, else the fallback', () => {
    const fallback = fc.option(clientIdArb, { nil: undefined });
    fc.assert(
      fc.property(hostileSearch(['clientId']), fallback, (search, tabClient) => {
        const query = new URLSearchParams(search);
        const clientId = queryClientId(query, tabClient);
        if (clientId !== tabClient) {
          expect(clientId).toMatch(CLIENT_ID);
          expect(clientId).toBe(query.get('clientId')?.trim());
        } else if (clientId !== undefined && query.get('clientId')?.trim() !== clientId) {
          expect(query.get('clientId')?.trim() ?? '').not.toMatch(CLIENT_ID);
        }
        expectNoPollution();
      }),
      RUNS,
    );
  });

  it('reads a well-formed client id back, trimmed, before the fallback', () => {
    fc.assert(
      fc.property(clientIdArb, clientIdArb, fc.constantFrom('', ' ', '  '), (id, other, pad) => {
        const query = roundTrip(new URLSearchParams({ clientId: `${pad}${id}${pad}` }));
        expect(queryClientId(query, other)).toBe(id);
        expect(queryClientId(new URLSearchParams('clientId='), other)).toBe(other);
      }),
      RUNS,
    );
  });
});

describe("the Close menu's acr_values (queryAcrValues)", () => {
  const SURVEY_ORIGIN = new URL(surveyUrl('x')).origin;

  it('shows the menu only for acr_values, and its survey link stays on the survey site', () => {
    fc.assert(
      fc.property(hostileSearch(['acr_values']), (search) => {
        const query = new URLSearchParams(search);
        const acr = queryAcrValues(query);
        expect(acr === null).toBe(!query.has('acr_values'));
        if (acr && hasInvoice(acr)) {
          const survey = new URL(surveyUrl(acr.invoiceId));
          expect(survey.origin).toBe(SURVEY_ORIGIN);
          expect([...survey.searchParams.keys()]).toEqual(['invoice_id']);
          expect(survey.searchParams.get('invoice_id')).toBe(acr.invoiceId);
        }
        if (acr) expect(Object.getPrototypeOf(acr.pairs)).toBe(Object.prototype);
        expectNoPollution();
      }),
      RUNS,
    );
  });

  it('reads a well-formed invoice id back unchanged', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9-]{1,24}$/), (invoiceId) => {
        const query = roundTrip(new URLSearchParams({ acr_values: `invoice_id:${invoiceId}` }));
        expect(queryAcrValues(query)?.invoiceId).toBe(invoiceId);
      }),
      RUNS,
    );
  });
});

describe('the authorize return (readAuthorizeReturn)', () => {
  const KEYS = ['access_token', 'token_type', 'expires_in', 'state', 'code', 'error', 'iss'];
  const PENDING: Pending = {
    state: 'tab-state',
    nonce: 'n',
    verifier: 'v'.repeat(43),
    redirectUri: 'https://a.example/client-management/',
    keep: {},
    at: 0,
  };

  it('keeps a code or a printable bearer token only with this tab’s state', () => {
    fc.assert(
      fc.property(hostileSearch(KEYS), hostileSearch(KEYS), (search, hashText) => {
        const query = new URLSearchParams(search);
        const hash = new URLSearchParams(hashText.replace(/^\?/, ''));
        const back = readAuthorizeReturn(query, hash, PENDING);
        if (back.kind === 'token') {
          expect(hash.get('state')).toBe(PENDING.state);
          expect(back.accessToken).toMatch(/^[\x21-\x7e]{1,4096}$/);
          expect(back.accessToken).toBe(hash.get('access_token'));
          expect(['bearer', undefined]).toContain(hash.get('token_type')?.toLowerCase());
        }
        if (back.kind === 'code') {
          expect(query.get('state')).toBe(PENDING.state);
          expect(back.code).toBe(query.get('code'));
          expect(query.has('error')).toBe(false);
        }
        expectNoPollution();
      }),
      RUNS,
    );
  });

  it('reads a well-formed return back unchanged, and refuses it with another state', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9._~+/=-]{1,200}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        fc.constantFrom('Bearer', 'bearer', undefined),
        (token, state, type) => {
          const hash = new URLSearchParams({ access_token: token, state, expires_in: '3600' });
          if (type) hash.set('token_type', type);
          const none = new URLSearchParams();
          expect(readAuthorizeReturn(none, roundTrip(hash), { ...PENDING, state })).toEqual({
            kind: 'token',
            accessToken: token,
            keep: {},
          });
          const other = { ...PENDING, state: `${state}x` };
          expect(readAuthorizeReturn(none, roundTrip(hash), other).kind).toBe('refused');
        },
      ),
      RUNS,
    );
  });
});

describe('?lang= of the e-mail routes (findRewrite, toLocale)', () => {
  it('serves the named language, or English for anything else', () => {
    const route = fc.constantFrom('/email/:id/verify', '/email/:id/unlink', '/email/:id');
    const token = fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/);
    fc.assert(
      fc.property(route, token, hostileSearch(['lang']), (pattern, id, search) => {
        const path = pattern.replace(':id', id);
        const query = new URLSearchParams(search);
        const locale = toLocale(query.get('lang'));
        expect(LOCALES).toContain(locale);
        const english = findRewrite(path, new URLSearchParams())?.to;
        expect(english).toMatch(/^\/email\//);
        const served = findRewrite(path, query)?.to;
        expect(served).toBe(locale === DEFAULT_LOCALE ? english : `/${locale}${english}`);
        expectNoPollution();
      }),
      RUNS,
    );
  });
});
