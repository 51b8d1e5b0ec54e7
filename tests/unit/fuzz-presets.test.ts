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
import { DEFAULT_LOCALE, LOCALES, toLocale } from '../../src/i18n/config.ts';
import { hasInvoice, NO_INVOICE_ID, queryAcrValues } from '../../src/lib/acr-values.ts';
import { queryClientId } from '../../src/lib/address.ts';
import { readAuthorizeReturn } from '../../src/lib/identity-service.ts';
import {
  cleanPhoneInput,
  e164,
  loadPhoneMetadata,
  phoneFromPreset,
  toPhone,
} from '../../src/lib/phone.ts';
import { PERCENT } from '../../src/lib/promo.ts';
import { findRewrite } from '../../src/routing/rewrites.ts';
import { surveyUrl } from '../../src/site-config.ts';
import {
  DEFAULT_PRESETS,
  parsePresets,
  PRESET_VIEWS,
  type LoginPresets,
} from '../../src/stores/flows/login/index.ts';
import { csrfForAddress } from '../../src/lib/csrf.ts';
import { readOneClickPresets } from '../../src/stores/flows/one-click/index.ts';
import {
  openState,
  readRecoveryParams,
  RECOVERY_SECRET_PARAMS,
  SESSION_UNKNOWN_PATH,
} from '../../src/stores/flows/recovery.ts';
import {
  DEFAULT_SIGNUP_PRESETS,
  parseSignupPresets,
  type SignupPresets,
} from '../../src/stores/flows/signup/index.ts';

const metadata = await loadPhoneMetadata();
const RUNS = { numRuns: 1000 };

const CLIENT_ID = /^[\w.-]{1,128}$/;
const E164_DIGITS = /^[1-9]\d{7,14}$/;
const OPAQUE = /^[\w.~-]{1,256}$/;
const ID_TOKEN = /^[\w-]+\.[\w-]+\.[\w-]*$/;
const CSRF = /^[\w-]{1,256}$/;
/** Control and bidi-override characters: nothing read from the address may reorder the page. */
const UNSAFE_TEXT = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

// ---------------------------------------------------------------------------------------------
// Hostile queries

const tricky = fc.constantFrom(
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '\u202Eevil',
  '\u202E971501234567',
  '٠١٢٣٤٥',
  '٩٧١٥٠١٢٣٤٥٦٧',
  '+٩٧١ ٥٠ ١٢٣ ٤٥٦٧',
  '00971501234567',
  '__proto__',
  'constructor',
  '',
  ' ',
  'true',
  'false',
  'TRUE',
  'not_defined',
  'otp',
  'email_form',
  'a.b.c',
  'invoice_id:INV-1 merchant:Shop promoValue:10 client_id:<x>',
  'promoValue:١٠٠ promoType:%25 __proto__:x constructor:y',
  'a'.repeat(5000),
  '9'.repeat(5000),
);
const hostileValue = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  tricky,
);
const POLLUTING_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
] as const;

/**
 * A query string over the reader's own keys (often repeated), keys that target prototypes, and
 * any other key: encoded by URLSearchParams, or raw as typed into the address bar.
 */
function hostileSearch(known: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTING_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );
  const pairs = fc.array(fc.tuple(key, hostileValue), { maxLength: 10 });
  return fc.oneof(
    pairs.map((list) => new URLSearchParams(list).toString()),
    pairs.map((list) => `?${list.map(([name, value]) => `${name}=${value}`).join('&')}`),
  );
}

/** The same query with only the named keys, in the same order. */
function onlyKeys(query: URLSearchParams, known: readonly string[]): URLSearchParams {
  return new URLSearchParams([...query].filter(([name]) => known.includes(name)));
}

const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
const PROTOTYPE_NAMES = prototypeNames();
function expectNoPollution(): void {
  expect(prototypeNames()).toEqual(PROTOTYPE_NAMES);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(({} as Record<string, unknown>)['x']).toBeUndefined();
}

// ---------------------------------------------------------------------------------------------
// Well-formed values

const clientIdArb = fc.stringMatching(/^[A-Za-z0-9_.-]{1,40}$/);
/** Valid mobiles of the preferred countries (AE, EG, PK, SA), international digits. */
const mobileDigits = fc.oneof(
  fc.stringMatching(/^97150\d{7}$/),
  fc.stringMatching(/^2010\d{8}$/),
  fc.stringMatching(/^9230\d{8}$/),
  fc.stringMatching(/^96650\d{7}$/),
);
const toScript = (digits: string, zero: number) =>
  digits.replace(/\d/g, (digit) => String.fromCharCode(zero + Number(digit)));
