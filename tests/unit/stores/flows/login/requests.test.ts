import { describe, expect, it } from 'vitest';
import { NO_INVOICE_ID } from '../../../../../src/lib/acr-values.ts';
import {
  answerError,
  emailLoginBody,
  phoneLoginBody,
} from '../../../../../src/stores/flows/login/requests.ts';
import {
  CHALLENGE_VIEWS,
  DEFAULT_PRESETS,
  EMPTY_ANSWERS,
  flowOf,
  initialState,
  LOGIN_VIEWS,
  pageOf,
  parsePresets,
  signupHref,
  startState,
} from '../../../../../src/stores/flows/login/index.ts';
import { sortChallenges, transition } from '../../../../../src/stores/flows/login/transition.ts';

describe('presets', () => {
  it('reads every preset of spec section 2', () => {
    const presets = parsePresets(
      new URLSearchParams(
        'clientId=sandbox-web&showEmail=true&showApple=false&showGoogle=false&fullMobileNumber=%2B971500000001&view=otp&acr_values=invoice_id:INV-1%20merchant:Cafe',
      ),
    );
    expect(presets).toEqual({
      clientId: 'sandbox-web',
      showEmail: true,
      showApple: false,
      showGoogle: false,
      fullMobileNumber: '971500000001',
      view: 'otp',
      invoiceId: 'INV-1',
    });
  });

  it('has safe defaults and ignores bad values', () => {
    expect(parsePresets(new URLSearchParams(''))).toEqual(DEFAULT_PRESETS);
    const bad = parsePresets(
      new URLSearchParams('clientId=<script>&fullMobileNumber=12&view=redirect_to_idp&acr_values='),
    );
    expect(bad).toMatchObject({
      clientId: undefined,
      fullMobileNumber: undefined,
      view: undefined,
    });
    expect(bad.invoiceId).toBe(NO_INVOICE_ID);
  });

  it('opens the view the presets ask for', () => {
    expect(startState(DEFAULT_PRESETS).view).toBe('phone_form');
    expect(startState({ ...DEFAULT_PRESETS, showEmail: true }).view).toBe('email_form');
    expect(startState({ ...DEFAULT_PRESETS, view: 'email_form' }).view).toBe('email_form');
    expect(startState({ ...DEFAULT_PRESETS, clientId: 'not_defined' }).view).toBe(
      'dashboard_selection',
    );
    expect(startState({ ...DEFAULT_PRESETS, view: 'dashboard_selection' }).view).toBe(
      'dashboard_selection',
    );
    expect(startState({ ...DEFAULT_PRESETS, view: 'redirect_to_blocked_user' })).toMatchObject({
      view: 'redirect_to_blocked_user',
      variant: 'USER_BLOCKED',
    });
    const otp = startState({ ...DEFAULT_PRESETS, view: 'otp', fullMobileNumber: '971500000002' });
    expect(otp).toMatchObject({ view: 'otp', attempt: { kind: 'phone', phone: '971500000002' } });
    // An OTP preset without a number has nothing to send a code to.
    expect(startState({ ...DEFAULT_PRESETS, view: 'otp' }).view).toBe('phone_form');
  });

  it('keeps typed values when the presets arrive', () => {
    const typed = transition(initialState(), {
      type: 'phoneChanged',
      value: { country: 'EG', input: '100' },
    });
    const next = transition(typed, { type: 'initialized', presets: DEFAULT_PRESETS });
    expect(next.phoneInput).toEqual({ country: 'EG', input: '100' });
  });
});

