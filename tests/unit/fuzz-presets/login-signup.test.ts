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
import { cleanPhoneInput } from '../../../src/lib/phone.ts';
import { e164, phoneFromPreset, toPhone } from '../../../src/lib/phone-rules.ts';
import {
  DEFAULT_PRESETS,
  parsePresets,
  PRESET_VIEWS,
  type LoginPresets,
} from '../../../src/stores/flows/login/index.ts';
import {
  DEFAULT_SIGNUP_PRESETS,
  parseSignupPresets,
  type SignupPresets,
} from '../../../src/stores/flows/signup/index.ts';
import {
  RUNS,
  CLIENT_ID,
  E164_DIGITS,
  OPAQUE,
  ID_TOKEN,
  hostileValue,
  hostileSearch,
  onlyKeys,
  expectNoPollution,
  clientIdArb,
  writtenPhone,
  roundTrip,
} from './hostile.ts';

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
          const phone = phoneFromPreset(candidate);
          if (phone === undefined) continue;
          expect(phone.isValid).toBe(true);
          expect(e164(phone)).toMatch(/^\+[1-9]\d{7,14}$/);
          expect(phone.fullPhoneNumber.endsWith(phone.nationalPhoneNumber)).toBe(true);
          // Normalised: reading the E.164 form again gives the same phone, from any country.
          expect(toPhone(e164(phone), 'FR')).toEqual(phone);
        }
        expect(cleanPhoneInput(value)).toMatch(/^\+?\d*$/);
      }),
      RUNS,
    );
  });

  it('read every way of writing a valid number back as the same digits', () => {
    fc.assert(
      fc.property(writtenPhone, ({ digits, written }) => {
        expect(phoneFromPreset(written)?.fullPhoneNumber).toBe(digits);
        const query = roundTrip(new URLSearchParams({ fullMobileNumber: written }));
        expect(parsePresets(query).fullMobileNumber).toBe(digits);
        expect(parseSignupPresets(query).fullMobileNumber).toBe(digits);
        expect(phoneFromPreset(`00${digits}`)?.fullPhoneNumber).toBe(digits);
      }),
      RUNS,
    );
  });
});
