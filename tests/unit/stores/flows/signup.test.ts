import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ErrorBody } from '../../../../src/api/errors.ts';
import { DEFAULT_FLAGS } from '../../../../src/stores/flags.ts';
import { SocialError } from '../../../../src/lib/social/types.ts';
import {
  createSignupFlow,
  DEFAULT_SIGNUP_PRESETS,
  flowOf,
  initialState,
  normalizedFullName,
  onboardBody,
  pageOf,
  parseSignupPresets,
  proofFor,
  SIGNUP_VIEWS,
  transition,
  visibleOf,
  type SignupDeps,
  type SignupEvent,
  type SignupPresets,
  type SignupState,
} from '../../../../src/stores/flows/signup/index.ts';
import { http } from './failures.ts';

const code = (error_code: string, extra: ErrorBody = {}) =>
  http(400, { error_code, additional_information: { error_code }, ...extra });
const PHONE = { country: 'AE' as const, input: '500000003' };

function run(state: SignupState, ...events: SignupEvent[]): SignupState {
  return events.reduce(transition, state);
}

function init(presets: Partial<SignupPresets> = {}, appleFullName?: string): SignupState {
  return transition(initialState(), {
    type: 'initialized',
    presets: { ...DEFAULT_SIGNUP_PRESETS, ...presets },
    appleFullName,
  });
}

/** A filled form, sent: on the code view for +971500000003. */
function onOtp(presets: Partial<SignupPresets> = {}): SignupState {
  return run(
    init(presets),
    { type: 'valueChanged', field: 'fullName', value: 'Mona Saeed' },
    { type: 'phoneChanged', value: PHONE, digits: '971500000003' },
    { type: 'valueChanged', field: 'password', value: 'Sandbox-Pass9' },
    { type: 'submitted', phone: '971500000003' },
  );
}

/** Onboarding in flight after a verified code. */
function onboarding(presets: Partial<SignupPresets> = {}): SignupState {
  return transition(onOtp(presets), { type: 'otpVerified', id: 'ver-1' });
}

describe('presets (spec section 2, sign-up query)', () => {
  it('reads every parameter', () => {
    const presets = parseSignupPresets(
      new URLSearchParams(
        'clientId=sandbox-web&fullMobileNumber=%2B971500000003&otp=123456&appleIdToken=a.b.&showEmail=true&email=mona@example.com&hideInvitationCode=false&showApple=false&showGoogle=false&corporateInvitationToken=corp-valid',
      ),
    );
    expect(presets).toEqual({
      clientId: 'sandbox-web',
      fullMobileNumber: '971500000003',
      otp: '123456',
      appleIdToken: 'a.b.',
      googleIdToken: undefined,
      showEmail: true,
      email: 'mona@example.com',
      showInvitationCode: true,
      showApple: false,
      showGoogle: false,
      corporateInvitationToken: 'corp-valid',
    });
  });

  it('has safe defaults and drops malformed values', () => {
    expect(parseSignupPresets(new URLSearchParams(''))).toEqual(DEFAULT_SIGNUP_PRESETS);
    expect(
      parseSignupPresets(
        new URLSearchParams(
          'clientId=<x>&fullMobileNumber=12&otp=a b&googleIdToken=nope&email=a b@c.d&hideInvitationCode=true&corporateInvitationToken=' +
            'x'.repeat(300),
        ),
      ),
    ).toEqual(DEFAULT_SIGNUP_PRESETS);
  });
});

