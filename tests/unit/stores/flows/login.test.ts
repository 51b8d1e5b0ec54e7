import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiFailure } from '../../../../src/api/errors.ts';
import { NO_INVOICE_ID } from '../../../../src/lib/acr-values.ts';
import { SocialError } from '../../../../src/lib/social/types.ts';
import {
  answerError,
  CHALLENGE_VIEWS,
  createLoginFlow,
  DEFAULT_PRESETS,
  emailLoginBody,
  EMPTY_ANSWERS,
  flowOf,
  initialState,
  isTryAnotherWayVisible,
  LOGIN_VIEWS,
  transition,
  pageOf,
  parsePresets,
  phoneLoginBody,
  signupHref,
  sortChallenges,
  startState,
  type LoginDeps,
  type LoginState,
} from '../../../../src/stores/flows/login/index.ts';
import { http } from './failures.ts';

const challenge = (kind: string, extra: Record<string, unknown> = {}) =>
  http(400, { error: 'challenge_required', additional_information: { challenge: kind, ...extra } });

const DETAILS = [
  { challenge_name: 'password', priority: 5 },
  { challenge_name: 'pin', priority: 1 },
  { challenge_name: 'name', priority: 4, masked_value: 'Y*** A**' },
  { challenge_name: 'card', priority: 2 },
  { challenge_name: 'email', priority: 3, masked_value: 'y***@example.com' },
];

/** A phone attempt in flight. */
function submittingPhone(): LoginState {
  return transition(initialState(), {
    type: 'submitted',
    attempt: { kind: 'phone', phone: '971500000001' },
  });
}

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