describe('payloads, validation, names', () => {
  it('sends only non-empty challenge fields, with is_known_device=false', () => {
    expect(
      phoneLoginBody(
        { answers: EMPTY_ANSWERS, otpId: undefined, nameConfirmed: undefined, remember: false },
        '9715',
        {
          a: 1,
        },
      ),
    ).toEqual({
      phone_number: '9715',
      profiling: { a: 1 },
      is_known_device: false,
      remember_device: false,
    });
    expect(
      phoneLoginBody(
        {
          answers: {
            password: 'pw',
            pin: '1234',
            card: ' 4242 ',
            email: 'e@x.co',
            fullName: 'Y A',
          },
          otpId: 'otpv',
          nameConfirmed: false,
          remember: true,
        },
        '9715',
        undefined,
        true,
      ),
    ).toEqual({
      phone_number: '9715',
      profiling: undefined,
      is_known_device: true,
      remember_device: true,
      otp: 'otpv',
      name_confirmed: false,
      password: 'pw',
      pin: '1234',
      card_verification: '4242',
      email_verification: 'e@x.co',
      full_name_verification: 'Y A',
    });
    expect(
      emailLoginBody(
        { answers: { ...EMPTY_ANSWERS, password: 'pw' }, otpId: undefined, remember: true },
        'a@b.co',
        undefined,
        true,
      ),
    ).toEqual({
      email: 'a@b.co',
      profiling: undefined,
      is_known_device: true,
      remember_device: true,
      password: 'pw',
    });
    expect(
      emailLoginBody({ answers: EMPTY_ANSWERS, otpId: 'o', remember: false }, 'a@b.co', undefined),
    ).toEqual({
      email: 'a@b.co',
      profiling: undefined,
      is_known_device: false,
      remember_device: false,
      otp: 'o',
    });
  });

  it('validates each answer (spec section 5)', () => {
    const with_ = (patch: Partial<typeof EMPTY_ANSWERS>) => ({ ...EMPTY_ANSWERS, ...patch });
    expect(answerError('password_form', EMPTY_ANSWERS)).toEqual({ key: 'fields:required' });
    expect(answerError('password_form', with_({ password: ' ' }))).toBeUndefined();
    expect(answerError('verify_pin_challenge', with_({ pin: '123' }))).toEqual({
      key: 'login:challenge.digitsInvalid',
    });
    expect(answerError('verify_pin_challenge', with_({ pin: '1234' }))).toBeUndefined();
    expect(answerError('verify__card_challenge', with_({ card: '42a2' }))).toBeDefined();
    expect(answerError('verify__card_challenge', with_({ card: '4242' }))).toBeUndefined();
    expect(answerError('verify_full_name_challenge', with_({ fullName: '  ' }))).toEqual({
      key: 'fields:required',
    });
    expect(answerError('verify_email_challenge', with_({ email: 'nope' }))).toEqual({
      key: 'fields:email.invalid',
    });
    expect(
      answerError('verify_email_challenge', with_({ email: 'y@example.com' })),
    ).toBeUndefined();
    expect(answerError('phone_form', EMPTY_ANSWERS)).toBeUndefined();
  });

  it('names every view for analytics (spec section 2)', () => {
    const pages = Object.fromEntries(LOGIN_VIEWS.map((view) => [view, pageOf(view)]));
    expect(pages).toMatchObject({
      phone_form: 'welcome',
      otp: 'otp_verify',
      password_form: 'password',
      name_confirmation: 'welcome_back_isityou',
      redirect_to_blocked_user: 'blocked_user',
      verify__card_challenge: 'verify_card',
      verify_email_challenge: 'verify_email',
      verify_full_name_challenge: 'verify_full_name',
      verify_pin_challenge: 'verify_pin',
      dashboard_selection: undefined,
    });
    expect(flowOf({ view: 'email_form', attempt: undefined })).toBe('email');
    expect(flowOf({ view: 'phone_form', attempt: undefined })).toBe('phone');
    expect(CHALLENGE_VIEWS.password).toBe('password_form');
    expect(sortChallenges('nope')).toEqual([]);
  });

  it('builds the sign-up address from the presets: what the login learnt stays out of it (M3)', () => {
    expect(signupHref('en', DEFAULT_PRESETS, {})).toBe('/signup/');
    expect(
      signupHref(
        'ar',
        { ...DEFAULT_PRESETS, clientId: 'sandbox-web', showApple: false, showGoogle: false },
        { fullMobileNumber: '971500000003', otp: 'verification-1' },
      ),
    ).toBe('/ar/signup/?clientId=sandbox-web&showApple=false&showGoogle=false');
    expect(signupHref('en', DEFAULT_PRESETS, { appleIdToken: 'a.b.c', email: 'a@b.co' })).toBe(
      '/signup/?showEmail=true',
    );
    expect(signupHref('en', DEFAULT_PRESETS, { googleIdToken: 'g.h.i' })).toBe('/signup/');
  });
});
