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
import { NO_INVOICE_ID } from '../../../src/lib/acr-values.ts';
import { isEmailAddress } from '../../../src/lib/patterns.ts';
import { PERCENT } from '../../../src/lib/promo.ts';
import { parsePresets } from '../../../src/stores/flows/login/index.ts';
import { csrfForAddress } from '../../../src/lib/csrf.ts';
import { readOneClickPresets } from '../../../src/stores/flows/one-click/index.ts';
import {
  openState,
  readRecoveryParams,
  RECOVERY_SECRET_PARAMS,
  SESSION_UNKNOWN_PATH,
} from '../../../src/stores/flows/recovery.ts';
import {
  RUNS,
  CLIENT_ID,
  CSRF,
  UNSAFE_TEXT,
  hostileValue,
  hostileSearch,
  onlyKeys,
  expectNoPollution,
  clientIdArb,
  mobileDigits,
  toScript,
  roundTrip,
} from './hostile.ts';

describe('one-click presets (readOneClickPresets, csrfForAddress)', () => {
  const KEYS = ['csrf', 'acr_values', 'clientId'];
  const persisted = fc.option(fc.oneof(clientIdArb, hostileValue), { nil: undefined });

  it('keep only allowed values, ignore unknown keys and never throw', () => {
    fc.assert(
      fc.property(hostileSearch(KEYS), persisted, fc.boolean(), (search, stored, kept) => {
        const query = new URLSearchParams(search);
        const presets = readOneClickPresets(query, stored);
        expect(Object.keys(presets).sort()).toEqual(['acrValues', 'checkout', 'clientId']);
        expect(presets.acrValues).toBe(query.get('acr_values') ?? undefined);
        if (presets.clientId !== undefined) expect(presets.clientId).toMatch(CLIENT_ID);
        const { checkout } = presets;
        expect(checkout.invoiceId.trim()).not.toBe('');
        expect(Object.getPrototypeOf(checkout.externalParams)).toBe(Object.prototype);
        if (checkout.merchant !== undefined) {
          expect(checkout.merchant).not.toMatch(UNSAFE_TEXT);
          expect(checkout.merchant.length).toBeLessThanOrEqual(80);
          expect(checkout.merchant).toBe(checkout.merchant.trim());
          expect(checkout.merchant).not.toBe('');
        }
        if (checkout.promo !== undefined) {
          const { value, type, outcome } = checkout.promo;
          expect(Number.isFinite(value)).toBe(true);
          expect(value).toBeGreaterThan(0);
          expect(value).toBeLessThanOrEqual(type === PERCENT ? 100 : 10_000_000);
          expect(type).not.toMatch(UNSAFE_TEXT);
          expect(type.length).toBeGreaterThan(0);
          expect(type.length).toBeLessThanOrEqual(12);
          expect(['CASHBACK', 'DISCOUNT']).toContain(outcome);
        }
        expect(readOneClickPresets(onlyKeys(query, KEYS), stored)).toEqual(presets);

        // The csrf carried into the login address: well formed, and only when storage failed.
        const csrf = csrfForAddress(query.get('csrf') ?? undefined, kept);
        if (csrf !== undefined) {
          expect(csrf).toMatch(CSRF);
          expect(kept).toBe(false);
        }
        expectNoPollution();
      }),
      RUNS,
    );
  });

  it('read a well-formed checkout back unchanged', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9&'’é]{1,12}$/);
    const checkoutArb = fc.record({
      merchant: fc.option(
        fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
        { nil: undefined },
      ),
      invoiceId: fc.option(fc.stringMatching(/^[A-Za-z0-9-]{1,24}$/), { nil: undefined }),
      promo: fc.option(
        fc.record({
          whole: fc.integer({ min: 1, max: 99 }),
          cents: fc.constantFrom('', '.5', '.25'),
          type: fc.constantFrom(PERCENT, 'AED', 'EGP', 'points'),
          outcome: fc.constantFrom('CASHBACK', 'DISCOUNT'),
          arabicDigits: fc.boolean(),
        }),
        { nil: undefined },
      ),
      clientId: fc.option(clientIdArb, { nil: undefined }),
      clientInAcr: fc.boolean(),
    });
    fc.assert(
      fc.property(checkoutArb, (want) => {
        const pairs: string[] = [];
        if (want.merchant) pairs.push(`merchant:${encodeURIComponent(want.merchant)}`);
        if (want.invoiceId) pairs.push(`invoice_id:${want.invoiceId}`);
        if (want.promo) {
          const amount = `${want.promo.whole}${want.promo.cents}`;
          const written = want.promo.arabicDigits ? toScript(amount, 0x0660) : amount;
          pairs.push(
            `promoValue:${encodeURIComponent(written)}`,
            `promoType:${encodeURIComponent(want.promo.type)}`,
            `promoOutcome:${want.promo.outcome}`,
          );
        }
        if (want.clientId && want.clientInAcr) pairs.push(`client_id:${want.clientId}`);
        const query = new URLSearchParams({ csrf: 'csrf-1', acr_values: pairs.join(' ') });
        if (want.clientId && !want.clientInAcr) query.set('clientId', want.clientId);
        const presets = readOneClickPresets(roundTrip(query), undefined);
        expect(presets.acrValues).toBe(pairs.join(' '));
        expect(presets.clientId).toBe(want.clientId);
        expect(presets.checkout.merchant).toBe(want.merchant);
        expect(presets.checkout.invoiceId).toBe(want.invoiceId ?? NO_INVOICE_ID);
        expect(presets.checkout.promo).toEqual(
          want.promo && {
            value: Number(`${want.promo.whole}${want.promo.cents}`),
            type: want.promo.type === 'points' ? 'points' : want.promo.type,
            outcome: want.promo.outcome,
          },
        );
      }),
      RUNS,
    );
  });
});