/** The ways a link may write a number: plain, with +, grouped, dashed, Eastern Arabic, Persian. */
const PHONE_STYLES = [
  (digits: string) => digits,
  (digits: string) => `+${digits}`,
  (digits: string) => `+${digits.replace(/(\d{3})(?=\d)/g, '$1 ')}`,
  (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1-'),
  (digits: string) => `+${toScript(digits, 0x0660)}`,
  (digits: string) => toScript(digits, 0x06f0),
] as const;
const writtenPhone = fc
  .tuple(mobileDigits, fc.integer({ min: 0, max: PHONE_STYLES.length - 1 }))
  .map(([digits, style]) => ({ digits, written: PHONE_STYLES[style]!(digits) }));

function roundTrip(query: URLSearchParams): URLSearchParams {
  return new URLSearchParams(query.toString());
}

// ---------------------------------------------------------------------------------------------

describe('login presets (parsePresets)', () => {
  const KEYS = [
    'csrf',
    'fullMobileNumber',
    'clientId',
    'showEmail',
    'showApple',
    'showGoogle',
    'view',
    'acr_values',
  ];

  it('keep only allowed values, ignore unknown keys and never throw', () => {
    fc.assert(
      fc.property(hostileSearch(KEYS), (search) => {
        const query = new URLSearchParams(search);
        const presets = parsePresets(query);
        expect(Object.keys(presets).sort()).toEqual(Object.keys(DEFAULT_PRESETS).sort());
        if (presets.clientId !== undefined) expect(presets.clientId).toMatch(CLIENT_ID);
        if (presets.fullMobileNumber !== undefined) {
          expect(presets.fullMobileNumber).toMatch(E164_DIGITS);
        }
        expect([undefined, ...PRESET_VIEWS]).toContain(presets.view);
        // Booleans only from the exact words; both social buttons stay on unless turned off.
        expect(presets.showEmail).toBe(query.get('showEmail') === 'true');
        expect(presets.showApple).toBe(query.get('showApple') !== 'false');
        expect(presets.showGoogle).toBe(query.get('showGoogle') !== 'false');
        expect(presets.invoiceId.trim()).not.toBe('');
        if (!query.has('acr_values')) expect(presets.invoiceId).toBe(NO_INVOICE_ID);
        expect(parsePresets(onlyKeys(query, KEYS))).toEqual(presets);
        expectNoPollution();
      }),
      RUNS,
    );
  });

  it('read well-formed presets back unchanged', () => {
    const presets = fc.record({
      clientId: fc.option(clientIdArb, { nil: undefined }),
      showEmail: fc.boolean(),
      showApple: fc.boolean(),
      showGoogle: fc.boolean(),
      phone: fc.option(writtenPhone, { nil: undefined }),
      view: fc.option(fc.constantFrom(...PRESET_VIEWS), { nil: undefined }),
      invoiceId: fc.option(fc.stringMatching(/^[A-Za-z0-9-]{1,24}$/), { nil: undefined }),
    });
    fc.assert(
      fc.property(presets, (want) => {
        const query = new URLSearchParams();
        if (want.clientId) query.set('clientId', want.clientId);
        query.set('showEmail', String(want.showEmail));
        query.set('showApple', String(want.showApple));
        query.set('showGoogle', String(want.showGoogle));
        if (want.phone) query.set('fullMobileNumber', want.phone.written);
        if (want.view) query.set('view', want.view);
        if (want.invoiceId) query.set('acr_values', `merchant:Shop invoice_id:${want.invoiceId}`);
        const expected: LoginPresets = {
          clientId: want.clientId,
          showEmail: want.showEmail,
          showApple: want.showApple,
          showGoogle: want.showGoogle,
          fullMobileNumber: want.phone?.digits,
          view: want.view,
          invoiceId: want.invoiceId ?? NO_INVOICE_ID,
        };
        expect(parsePresets(roundTrip(query))).toEqual(expected);
      }),
      RUNS,
    );
  });
});

describe('sign-up presets (parseSignupPresets)', () => {
  const KEYS = [
    'csrf',
    'fullMobileNumber',
    'otp',
    'appleIdToken',
    'googleIdToken',
    'showEmail',
    'email',
    'hideInvitationCode',
    'showApple',
    'showGoogle',
    'corporateInvitationToken',
    'clientId',
  ];

  it('keep only allowed values, ignore unknown keys and never throw', () => {
    fc.assert(
      fc.property(hostileSearch(KEYS), (search) => {
        const query = new URLSearchParams(search);
        const presets = parseSignupPresets(query);
        expect(Object.keys(presets).sort()).toEqual(Object.keys(DEFAULT_SIGNUP_PRESETS).sort());
        if (presets.clientId !== undefined) expect(presets.clientId).toMatch(CLIENT_ID);
        if (presets.fullMobileNumber !== undefined) {
          expect(presets.fullMobileNumber).toMatch(E164_DIGITS);
        }
        for (const value of [presets.otp, presets.corporateInvitationToken]) {
          if (value !== undefined) expect(value).toMatch(OPAQUE);
        }
        for (const value of [presets.appleIdToken, presets.googleIdToken]) {
          if (value !== undefined) {
            expect(value).toMatch(ID_TOKEN);
            expect(value.length).toBeLessThanOrEqual(8192);
          }
        }
        if (presets.email !== undefined) {
          expect(presets.email.length).toBeGreaterThan(0);
          expect(presets.email.length).toBeLessThanOrEqual(254);
          expect(presets.email).not.toMatch(/\s/);
        }
        expect(presets.showEmail).toBe(query.get('showEmail') === 'true');
        expect(presets.showInvitationCode).toBe(query.get('hideInvitationCode') === 'false');
        expect(presets.showApple).toBe(query.get('showApple') !== 'false');
        expect(presets.showGoogle).toBe(query.get('showGoogle') !== 'false');
        expect(parseSignupPresets(onlyKeys(query, KEYS))).toEqual(presets);
        expectNoPollution();
      }),
      RUNS,
    );
  });

  it('read well-formed presets back unchanged', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
    const idToken = fc.tuple(segment, segment, segment).map((parts) => parts.join('.'));
    const presets = fc.record({
      clientId: fc.option(clientIdArb, { nil: undefined }),
      phone: fc.option(writtenPhone, { nil: undefined }),
      otp: fc.option(fc.oneof(fc.stringMatching(/^\d{6}$/), fc.uuid()), { nil: undefined }),
      socialToken: fc.option(fc.tuple(fc.constantFrom('apple', 'google'), idToken), {
        nil: undefined,
      }),
      showEmail: fc.boolean(),
      email: fc.option(
        fc.emailAddress().filter((email) => email.length <= 254),
        { nil: undefined },
      ),
      showInvitationCode: fc.boolean(),
      showApple: fc.boolean(),
      showGoogle: fc.boolean(),
      corporateInvitationToken: fc.option(fc.stringMatching(/^[A-Za-z0-9._~-]{1,64}$/), {
        nil: undefined,
      }),
    });
    fc.assert(
      fc.property(presets, (want) => {
        const query = new URLSearchParams();
        if (want.clientId) query.set('clientId', want.clientId);
        if (want.phone) query.set('fullMobileNumber', want.phone.written);
        if (want.otp) query.set('otp', want.otp);
        if (want.socialToken) query.set(`${want.socialToken[0]}IdToken`, want.socialToken[1]);
        query.set('showEmail', String(want.showEmail));
        if (want.email) query.set('email', want.email);
        query.set('hideInvitationCode', String(!want.showInvitationCode));
        query.set('showApple', String(want.showApple));
        query.set('showGoogle', String(want.showGoogle));
        if (want.corporateInvitationToken) {
          query.set('corporateInvitationToken', want.corporateInvitationToken);
        }
        const expected: SignupPresets = {
          clientId: want.clientId,
          fullMobileNumber: want.phone?.digits,
          otp: want.otp,
          appleIdToken: want.socialToken?.[0] === 'apple' ? want.socialToken[1] : undefined,
          googleIdToken: want.socialToken?.[0] === 'google' ? want.socialToken[1] : undefined,
          showEmail: want.showEmail,
          email: want.email,
          showInvitationCode: want.showInvitationCode,
          showApple: want.showApple,
          showGoogle: want.showGoogle,
          corporateInvitationToken: want.corporateInvitationToken,
        };
        expect(parseSignupPresets(roundTrip(query))).toEqual(expected);
      }),
      RUNS,
    );
  });
});