describe('login transition: phone login (spec section 4)', () => {
  it('starts a submit once, with a fresh attempt', () => {
    const dirty: LoginState = {
      ...initialState(),
      answers: { ...EMPTY_ANSWERS, password: 'x' },
      otpId: 'old',
      nameConfirmed: true,
      error: { key: 'common:timeout' },
    };
    const state = transition(dirty, {
      type: 'submitted',
      attempt: { kind: 'phone', phone: '971500000001' },
    });
    expect(state).toMatchObject({
      submitting: true,
      error: undefined,
      answers: EMPTY_ANSWERS,
      otpId: undefined,
      nameConfirmed: undefined,
    });
    expect(transition(state, { type: 'submitted' })).toBe(state);
  });

  it('goes to redirect_to_idp with the token on success', () => {
    const state = transition(submittingPhone(), { type: 'succeeded', token: 'proof' });
    expect(state).toMatchObject({
      view: 'redirect_to_idp',
      token: 'proof',
      flow: 'phone',
      submitting: false,
    });
  });

  it('sends an unregistered user to sign-up with the number', () => {
    const state = transition(submittingPhone(), {
      type: 'failed',
      failure: http(400, { error: 'unregistered_user' }),
    });
    expect(state).toMatchObject({
      view: 'redirect_to_signup',
      carry: { fullMobileNumber: '971500000001' },
    });
  });

  it.each([
    ['otp', 'otp'],
    ['password', 'password_form'],
    ['apple', 'apple_form'],
    ['google', 'google_form'],
  ])('opens the %s challenge as %s', (kind, view) => {
    const state = transition(submittingPhone(), { type: 'failed', failure: challenge(kind) });
    expect(state.view).toBe(view);
    expect(state.submitting).toBe(false);
    expect(state.error).toBeUndefined();
  });

  it('opens name confirmation with the name', () => {
    const state = transition(submittingPhone(), {
      type: 'failed',
      failure: challenge('confirm_name', { name: 'Sara Ahmed' }),
    });
    expect(state).toMatchObject({ view: 'name_confirmation', name: 'Sara Ahmed' });
    const nameless = transition(submittingPhone(), {
      type: 'failed',
      failure: challenge('confirm_name'),
    });
    expect(nameless).toMatchObject({ view: 'name_confirmation', name: '' });
  });

  it('picks the first try_another_way entry by priority, with the try-another link', () => {
    const state = transition(submittingPhone(), {
      type: 'failed',
      failure: challenge('try_another_way', { challenge_details: DETAILS }),
    });
    expect(state.view).toBe('verify_pin_challenge');
    expect(state.challenges?.current).toBe(1);
    expect(state.challenges?.details.map((d) => d.challenge_name)).toEqual([
      'pin',
      'card',
      'email',
      'name',
      'password',
    ]);
    expect(isTryAnotherWayVisible(state)).toBe(true);
  });

  it('hides the try-another link with a single entry', () => {
    const state = transition(submittingPhone(), {
      type: 'failed',
      failure: challenge('try_another_way', {
        challenge_details: [{ challenge_name: 'card', priority: 2 }],
      }),
    });
    expect(state.view).toBe('verify__card_challenge');
    expect(isTryAnotherWayVisible(state)).toBe(false);
    expect(transition(state, { type: 'tryAnotherWay' })).toBe(state);
  });

  it('treats try_another_way without usable entries as an unknown error', () => {
    const state = transition(submittingPhone(), {
      type: 'failed',
      failure: challenge('try_another_way', { challenge_details: [{ challenge_name: 'x' }] }),
    });
    expect(state.view).toBe('phone_form');
    expect(state.error).toEqual({ key: 'spring_security_error:NO_RESPONSE' });
  });

  it("'Try another way' advances by priority, wraps, and clears inputs and error", () => {
    let state = transition(submittingPhone(), {
      type: 'failed',
      failure: challenge('try_another_way', { challenge_details: DETAILS }),
    });
    const seen: string[] = [state.view];
    for (let i = 0; i < 5; i += 1) {
      state = {
        ...state,
        answers: { password: 'p', pin: '1', card: '2', email: 'e', fullName: 'n' },
        error: { key: 'spring_security_error:INVALID_CHALLENGE_PIN' },
        fieldError: { key: 'fields:required' },
      };
      state = transition(state, { type: 'tryAnotherWay' });
      expect(state.answers).toEqual(EMPTY_ANSWERS);
      expect(state.error).toBeUndefined();
      expect(state.fieldError).toBeUndefined();
      seen.push(state.view);
    }
    expect(seen).toEqual([
      'verify_pin_challenge',
      'verify__card_challenge',
      'verify_email_challenge',
      'verify_full_name_challenge',
      'password_form',
      'verify_pin_challenge',
    ]);
  });

  it('does not change challenge while submitting', () => {
    const state = transition(submittingPhone(), {
      type: 'failed',
      failure: challenge('try_another_way', { challenge_details: DETAILS }),
    });
    const busy = { ...state, submitting: true };
    expect(transition(busy, { type: 'tryAnotherWay' })).toBe(busy);
  });

  it('sends blocked accounts to the blocked page (unknown-400 handler)', () => {
    const blocked = transition(submittingPhone(), {
      type: 'failed',
      failure: http(400, { error: 'USER_BLOCKED', error_code: 'US-0068' }),
    });
    expect(blocked).toMatchObject({ view: 'redirect_to_blocked_user', variant: 'USER_BLOCKED' });
    const forSignup = transition(submittingPhone(), {
      type: 'failed',
      failure: http(400, { error_code: 'US-0089' }),
    });
    expect(forSignup).toMatchObject({
      view: 'redirect_to_blocked_user',
      variant: 'USER_BLOCKED_FOR_SIGNUP',
    });
  });

  it('shows other errors and ends submitting', () => {
    const cases: [ApiFailure, unknown][] = [
      [http(400, { error_code: 'US-0051' }), { key: 'spring_security_error:BAD_CREDENTIALS' }],
      [
        http(400, { error_code: 'US-0013' }),
        { key: 'spring_security_error:USER_TEMPORARILY_BLOCKED' },
      ],
      [
        http(400, { error_code: 'US-0115' }),
        { key: 'spring_security_error:INVALID_CHALLENGE_PIN' },
      ],
      [
        http(500, { error_code: 'APP-0001' }),
        { key: 'spring_security_error:INTERNAL_SERVER_ERROR' },
      ],
      [http(400, { error: 'weird', message: 'Server says no' }), { text: 'Server says no' }],
      [
        http(400, { error: 'challenge_required', additional_information: { challenge: 'x' } }),
        {
          key: 'spring_security_error:NO_RESPONSE',
        },
      ],
      [{ kind: 'timeout' }, { key: 'common:timeout' }],
      [{ kind: 'offline' }, { key: 'common:offline' }],
    ];
    for (const [failure, error] of cases) {
      const state = transition(submittingPhone(), { type: 'failed', failure });
      expect(state.view).toBe('phone_form');
      expect(state.submitting).toBe(false);
      expect(state.error).toEqual(error);
    }
  });

  it('reports a repeated otp challenge on the code view', () => {
    const onOtp: LoginState = {
      ...submittingPhone(),
      view: 'otp',
      otpId: 'used',
    };
    const state = transition(onOtp, { type: 'failed', failure: challenge('otp') });
    expect(state).toMatchObject({
      view: 'otp',
      otpId: undefined,
      submitting: false,
      error: { key: 'spring_security_error:VERIFYING_OTP_ERROR' },
    });
  });

  it('uses the verified OTP id for the retry', () => {
    const state = transition(
      { ...submittingPhone(), submitting: false, view: 'otp' },
      {
        type: 'otpVerified',
        id: 'otpv_9',
      },
    );
    expect(state).toMatchObject({ otpId: 'otpv_9', submitting: true });
  });

  it('name confirmation: yes sets true, no sets false, both resubmit', () => {
    const named = transition(submittingPhone(), {
      type: 'failed',
      failure: challenge('confirm_name', { name: 'Sara Ahmed' }),
    });
    expect(transition(named, { type: 'nameAnswered', confirmed: true })).toMatchObject({
      nameConfirmed: true,
      submitting: true,
    });
    expect(transition(named, { type: 'nameAnswered', confirmed: false })).toMatchObject({
      nameConfirmed: false,
      submitting: true,
    });
    const elsewhere = initialState();
    expect(transition(elsewhere, { type: 'nameAnswered', confirmed: true })).toBe(elsewhere);
  });

  it('goes back to the first step, keeping what was typed', () => {
    const typed = transition(initialState(), {
      type: 'phoneChanged',
      value: { country: 'AE', input: '500000001' },
    });
    const deep = transition(
      transition(typed, { type: 'submitted', attempt: { kind: 'phone', phone: '9715' } }),
      { type: 'failed', failure: challenge('password') },
    );
    const back = transition(deep, { type: 'back' });
    expect(back).toMatchObject({
      view: 'phone_form',
      attempt: undefined,
      phoneInput: { country: 'AE', input: '500000001' },
    });
    const email = transition(
      { ...deep, attempt: { kind: 'email', email: 'a@b.co' } },
      { type: 'back' },
    );
    expect(email.view).toBe('email_form');
  });

  it('records input and field errors', () => {
    let state = transition(initialState(), {
      type: 'invalid',
      error: { key: 'fields:phone.invalid' },
    });
    expect(state.fieldError).toEqual({ key: 'fields:phone.invalid' });
    state = transition(state, { type: 'emailChanged', value: 'a@b' });
    expect(state).toMatchObject({ emailInput: 'a@b', fieldError: undefined });
    state = transition(state, { type: 'answerChanged', field: 'pin', value: '١٢٣٤٥' });
    expect(state.answers.pin).toBe('1234');
    state = transition(state, { type: 'answerChanged', field: 'password', value: ' p w ' });
    expect(state.answers.password).toBe(' p w ');
  });

  it('switches between the phone and e-mail forms only from those forms', () => {
    const email = transition(initialState(), { type: 'switchMethod', method: 'email' });
    expect(email.view).toBe('email_form');
    expect(transition(email, { type: 'switchMethod', method: 'phone' }).view).toBe('phone_form');
    const otp: LoginState = { ...initialState(), view: 'otp' };
    expect(transition(otp, { type: 'switchMethod', method: 'email' })).toBe(otp);
  });
});