describe('start', () => {
  it('starts on the form, with the preset e-mail and the URL OTP as a proof', () => {
    const state = init({
      email: 'mona@example.com',
      otp: '123456',
      fullMobileNumber: '971500000003',
    });
    expect(state.view).toBe('signup_form');
    expect(state.values.email).toBe('mona@example.com');
    expect(state.proof).toEqual({ phone: '971500000003', value: '123456', fromUrl: true });
  });

  it('takes the social identity from the address, Apple with the name kept by the login', () => {
    const apple = init({ appleIdToken: 'a.b.', email: 'x@example.com' }, 'New Apple');
    expect(apple.prefill).toEqual({
      provider: 'apple',
      idToken: 'a.b.',
      email: 'x@example.com',
      fullName: 'New Apple',
    });
    expect(flowOf(apple)).toBe('apple');
    const google = init({ googleIdToken: 'g.h.' });
    expect(google.prefill).toMatchObject({ provider: 'google', idToken: 'g.h.' });
    expect(flowOf(google)).toBe('google');
    expect(flowOf(init())).toBe('phone');
  });

  it('hides fields by the presets, the social token and the corporate token', () => {
    expect(visibleOf(init({ showEmail: true, showInvitationCode: true }))).toMatchObject({
      fullName: true,
      email: true,
      password: true,
      invitationCode: true,
    });
    expect(visibleOf(init({ appleIdToken: 'a.b.', showEmail: true }))).toMatchObject({
      fullName: false,
      password: false,
      email: true,
      apple: false,
      google: false,
    });
    expect(
      visibleOf(init({ corporateInvitationToken: 'corp-valid', showEmail: true })),
    ).toMatchObject({ fullName: false, email: false, password: false, invitationCode: false });
  });
});

describe('signup transition: the form', () => {
  it('records input, clears the field error of what changed', () => {
    let state = transition(init(), {
      type: 'invalid',
      errors: { fullName: { key: 'fields:required' }, phone: { key: 'fields:phone.invalid' } },
    });
    state = transition(state, { type: 'valueChanged', field: 'fullName', value: 'M' });
    expect(state.values.fullName).toBe('M');
    expect(state.fieldErrors).toEqual({ phone: { key: 'fields:phone.invalid' } });
    state = transition(state, { type: 'phoneChanged', value: PHONE, digits: '971500000003' });
    expect(state.fieldErrors).toEqual({});
    expect(state.phoneDigits).toBe('971500000003');
  });

  it('sets and clears a checked field error', () => {
    const error = { key: 'fields:email.invalid' } as const;
    const state = transition(init(), { type: 'fieldChecked', field: 'email', error });
    expect(state.fieldErrors.email).toEqual(error);
    expect(
      transition(state, { type: 'fieldChecked', field: 'email', error: undefined }).fieldErrors,
    ).toEqual({});
  });

  it('ignores typing while submitting or off the form', () => {
    const busy = onboarding();
    expect(transition(busy, { type: 'valueChanged', field: 'fullName', value: 'x' })).toBe(busy);
    expect(transition(busy, { type: 'phoneChanged', value: PHONE, digits: undefined })).toBe(busy);
  });

  it('goes to the code step without a proof', () => {
    const state = onOtp();
    expect(state.view).toBe('otp');
    expect(state.submitting).toBe(false);
    expect(state.phone).toBe('971500000003');
  });

  it('onboards at once with an OTP in the URL for this number (or any number)', () => {
    const withNumber = run(init({ otp: '123456', fullMobileNumber: '971500000003' }), {
      type: 'submitted',
      phone: '971500000003',
    });
    expect(withNumber).toMatchObject({ view: 'signup_form', submitting: true });
    const anyNumber = run(init({ otp: '123456' }), { type: 'submitted', phone: '971501234567' });
    expect(anyNumber).toMatchObject({ view: 'signup_form', submitting: true });
    // The URL OTP proves the preset number only.
    const other = run(init({ otp: '123456', fullMobileNumber: '971500000003' }), {
      type: 'submitted',
      phone: '971501234567',
    });
    expect(other.view).toBe('otp');
    expect(other.proof).toBeUndefined();
  });

  it('ignores a second submit', () => {
    const busy = run(init({ otp: '1' }), { type: 'submitted', phone: '971500000003' });
    expect(transition(busy, { type: 'submitted', phone: '971500000003' })).toBe(busy);
  });

  it('onboards with the verified code id, only on the code view', () => {
    const state = onboarding();
    expect(state.proof).toEqual({ phone: '971500000003', value: 'ver-1', fromUrl: false });
    expect(state.submitting).toBe(true);
    expect(transition(init(), { type: 'otpVerified', id: 'x' }).proof).toBeUndefined();
    expect(transition(state, { type: 'otpVerified', id: 'again' })).toBe(state);
  });

  it('keeps a verified code for this number after a fixable error: no second code step', () => {
    const fixed = run(
      onboarding({ showEmail: true }),
      { type: 'failed', failure: code('US-0036') },
      { type: 'valueChanged', field: 'email', value: 'other@example.com' },
      { type: 'submitted', phone: '971500000003' },
    );
    expect(fixed).toMatchObject({ view: 'signup_form', submitting: true });
    expect(proofFor(fixed.proof, '971500000003')?.value).toBe('ver-1');
  });

  it('goes back from the code step to the form, keeping what was typed', () => {
    const back = transition(onOtp(), { type: 'back' });
    expect(back).toMatchObject({ view: 'signup_form', submitting: false, error: undefined });
    expect(back.values.fullName).toBe('Mona Saeed');
  });
});