describe('phone presets (fullMobileNumber, phoneFromPreset)', () => {
  /** Near-misses too: a valid number with junk, bidi marks or Eastern Arabic digits around it. */
  const phoneish = fc.oneof(
    hostileValue,
    writtenPhone.map((phone) => phone.written),
    fc
      .tuple(hostileValue, writtenPhone, hostileValue)
      .map(([before, phone, after]) => `${before.slice(0, 8)}${phone.written}${after.slice(0, 8)}`),
  );

  it('are a valid normalised E.164 number or absent, whatever the link carries', () => {
    fc.assert(
      fc.property(phoneish, fc.constantFrom('plain', 'encoded'), (value, how) => {
        const search =
          how === 'plain'
            ? `fullMobileNumber=${value}`
            : new URLSearchParams({ fullMobileNumber: value }).toString();
        const query = new URLSearchParams(search);
        const candidates = [
          query.get('fullMobileNumber'),
          parsePresets(query).fullMobileNumber,
          parseSignupPresets(query).fullMobileNumber,
        ];
        for (const candidate of candidates) {
          const phone = phoneFromPreset(candidate, metadata);
          if (phone === undefined) continue;
          expect(phone.isValid).toBe(true);
          expect(e164(phone)).toMatch(/^\+[1-9]\d{7,14}$/);
          expect(phone.fullPhoneNumber.endsWith(phone.nationalPhoneNumber)).toBe(true);
          // Normalised: reading the E.164 form again gives the same phone, from any country.
          expect(toPhone(e164(phone), 'FR', metadata)).toEqual(phone);
        }
        expect(cleanPhoneInput(value)).toMatch(/^\+?\d*$/);
      }),
      RUNS,
    );
  });

  it('read every way of writing a valid number back as the same digits', () => {
    fc.assert(
      fc.property(writtenPhone, ({ digits, written }) => {
        expect(phoneFromPreset(written, metadata)?.fullPhoneNumber).toBe(digits);
        const query = roundTrip(new URLSearchParams({ fullMobileNumber: written }));
        expect(parsePresets(query).fullMobileNumber).toBe(digits);
        expect(parseSignupPresets(query).fullMobileNumber).toBe(digits);
        expect(phoneFromPreset(`00${digits}`, metadata)?.fullPhoneNumber).toBe(digits);
      }),
      RUNS,
    );
  });
});

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
              // A code without a phone number: login, with both social buttons off.
              expect(url.pathname).toBe('/login');
              for (const name of url.searchParams.keys()) {
                expect(['csrf', 'clientId', 'showApple', 'showGoogle']).toContain(name);
              }
              const login = parsePresets(url.searchParams);
              expect(login.showApple).toBe(false);
              expect(login.showGoogle).toBe(false);
              expect(login.clientId).toBe(params.clientId);
            }
            break;
          }
          default:
            throw new Error(`unexpected first view ${state.view}`);
        }
        expectNoPollution();
      }),
      RUNS,
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