describe('login transition: social login', () => {
  const apple = { kind: 'apple' as const, idToken: 'apple-token', email: 'new.apple@example.com' };

  it('marks the provider busy, once', () => {
    const state = transition(initialState(), {
      type: 'socialStarted',
      provider: 'apple',
    });
    expect(state.social).toBe('apple');
    expect(transition(state, { type: 'socialStarted', provider: 'google' })).toBe(state);
  });

  it('redirects on success with the social flow name', () => {
    const state = transition(transition(initialState(), { type: 'submitted', attempt: apple }), {
      type: 'succeeded',
      token: 't',
    });
    expect(state).toMatchObject({ view: 'redirect_to_idp', flow: 'apple', social: undefined });
  });

  it('sends an unregistered social user to sign-up with the token (and the Apple e-mail)', () => {
    const fromApple = transition(
      transition(initialState(), { type: 'submitted', attempt: apple }),
      { type: 'failed', failure: http(400, { error: 'unregistered_user' }) },
    );
    expect(fromApple).toMatchObject({
      view: 'redirect_to_signup',
      carry: { appleIdToken: 'apple-token', email: 'new.apple@example.com' },
    });
    const fromGoogle = transition(
      transition(initialState(), {
        type: 'submitted',
        attempt: { kind: 'google', idToken: 'g' },
      }),
      { type: 'failed', failure: http(400, { error: 'unregistered_user' }) },
    );
    expect(fromGoogle).toMatchObject({ carry: { googleIdToken: 'g' } });
  });

  it('classes social failures: cancelled is silent, the others explain', () => {
    const busy = transition(initialState(), { type: 'socialStarted', provider: 'apple' });
    const fail = (reason: 'cancelled' | 'popup_closed' | 'script' | 'other') =>
      transition(busy, { type: 'socialFailed', provider: 'apple', reason });
    expect(fail('cancelled')).toMatchObject({ social: undefined, error: undefined });
    expect(fail('popup_closed').error).toEqual({ key: 'login:social.popupClosed' });
    expect(fail('script').error).toEqual({
      key: 'login:social.scriptFailed',
      params: { provider: 'Apple' },
    });
    expect(fail('other').error).toEqual({
      key: 'login:social.failed',
      params: { provider: 'Apple' },
    });
  });
});