describe('signup transition: onboarding answers (spec sections 4 and 8)', () => {
  it('success goes to redirect_to_idp with the proof token and the flow name', () => {
    const done = transition(onboarding(), {
      type: 'succeeded',
      token: 'proof-1',
      flow: 'phone',
      registered: true,
    });
    expect(done).toMatchObject({
      view: 'redirect_to_idp',
      token: 'proof-1',
      flow: 'phone',
      registered: true,
      submitting: false,
    });
    expect(transition(done, { type: 'back' })).toBe(done);
  });

  it('challenge_required otp returns to the code view and keeps the experience id', () => {
    const fromForm = run(
      init({ otp: 'stale' }),
      { type: 'submitted', phone: '971500000003' },
      {
        type: 'failed',
        failure: http(400, {
          error: 'challenge_required',
          additional_information: { challenge: 'otp', onboard_experience_id: 'oe-1' },
        }),
      },
    );
    expect(fromForm).toMatchObject({
      view: 'otp',
      experienceId: 'oe-1',
      proof: undefined,
      error: undefined,
    });
    // Asked again right after a code: the code did not do.
    const again = transition(onboarding(), {
      type: 'failed',
      failure: http(400, {
        error: 'challenge_required',
        additional_information: { challenge: 'otp' },
      }),
    });
    expect(again).toMatchObject({
      view: 'otp',
      error: { key: 'spring_security_error:VERIFYING_OTP_ERROR' },
    });
  });

  it("any other challenge says 'Provide: {challenge}'", () => {
    const state = transition(onboarding(), {
      type: 'failed',
      failure: http(400, {
        error: 'challenge_required',
        additional_information: { challenge: 'email' },
      }),
    });
    expect(state).toMatchObject({
      view: 'signup_form',
      error: { key: 'signup:error.provide', params: { challenge: 'email' } },
    });
  });

  it('USER_BLOCKED_FOR_SIGNUP opens the blocked view', () => {
    expect(transition(onboarding(), { type: 'failed', failure: code('US-0089') }).view).toBe(
      'blocked_user',
    );
    expect(
      transition(onboarding(), {
        type: 'failed',
        failure: http(400, { error: 'USER_BLOCKED_FOR_SIGNUP' }),
      }).view,
    ).toBe('blocked_user');
  });

  it('EMAIL_ALREADY_USED is shown with its contact link, until the e-mail changes', () => {
    const state = transition(onboarding({ showEmail: true }), {
      type: 'failed',
      failure: code('US-0036'),
    });
    expect(state).toMatchObject({
      view: 'signup_form',
      submitting: false,
      error: { key: 'spring_security_error:EMAIL_ALREADY_USED' },
      contact: true,
    });
    expect(
      transition(state, { type: 'valueChanged', field: 'email', value: 'a@b.co' }).error,
    ).toBeUndefined();
  });

  it('a refused code asks for a new one on the code view', () => {
    const state = transition(onboarding(), {
      type: 'failed',
      failure: code('RC-0001', { error: 'invalid_otp', message: 'ERROR_INVALID_PIN_CODE' }),
    });
    expect(state).toMatchObject({ view: 'otp', proof: undefined });
    expect(state.error).toEqual({ key: 'spring_security_error:VERIFYING_OTP_ERROR' });
  });

  it('puts field codes under their field when it is shown', () => {
    const phone = transition(onboarding(), { type: 'failed', failure: code('US-0016') });
    expect(phone).toMatchObject({ view: 'signup_form', error: undefined });
    expect(phone.fieldErrors.phone).toEqual({ key: 'spring_security_error:PHONE_ALREADY_USED' });
    const password = transition(onboarding(), { type: 'failed', failure: code('US-0052') });
    expect(password.fieldErrors.password).toEqual({
      key: 'spring_security_error:INVALID_PASSWORD',
    });
    const promo = transition(onboarding({ showInvitationCode: true }), {
      type: 'failed',
      failure: code('US-0025'),
    });
    expect(promo.fieldErrors.invitationCode).toEqual({
      key: 'spring_security_error:INVALID_PROMOTION_CODE',
    });
    // Hidden invitation code field: the message goes to the form.
    const hidden = transition(onboarding(), { type: 'failed', failure: code('US-0025') });
    expect(hidden.error).toEqual({ key: 'spring_security_error:INVALID_PROMOTION_CODE' });
  });

  it('other codes are translated, else the description or message is shown', () => {
    expect(transition(onboarding(), { type: 'failed', failure: code('US-0150') }).error).toEqual({
      key: 'spring_security_error:MAX_LIMIT_EXCEEDED',
    });
    expect(
      transition(onboarding(), {
        type: 'failed',
        failure: http(400, { error: 'odd', error_description: 'Something odd' }),
      }).error,
    ).toEqual({ text: 'Something odd' });
    expect(
      transition(onboarding(), {
        type: 'failed',
        failure: http(400, { error: 'odd', message: 'Odd message' }),
      }).error,
    ).toEqual({ text: 'Odd message' });
  });

  it('timeouts and server faults stay on the current view, to retry', () => {
    const timeout = transition(onboarding(), {
      type: 'failed',
      failure: { kind: 'timeout' },
    });
    expect(timeout).toMatchObject({ view: 'otp', submitting: false });
    expect(timeout.error).toEqual({ key: 'common:timeout' });
    const fromForm = run(
      init({ otp: '1', corporateInvitationToken: 'corp-valid' }),
      {
        type: 'submitted',
        phone: '971500000003',
      },
      { type: 'failed', failure: http(500, { error_code: 'APP-0001' }) },
    );
    expect(fromForm).toMatchObject({ view: 'signup_form' });
    expect(fromForm.error).toEqual({ key: 'spring_security_error:INTERNAL_SERVER_ERROR' });
  });

  it('a corporate sign-up error opens corporate_error, which tells to contact the administrator', () => {
    const state = transition(onboarding({ corporateInvitationToken: 'corp-invalid' }), {
      type: 'failed',
      failure: code('US-0085'),
    });
    expect(state).toMatchObject({
      view: 'corporate_error',
      error: { key: 'spring_security_error:USER_NOT_FOUND_FOR_SIGNUP_TOKEN' },
    });
    expect(transition(state, { type: 'back' }).view).toBe('signup_form');
  });
});