describe('the authorize return in the hash (readAuthorizeReturn)', () => {
  const KEYS = ['access_token', 'token_type', 'expires_in', 'state'];

  it('keeps only a printable bearer token, and the state as it came', () => {
    fc.assert(
      fc.property(hostileSearch(KEYS), (hash) => {
        const params = new URLSearchParams(hash.replace(/^\?/, ''));
        const back = readAuthorizeReturn(params);
        expect(Object.keys(back).sort()).toEqual(['accessToken', 'state']);
        if (back.accessToken !== undefined) {
          expect(back.accessToken).toMatch(/^[\x21-\x7e]{1,4096}$/);
          expect(back.accessToken).toBe(params.get('access_token'));
          expect(['bearer', undefined]).toContain(params.get('token_type')?.toLowerCase());
        }
        expect(back.state).toBe(params.get('state') ?? undefined);
        expectNoPollution();
      }),
      RUNS,
    );
  });

  it('reads a well-formed return back unchanged', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9._~+/=-]{1,200}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        fc.constantFrom('Bearer', 'bearer', undefined),
        (token, state, type) => {
          const hash = new URLSearchParams({ access_token: token, state, expires_in: '3600' });
          if (type) hash.set('token_type', type);
          expect(readAuthorizeReturn(roundTrip(hash))).toEqual({ accessToken: token, state });
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