describe('payloads, validation, names', () => {
  it('sends only non-empty challenge fields, with is_known_device=false', () => {
    expect(
      phoneLoginBody(
        { answers: EMPTY_ANSWERS, otpId: undefined, nameConfirmed: undefined },
        '9715',
        {
          a: 1,
        },
      ),
    ).toEqual({ phone_number: '9715', profiling: { a: 1 }, is_known_device: false });
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
        },
        '9715',
        undefined,
      ),
    ).toEqual({
      phone_number: '9715',
      profiling: undefined,
      is_known_device: false,
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
        { answers: { ...EMPTY_ANSWERS, password: 'pw' }, otpId: undefined },
        'a@b.co',
        undefined,
      ),
    ).toEqual({ email: 'a@b.co', profiling: undefined, password: 'pw' });
    expect(emailLoginBody({ answers: EMPTY_ANSWERS, otpId: 'o' }, 'a@b.co', undefined)).toEqual({
      email: 'a@b.co',
      profiling: undefined,
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

  it('builds the sign-up address from the presets and the carry', () => {
    expect(signupHref('en', DEFAULT_PRESETS, {})).toBe('/signup/');
    expect(
      signupHref(
        'ar',
        { ...DEFAULT_PRESETS, clientId: 'sandbox-web', showApple: false, showGoogle: false },
        { fullMobileNumber: '971500000003' },
      ),
    ).toBe(
      '/ar/signup/?clientId=sandbox-web&showApple=false&showGoogle=false&fullMobileNumber=971500000003',
    );
    expect(signupHref('en', DEFAULT_PRESETS, { appleIdToken: 't', email: 'a@b.co' })).toBe(
      '/signup/?showEmail=true&appleIdToken=t&email=a%40b.co',
    );
  });
});

describe('login flow (actions with fake deps)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(overrides: Partial<LoginDeps> = {}) {
    const store = new Map<string, string>();
    const deps: LoginDeps = {
      locale: 'en',
      phoneLogin: vi.fn(() => Promise.resolve('proof')),
      emailLogin: vi.fn(() => Promise.resolve('proof')),
      appleLogin: vi.fn(() => Promise.resolve('proof')),
      googleLogin: vi.fn(() => Promise.resolve('proof')),
      sendOtp: vi.fn(() => Promise.resolve({ data: { resend_in: 60 } })),
      verifyOtp: vi.fn(() => Promise.resolve('otpv_1')),
      socialSignIn: vi.fn(() =>
        Promise.resolve({ idToken: 'tok', email: 'a@b.co', fullName: 'New Apple' }),
      ),
      validatePhone: vi.fn((value: { input: string }) =>
        Promise.resolve(value.input === '500000001' ? '971500000001' : undefined),
      ),
      presetPhone: vi.fn(() => Promise.resolve({ country: 'AE' as const, input: '500000001' })),
      navigate: vi.fn(),
      analytics: { page: vi.fn(), track: vi.fn(), flush: vi.fn(() => Promise.resolve()) },
      profiling: () => ({ platform: 'web' }),
      persisted: {
        read: (key) => store.get(key),
        write: (key, value) => void store.set(key, value),
      },
      ...overrides,
    };
    const flow = createLoginFlow(deps);
    return { deps, flow, store };
  }

  it('validates the phone, logs in, flushes analytics, then redirects', async () => {
    const { deps, flow } = setup();
    await flow.init(DEFAULT_PRESETS);
    expect(deps.analytics.page).toHaveBeenCalledWith('welcome', 'phone');
    await flow.submitPhone();
    expect(flow.$state.get().fieldError).toEqual({ key: 'fields:phone.invalid' });
    flow.changePhone({ country: 'AE', input: '5000' });
    await flow.submitPhone();
    expect(deps.phoneLogin).not.toHaveBeenCalled();
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    expect(deps.phoneLogin).toHaveBeenCalledWith(
      { phone_number: '971500000001', profiling: { platform: 'web' }, is_known_device: false },
      { clientId: undefined },
    );
    expect(deps.analytics.flush).toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', token: 'proof' });
  });

  it('prefills the preset number', async () => {
    const { flow } = setup();
    await flow.init({ ...DEFAULT_PRESETS, fullMobileNumber: '971500000001' });
    expect(flow.$state.get().phoneInput).toEqual({ country: 'AE', input: '500000001' });
  });

  it('sends a code when the otp view opens, and retries the login with the verified id', async () => {
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(new ApiError(challenge('otp')))
      .mockResolvedValueOnce('proof');
    const { deps, flow } = setup({ phoneLogin });
    await flow.init({ ...DEFAULT_PRESETS, clientId: 'sandbox-web' });
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    expect(flow.$state.get().view).toBe('otp');
    expect(deps.analytics.page).toHaveBeenCalledWith('otp_verify', 'phone');
    expect(deps.sendOtp).toHaveBeenCalledWith(
      expect.objectContaining({ identifier: '971500000001', type: 'SMS', clientId: 'sandbox-web' }),
    );
    await vi.waitFor(() => expect(flow.otp.$state.get().view).toBe('ready'));
    flow.otp.changeCode('123456');
    await flow.otp.verify();
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));
    expect(phoneLogin).toHaveBeenLastCalledWith(
      expect.objectContaining({ otp: 'otpv_1', phone_number: '971500000001' }),
      { clientId: 'sandbox-web' },
    );
    // Leaving the code view stops its timer.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('opens the preset otp view and sends the code', async () => {
    const { deps, flow } = setup();
    await flow.init({ ...DEFAULT_PRESETS, view: 'otp', fullMobileNumber: '971500000002' });
    expect(flow.$state.get().view).toBe('otp');
    expect(deps.analytics.page).toHaveBeenCalledWith('otp_verify', 'phone');
    // The preset view is the first one: the listener did not see a change, init sent the code.
    await vi.waitFor(() => expect(flow.otp.$state.get().view).not.toBe('idle'));
  });

  it('navigates to sign-up for an unregistered number', async () => {
    const { deps, flow } = setup({
      phoneLogin: vi.fn(() =>
        Promise.reject(new ApiError(http(400, { error: 'unregistered_user' }))),
      ),
    });
    await flow.init({ ...DEFAULT_PRESETS, clientId: 'sandbox-web' });
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    expect(deps.navigate).toHaveBeenCalledWith(
      '/signup/?clientId=sandbox-web&fullMobileNumber=971500000001',
    );
  });

  it('checks each answer before sending it', async () => {
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(
        new ApiError(challenge('try_another_way', { challenge_details: DETAILS })),
      )
      .mockResolvedValueOnce('proof');
    const { flow } = setup({ phoneLogin });
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    expect(flow.$state.get().view).toBe('verify_pin_challenge');
    await flow.submitAnswer();
    expect(flow.$state.get().fieldError).toEqual({ key: 'login:challenge.digitsInvalid' });
    flow.changeAnswer('pin', '1234');
    await flow.submitAnswer();
    expect(phoneLogin).toHaveBeenLastCalledWith(
      expect.objectContaining({ pin: '1234', is_known_device: false }),
      expect.anything(),
    );
    expect(flow.$state.get().view).toBe('redirect_to_idp');
  });

  it('answers the name question', async () => {
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(new ApiError(challenge('confirm_name', { name: 'Sara Ahmed' })))
      .mockRejectedValueOnce(new ApiError(http(400, { error: 'unregistered_user' })));
    const { flow, deps } = setup({ phoneLogin });
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    await flow.answerName(false);
    expect(phoneLogin).toHaveBeenLastCalledWith(
      expect.objectContaining({ name_confirmed: false }),
      expect.anything(),
    );
    expect(deps.navigate).toHaveBeenCalled();
  });

  it('signs in with Apple, keeping the full name, and reuses it when Apple omits it', async () => {
    const socialSignIn = vi
      .fn<LoginDeps['socialSignIn']>()
      .mockResolvedValueOnce({ idToken: 't1', email: 'a@b.co', fullName: 'New Apple' })
      .mockResolvedValueOnce({ idToken: 't2' });
    const appleLogin = vi.fn<LoginDeps['appleLogin']>(() =>
      Promise.reject(new ApiError(http(400, { error: 'bad' }))),
    );
    const { flow, store } = setup({ socialSignIn, appleLogin });
    await flow.init(DEFAULT_PRESETS);
    await flow.socialSignIn('apple');
    expect(store.get('appleFullName')).toBe('New Apple');
    expect(appleLogin).toHaveBeenCalledWith('t1', { clientId: undefined });
    await flow.socialSignIn('apple');
    expect(flow.$state.get().attempt).toMatchObject({ idToken: 't2', fullName: 'New Apple' });
  });

  it('reports a social failure by its class', async () => {
    const { flow, deps } = setup({
      socialSignIn: vi.fn(() => Promise.reject(new SocialError('script'))),
    });
    await flow.init(DEFAULT_PRESETS);
    await flow.socialSignIn('google');
    expect(flow.$state.get().error).toEqual({
      key: 'login:social.scriptFailed',
      params: { provider: 'Google' },
    });
    expect(deps.googleLogin).not.toHaveBeenCalled();
  });

  it('validates and sends the e-mail login', async () => {
    const { flow, deps } = setup();
    await flow.init({ ...DEFAULT_PRESETS, showEmail: true });
    await flow.submitEmail();
    expect(flow.$state.get().fieldError).toEqual({ key: 'fields:required' });
    flow.changeEmail('nope');
    await flow.submitEmail();
    expect(flow.$state.get().fieldError).toEqual({ key: 'fields:email.invalid' });
    flow.changeEmail(' Layla@Example.com ');
    await flow.submitEmail();
    expect(deps.emailLogin).toHaveBeenCalledWith(
      { email: 'layla@example.com', profiling: { platform: 'web' } },
      { clientId: undefined },
    );
  });

  it('opens a portal', async () => {
    const { flow, deps } = setup();
    await flow.init({ ...DEFAULT_PRESETS, clientId: 'not_defined' });
    flow.chooseDashboard('https://x.example/');
    expect(deps.navigate).toHaveBeenCalledWith('https://x.example/');
    flow.destroy();
  });
});