describe('session recovery link (readRecoveryParams, openState)', () => {
  const KEYS = ['clientId', ...RECOVERY_SECRET_PARAMS, 'email'];
  const ORIGIN = 'https://accounts.test';

  it('keeps the link as it is, rejects bad client ids, and only ever leads to known places', () => {
    fc.assert(
      fc.property(hostileSearch(KEYS), (search) => {
        const query = new URLSearchParams(search);
        const params = readRecoveryParams(query);
        for (const name of Object.keys(params)) {
          expect(['clientId', ...RECOVERY_SECRET_PARAMS]).toContain(name);
        }
        for (const name of RECOVERY_SECRET_PARAMS) {
          expect(params[name]).toBe(query.get(name) ?? undefined);
        }
        if (params.clientId !== undefined) expect(params.clientId).toMatch(CLIENT_ID);
        expect(readRecoveryParams(onlyKeys(query, KEYS))).toEqual(params);

        const state = openState(params);
        switch (state.view) {
          case 'no_session':
            break;
          case 'loading':
            expect(state.session.clientId).toMatch(CLIENT_ID);
            expect(state.session.phoneNumber).toBe(state.session.phoneNumber.trim());
            expect(state.session.phoneNumber).not.toBe('');
            expect(state.session.otp ?? state.session.verificationId).toBeTruthy();
            break;
          case 'redirect': {
            const url = new URL(state.path, ORIGIN);
            expect(url.origin).toBe(ORIGIN);
            if (state.path !== SESSION_UNKNOWN_PATH) {
              // A code without a phone number: login, with both social buttons off, and its
              // e-mail form when the link named an e-mail address (D3, D7).
              expect(url.pathname).toBe('/login');
              for (const name of url.searchParams.keys()) {
                expect(['csrf', 'clientId', 'showApple', 'showGoogle', 'showEmail']).toContain(
                  name,
                );
              }
              const login = parsePresets(url.searchParams);
              expect(login.showApple).toBe(false);
              expect(login.showGoogle).toBe(false);
              expect(login.clientId).toBe(params.clientId);
              expect(login.showEmail).toBe(
                params.email !== undefined && isEmailAddress(params.email),
              );
            }
            break;
          }
          default:
            throw new Error(`unexpected first view ${state.view}`);
        }
        expectNoPollution();
      }),
      // An e-mail address without a phone number (found by a run of CI): the login's e-mail form.
      { ...RUNS, examples: [['email=%21%40%21.%21%21']] },
    );
  });

  it('reads a well-formed link back unchanged', () => {
    const link = fc.record({
      clientId: clientIdArb,
      phone: mobileDigits,
      proof: fc.oneof(
        fc.stringMatching(/^\d{6}$/).map((otp) => ({ otp })),
        fc.uuid().map((verificationId) => ({ verificationId })),
      ),
    });
    fc.assert(
      fc.property(link, ({ clientId, phone, proof }) => {
        const query = new URLSearchParams({ ...proof, clientId, phoneNumber: `+${phone}` });
        expect(openState(readRecoveryParams(roundTrip(query)))).toEqual({
          view: 'loading',
          session: { clientId, phoneNumber: `+${phone}`, ...proof },
        });
      }),
      RUNS,
    );
  });
});