describe('signup transition: social', () => {
  it('marks the provider busy, once, and only on the form', () => {
    const started = transition(init(), { type: 'socialStarted', provider: 'google' });
    expect(started.social).toBe('google');
    expect(transition(started, { type: 'socialStarted', provider: 'apple' })).toBe(started);
    expect(transition(onOtp(), { type: 'socialStarted', provider: 'apple' }).social).toBe(
      undefined,
    );
    expect(transition(started, { type: 'socialSubmitted' }).submitting).toBe(true);
    expect(transition(init(), { type: 'socialSubmitted' }).submitting).toBe(false);
  });

  it('classes failures: cancelled is silent, the others explain', () => {
    const started = transition(init(), { type: 'socialStarted', provider: 'apple' });
    const fail = (reason: 'cancelled' | 'popup_closed' | 'script' | 'other') =>
      transition(started, { type: 'socialFailed', provider: 'apple', reason });
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

  it('an unregistered social account turns the form into the social sign-up', () => {
    const state = run(
      init({ showEmail: true }),
      { type: 'valueChanged', field: 'password', value: 'secret-1' },
      { type: 'socialStarted', provider: 'google' },
      { type: 'socialSubmitted' },
      {
        type: 'socialUnregistered',
        prefill: { provider: 'google', idToken: 'g.h.', email: 'new.google@example.com' },
      },
    );
    expect(state).toMatchObject({
      view: 'signup_form',
      submitting: false,
      social: undefined,
      prefill: { provider: 'google', idToken: 'g.h.' },
    });
    expect(state.values.email).toBe('new.google@example.com');
    expect(state.values.password).toBe('');
    expect(visibleOf(state)).toMatchObject({ fullName: false, password: false, google: false });
  });
});

describe('payload and names', () => {
  it('sends the payload of spec section 3, full name tidied by the section 3 split', () => {
    const state = run(
      onboarding({ clientId: 'sandbox-web', showEmail: true, showInvitationCode: true }),
    );
    const withExtras: SignupState = {
      ...state,
      values: {
        ...state.values,
        fullName: '  Mona   Saeed  Rahman ',
        email: ' mona@example.com ',
        invitationCode: ' SANDBOX10 ',
      },
      experienceId: 'oe-1',
    };
    expect(
      onboardBody(withExtras, {
        deviceId: 'dev-1',
        clientId: 'sandbox-web',
        profiling: { platform: 'web' },
      }),
    ).toEqual({
      deviceId: 'dev-1',
      phone_number: '971500000003',
      profiling: { platform: 'web' },
      onboard_experience_id: 'oe-1',
      full_name: 'Mona Saeed Rahman',
      password: 'Sandbox-Pass9',
      otp: 'ver-1',
      email: 'mona@example.com',
      clientId: 'sandbox-web',
      invitation_code: 'SANDBOX10',
    });
  });

  it('social and corporate sign-ups send their token and nothing hidden', () => {
    const apple = onboarding({ appleIdToken: 'a.b.' });
    const appleWithName = { ...apple, prefill: { ...apple.prefill!, fullName: 'New Apple' } };
    expect(
      onboardBody(appleWithName, { deviceId: 'd', clientId: undefined, profiling: undefined }),
    ).toEqual({
      deviceId: 'd',
      phone_number: '971500000003',
      full_name: 'New Apple',
      apple_id_token: 'a.b.',
      otp: 'ver-1',
    });
    const google = onboarding({ googleIdToken: 'g.h.' });
    expect(
      onboardBody(google, { deviceId: 'd', clientId: undefined, profiling: undefined }),
    ).toEqual({
      deviceId: 'd',
      phone_number: '971500000003',
      google_id_token: 'g.h.',
      otp: 'ver-1',
    });
    const corporate = onboarding({ corporateInvitationToken: 'corp-valid', showEmail: true });
    expect(
      onboardBody(corporate, { deviceId: 'd', clientId: undefined, profiling: undefined }),
    ).toEqual({
      deviceId: 'd',
      phone_number: '971500000003',
      otp: 'ver-1',
      corporate_invitation_token: 'corp-valid',
    });
  });

  it('tidies a full name', () => {
    expect(normalizedFullName(' Mona ')).toBe('Mona');
    expect(normalizedFullName('a  b\tc')).toBe('a b c');
  });

  it('names every view for analytics (spec section 2)', () => {
    expect(SIGNUP_VIEWS.map(pageOf)).toEqual([
      'signup_form',
      'otp_verify',
      undefined,
      'signup_form',
      'blocked_user',
    ]);
  });
});

// -------------------------------------------------------------------------------------------
// Actions with fake deps

function fakeDeps(overrides: Partial<SignupDeps> = {}) {
  const calls: string[] = [];
  const deps: SignupDeps = {
    locale: 'en',
    onboard: vi.fn(() => Promise.resolve('proof-1')),
    appleLogin: vi.fn(() => Promise.resolve('apple-proof')),
    googleLogin: vi.fn(() => Promise.resolve('google-proof')),
    sendOtp: vi.fn(() => Promise.resolve({ data: { resend_in: 60 } })),
    verifyOtp: vi.fn(() => Promise.resolve('ver-1')),
    socialSignIn: vi.fn(() =>
      Promise.resolve({ idToken: 'g.h.', email: 'new.google@example.com' }),
    ),
    parsePhone: (value) => (value.input === '500000003' ? '971500000003' : undefined),
    loadPhone: () => Promise.resolve(undefined),
    presetPhone: (digits) =>
      Promise.resolve(
        digits === '971500000003' ? { country: 'AE' as const, input: '500000003' } : undefined,
      ),
    flags: () => DEFAULT_FLAGS,
    analytics: {
      page: vi.fn((page: string) => void calls.push(`page:${page}`)),
      track: vi.fn((name: string) => void calls.push(`track:${name}`)),
      flush: vi.fn(() => Promise.resolve(void calls.push('flush'))),
    },
    deviceId: () => 'dev-1',
    profiling: () => ({ platform: 'web' }),
    ...overrides,
  };
  return { deps, calls };
}

async function filledFlow(deps: SignupDeps, presets: Partial<SignupPresets> = {}) {
  const flow = createSignupFlow(deps);
  await flow.init({ ...DEFAULT_SIGNUP_PRESETS, ...presets });
  flow.change('fullName', 'Mona Saeed');
  flow.changePhone(PHONE);
  flow.change('password', 'Sandbox-Pass9');
  return flow;
}

describe('signup flow (actions with fake deps)', () => {
  it('form → code sent → verified → onboarded → redirect, analytics flushed first', async () => {
    const { deps, calls } = fakeDeps();
    const flow = await filledFlow(deps, { clientId: 'sandbox-web' });
    await flow.submit();
    expect(flow.$state.get().view).toBe('otp');
    expect(deps.sendOtp).toHaveBeenCalledWith(
      expect.objectContaining({ identifier: '971500000003', type: 'SMS', clientId: 'sandbox-web' }),
    );
    flow.otp.changeCode('123456');
    await flow.otp.verify();
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));
    expect(deps.onboard).toHaveBeenCalledWith(
      expect.objectContaining({ phone_number: '971500000003', otp: 'ver-1', deviceId: 'dev-1' }),
      { clientId: 'sandbox-web' },
    );
    expect(flow.$state.get()).toMatchObject({ token: 'proof-1', registered: true, flow: 'phone' });
    expect(calls).toEqual([
      'page:signup_form',
      'track:signup_submitted',
      'page:otp_verify',
      'track:signup_succeeded',
      'flush',
    ]);
    flow.destroy();
  });

  it('prefills the preset number and onboards at once with an OTP in the URL', async () => {
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init({ ...DEFAULT_SIGNUP_PRESETS, fullMobileNumber: '971500000003', otp: '123456' });
    expect(flow.$state.get().values.phone).toEqual(PHONE);
    expect(flow.$state.get().phoneDigits).toBe('971500000003');
    flow.change('fullName', 'Mona Saeed');
    flow.change('password', 'Sandbox-Pass9');
    await flow.submit();
    expect(deps.sendOtp).not.toHaveBeenCalled();
    expect(deps.onboard).toHaveBeenCalledWith(expect.objectContaining({ otp: '123456' }), {
      clientId: undefined,
    });
    expect(flow.$state.get().view).toBe('redirect_to_idp');
    flow.destroy();
  });

  it('uses the client id the shell kept when the address has none', async () => {
    const { deps } = fakeDeps({ fallbackClientId: () => 'kept-client' });
    const flow = await filledFlow(deps, { otp: '1' });
    await flow.submit();
    expect(deps.onboard).toHaveBeenCalledWith(
      expect.objectContaining({ clientId: 'kept-client' }),
      {
        clientId: 'kept-client',
      },
    );
    flow.destroy();
  });

  it('refuses to send an invalid form and says why', async () => {
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init({ ...DEFAULT_SIGNUP_PRESETS, showEmail: true });
    flow.change('email', 'nope');
    flow.change('password', 'abc');
    await flow.submit();
    expect(flow.$state.get().fieldErrors).toEqual({
      fullName: { key: 'fields:required' },
      phone: { key: 'fields:phone.invalid' },
      email: { key: 'fields:email.invalid' },
      password: { key: 'signup:password.tooShort', params: { count: 3, min: 6 } },
    });
    expect(deps.sendOtp).not.toHaveBeenCalled();
    flow.destroy();
  });

  it('checks a field when it is left', async () => {
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    flow.blur('fullName');
    flow.blur('phone'); // empty: nothing to say yet
    flow.changePhone({ country: 'AE', input: '12' });
    flow.blur('phone');
    flow.change('invitationCode', '??');
    flow.blur('invitationCode');
    flow.blur('password');
    expect(flow.$state.get().fieldErrors).toEqual({
      fullName: { key: 'fields:required' },
      phone: { key: 'fields:phone.invalid' },
      invitationCode: { key: 'signup:invitationCode.invalid' },
    });
    flow.destroy();
  });

  it('a challenge for the code from the URL OTP opens the code step', async () => {
    const { deps } = fakeDeps({
      onboard: vi
        .fn()
        .mockRejectedValueOnce(
          new ApiError(
            http(400, {
              error: 'challenge_required',
              additional_information: { challenge: 'otp', onboard_experience_id: 'oe-9' },
            }),
          ),
        )
        .mockResolvedValueOnce('proof-2'),
    });
    const flow = await filledFlow(deps, { otp: 'stale' });
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({ view: 'otp', experienceId: 'oe-9' });
    expect(deps.sendOtp).toHaveBeenCalledTimes(1);
    flow.otp.changeCode('123456');
    await flow.otp.verify();
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));
    expect(deps.onboard).toHaveBeenLastCalledWith(
      expect.objectContaining({ otp: 'ver-1', onboard_experience_id: 'oe-9' }),
      { clientId: undefined },
    );
    flow.destroy();
  });

  it('ignores a late onboarding answer after going back', async () => {
    let resolve: (token: string) => void = () => undefined;
    const { deps } = fakeDeps({
      onboard: vi.fn(() => new Promise<string>((r) => (resolve = r))),
    });
    const flow = await filledFlow(deps);
    await flow.submit();
    flow.otp.changeCode('123456');
    await flow.otp.verify();
    expect(flow.$state.get().submitting).toBe(true);
    flow.back();
    resolve('late');
    await Promise.resolve();
    await Promise.resolve();
    expect(flow.$state.get().view).toBe('signup_form');
    flow.destroy();
  });

  it('social button: a registered account goes straight to the redirect', async () => {
    const { deps } = fakeDeps({
      socialSignIn: vi.fn(() =>
        Promise.resolve({ idToken: 'g.h.', email: 'google.user@example.com' }),
      ),
    });
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    await flow.socialSignIn('google');
    expect(deps.googleLogin).toHaveBeenCalledWith('g.h.', { clientId: undefined });
    expect(flow.$state.get()).toMatchObject({
      view: 'redirect_to_idp',
      token: 'google-proof',
      registered: false,
      flow: 'google',
    });
    flow.destroy();
  });

  it('social button: a new account pre-fills, and Apple keeps and reuses the name', async () => {
    const store = new Map<string, string>();
    const unregistered = new ApiError(http(400, { error: 'unregistered_user' }));
    const { deps } = fakeDeps({
      socialSignIn: vi
        .fn()
        .mockResolvedValueOnce({
          idToken: 'a.b.',
          email: 'new.apple@example.com',
          fullName: 'New Apple',
        })
        .mockResolvedValueOnce({ idToken: 'a.c.' }),
      appleLogin: vi.fn(() => Promise.reject(unregistered)),
      persisted: {
        read: (key) => store.get(key),
        write: (key, value) => void store.set(key, value),
      },
    });
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    await flow.socialSignIn('apple');
    expect(flow.$state.get().prefill).toEqual({
      provider: 'apple',
      idToken: 'a.b.',
      email: 'new.apple@example.com',
      fullName: 'New Apple',
    });
    expect(store.get('appleFullName')).toBe('New Apple');
    flow.destroy();

    const again = createSignupFlow(deps);
    await again.init(DEFAULT_SIGNUP_PRESETS);
    await again.socialSignIn('apple');
    expect(again.$state.get().prefill?.fullName).toBe('New Apple');
    again.destroy();
  });

  it('social button: failures are classed, other login errors shown', async () => {
    const { deps } = fakeDeps({
      socialSignIn: vi.fn(() => Promise.reject(new SocialError('popup_closed'))),
    });
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    await flow.socialSignIn('google');
    expect(flow.$state.get().error).toEqual({ key: 'login:social.popupClosed' });
    expect(deps.analytics.track).toHaveBeenCalledWith('google_failed_popup_closed', {
      flow: 'google',
    });
    flow.destroy();

    const { deps: deps2 } = fakeDeps({
      googleLogin: vi.fn(() => Promise.reject(new ApiError(code('US-0150')))),
    });
    const flow2 = createSignupFlow(deps2);
    await flow2.init(DEFAULT_SIGNUP_PRESETS);
    await flow2.socialSignIn('google');
    expect(flow2.$state.get()).toMatchObject({
      view: 'signup_form',
      social: undefined,
      error: { key: 'spring_security_error:MAX_LIMIT_EXCEEDED' },
    });
    flow2.destroy();
  });

  it('reports the failure reason to analytics without personal data', async () => {
    const { deps } = fakeDeps({
      onboard: vi.fn(() => Promise.reject(new ApiError(code('US-0089')))),
    });
    const flow = await filledFlow(deps, { otp: '1' });
    await flow.submit();
    expect(flow.$state.get().view).toBe('blocked_user');
    expect(deps.analytics.track).toHaveBeenCalledWith('signup_failed', {
      flow: 'phone',
      page: 'signup_form',
      properties: { reason: 'USER_BLOCKED_FOR_SIGNUP' },
    });
    expect(deps.analytics.page).toHaveBeenLastCalledWith('blocked_user', 'phone');
    flow.destroy();
  });

  it('stops the code step when leaving it and on destroy', async () => {
    const { deps } = fakeDeps();
    const flow = await filledFlow(deps);
    await flow.submit();
    expect(flow.otp.$state.get().view).toBe('ready');
    flow.back();
    expect(flow.otp.$state.get().view).toBe('idle');
    await flow.submit();
    flow.destroy();
    expect(flow.otp.$state.get().view).toBe('idle');
  });
});
