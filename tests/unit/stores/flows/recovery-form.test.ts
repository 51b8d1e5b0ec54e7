import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/errors.ts';
import {
  answerError,
  createRecoveryFormFlow,
  initialState,
  normalizeAnswer,
  RESEND_AFTER_S,
  transition,
  type RecoveryDetails,
  type RecoveryFormDeps,
  type RecoveryFormState,
} from '../../../../src/stores/flows/recovery-form/index.ts';
import { http } from './failures.ts';

const PHONE = '971500000001';
const details: RecoveryDetails = {
  country: 'AE',
  phoneInput: '500000001',
  method: 'full_name',
  answer: 'Layla Haddad',
};
const valid = { fullPhoneNumber: PHONE, isValid: true };
const filled = initialState(details);
const sending = transition(filled, { type: 'detailsSubmitted', phone: valid });
const code = transition(sending, { type: 'codeSent', at: 1000 });
const codeTyped = transition(code, { type: 'codeChanged', code: '123456' });
const verifying = transition(codeTyped, { type: 'codeSubmitted' });
const password = transition(verifying, { type: 'tokenReceived', token: 'reset_1' });
const GOOD = 'Sandbox-Pass2';

function withPassword(state: RecoveryFormState, pass: string, confirm = pass) {
  return transition(transition(state, { type: 'passwordChanged', password: pass }), {
    type: 'confirmChanged',
    confirm,
  });
}

describe('answers', () => {
  it('normalizes each kind of answer', () => {
    expect(normalizeAnswer('full_name', '  Layla   Haddad ')).toBe('Layla Haddad');
    expect(normalizeAnswer('email', ' Layla@Example.com ')).toBe('layla@example.com');
    expect(normalizeAnswer('national_id', '784-1990-١٢٣٤٥٦٧-1')).toBe('784199012345671');
  });

  it('checks the shape of each kind of answer', () => {
    expect(answerError('full_name', ' ')).toEqual({ key: 'recovery:form.fullName.required' });
    expect(answerError('full_name', 'Layla')).toBeUndefined();
    expect(answerError('email', '')).toEqual({ key: 'recovery:form.email.required' });
    expect(answerError('email', 'layla@')).toEqual({ key: 'fields:email.invalid' });
    expect(answerError('email', 'layla@example.com')).toBeUndefined();
    expect(answerError('national_id', '')).toEqual({ key: 'recovery:form.nationalId.required' });
    expect(answerError('national_id', '12-3')).toEqual({ key: 'recovery:form.nationalId.invalid' });
    expect(answerError('national_id', '784-1990')).toBeUndefined();
  });
});

describe('transition: details', () => {
  it('starts with an empty form for the UAE', () => {
    expect(initialState()).toEqual({
      view: 'details',
      details: { country: 'AE', phoneInput: '', method: 'full_name', answer: '' },
      fieldErrors: {},
      submitting: false,
      verified: undefined,
    });
  });

  it('shows the phone and answer errors at their fields', () => {
    const empty = transition(initialState(), {
      type: 'detailsSubmitted',
      phone: { fullPhoneNumber: '971', isValid: false },
    });
    expect(empty).toMatchObject({
      submitting: false,
      fieldErrors: {
        phone: { key: 'fields:phone.empty' },
        answer: { key: 'recovery:form.fullName.required' },
      },
    });
    const invalid = transition(initialState({ ...details, phoneInput: '12' }), {
      type: 'detailsSubmitted',
      phone: { fullPhoneNumber: '97112', isValid: false },
    });
    expect(invalid).toMatchObject({ fieldErrors: { phone: { key: 'fields:phone.invalid' } } });
  });

  it('keeps a field error until that field changes', () => {
    const failed = transition(initialState(), {
      type: 'detailsSubmitted',
      phone: { fullPhoneNumber: '', isValid: false },
    });
    const answered = transition(failed, {
      type: 'detailsChanged',
      details: { country: 'AE', phoneInput: '', method: 'full_name', answer: 'L' },
    });
    expect(answered).toMatchObject({ fieldErrors: { phone: { key: 'fields:phone.empty' } } });
    expect(answered).not.toHaveProperty('fieldErrors.answer');
    const phoned = transition(answered, {
      type: 'detailsChanged',
      details: { ...details, answer: 'L' },
    });
    expect(phoned).toMatchObject({ fieldErrors: {} });
  });

  it('keeps the answer error while the phone changes, drops it when the method changes', () => {
    const mismatch: RecoveryFormState = {
      view: 'details',
      details,
      fieldErrors: { answer: { key: 'error:INVALID_FULL_NAME' } },
      error: { key: 'error:default' },
      submitting: false,
      phoneNumber: undefined,
      verified: undefined,
    };
    expect(
      transition(mismatch, { type: 'detailsChanged', details: { ...details, phoneInput: '5' } }),
    ).toMatchObject({ fieldErrors: { answer: { key: 'error:INVALID_FULL_NAME' } } });
    expect(
      transition(mismatch, {
        type: 'detailsChanged',
        details: { ...details, method: 'email', answer: '' },
      }),
    ).toMatchObject({ fieldErrors: {} });
  });

  it('sends a code for valid details, and ignores changes while busy', () => {
    expect(sending).toMatchObject({
      view: 'details',
      submitting: true,
      phoneNumber: PHONE,
      fieldErrors: {},
    });
    expect(transition(sending, { type: 'detailsChanged', details })).toBe(sending);
    expect(transition(sending, { type: 'detailsSubmitted', phone: valid })).toBe(sending);
    expect(code).toEqual({
      view: 'code',
      details,
      phoneNumber: PHONE,
      code: '',
      sentAt: 1000,
      submitting: false,
    });
  });

  it('shows a refused number at the phone field and other send errors above the form', () => {
    expect(
      transition(sending, { type: 'codeSendFailed', failure: http(400, 'INVALID_PHONE_NUMBER') }),
    ).toMatchObject({
      submitting: false,
      fieldErrors: { phone: { key: 'fields:phone.invalidMobile' } },
    });
    expect(
      transition(sending, {
        type: 'codeSendFailed',
        failure: http(429, 'ERROR_RATE_LIMIT_REACHED'),
      }),
    ).toMatchObject({
      error: { dynamic: 'otp:error.ERROR_RATE_LIMIT_REACHED' },
    });
  });
});

describe('transition: code', () => {
  it('keeps only 6 digits of the code, any script', () => {
    expect(transition(code, { type: 'codeChanged', code: '١٢٣ 456 7' })).toMatchObject({
      code: '123456',
    });
  });

  it('asks for the whole code before verifying', () => {
    const short = transition(code, { type: 'codeChanged', code: '123' });
    expect(transition(short, { type: 'codeSubmitted' })).toMatchObject({
      submitting: false,
      error: undefined,
      fieldError: { key: 'fields:otp.required' },
    });
    expect(verifying).toMatchObject({ submitting: true, error: undefined });
    expect(transition(verifying, { type: 'codeChanged', code: '1' })).toBe(verifying);
    expect(transition(verifying, { type: 'codeSubmitted' })).toBe(verifying);
  });

  it('shows a wrong code at the field', () => {
    expect(
      transition(verifying, {
        type: 'codeRejected',
        failure: http(400, 'ERROR_INVALID_PIN_CODE'),
      }),
    ).toMatchObject({
      submitting: false,
      error: undefined,
      fieldError: { dynamic: 'otp:error.ERROR_INVALID_PIN_CODE' },
    });
    expect(transition(code, { type: 'codeRejected', failure: http(400) })).toBe(code);
  });

  it("shows INVALID_OTP ('OTP or phone number is wrong.') at the code field", () => {
    expect(
      transition(verifying, {
        type: 'tokenRefused',
        failure: http(400, 'INVALID_OTP'),
        verified: { phoneNumber: PHONE, verificationId: 'v1' },
      }),
    ).toMatchObject({
      view: 'code',
      submitting: false,
      error: undefined,
      fieldError: { dynamic: 'error:INVALID_OTP' },
    });
  });

  it('shows other token errors above the code form', () => {
    expect(
      transition(verifying, {
        type: 'tokenRefused',
        failure: http(500),
        verified: { phoneNumber: PHONE, verificationId: 'v1' },
      }),
    ).toMatchObject({
      view: 'code',
      error: { key: 'error:default' },
      fieldError: undefined,
    });
  });

  it('sends a wrong fact (or an unknown account) back to the details with the same message', () => {
    const verified = { phoneNumber: PHONE, verificationId: 'v1' };
    for (const message of ['INVALID_FULL_NAME', 'USER_NOT_FOUND']) {
      expect(
        transition(verifying, { type: 'tokenRefused', failure: http(400, message), verified }),
      ).toEqual({
        view: 'details',
        details,
        fieldErrors: { answer: { key: 'error:INVALID_FULL_NAME' } },
        submitting: false,
        verified,
      });
    }
    const byEmail = { ...verifying, details: { ...details, method: 'email' } } as RecoveryFormState;
    expect(
      transition(byEmail, { type: 'tokenRefused', failure: http(404, 'USER_NOT_FOUND'), verified }),
    ).toMatchObject({ fieldErrors: { answer: { key: 'error:INVALID_EMAIL' } } });
    const byId = {
      ...verifying,
      details: { ...details, method: 'national_id' },
    } as RecoveryFormState;
    expect(
      transition(byId, {
        type: 'tokenRefused',
        failure: http(400, 'INVALID_NATIONAL_ID'),
        verified,
      }),
    ).toMatchObject({ fieldErrors: { answer: { key: 'error:INVALID_NATIONAL_ID' } } });
  });

  it('reuses a kept verification for the same number only', () => {
    const verified = { phoneNumber: PHONE, verificationId: 'v1' };
    const back = transition(verifying, {
      type: 'tokenRefused',
      failure: http(400, 'INVALID_FULL_NAME'),
      verified,
    });
    expect(transition(back, { type: 'detailsSubmitted', phone: valid })).toMatchObject({
      submitting: true,
      phoneNumber: PHONE,
      verified,
    });
    expect(
      transition(back, {
        type: 'detailsSubmitted',
        phone: { fullPhoneNumber: '971500000002', isValid: true },
      }),
    ).toMatchObject({ submitting: true, phoneNumber: '971500000002', verified: undefined });
  });

  it('goes from a busy details step straight to the password, or back with errors', () => {
    const verified = { phoneNumber: PHONE, verificationId: 'v1' };
    const back = transition(verifying, {
      type: 'tokenRefused',
      failure: http(400, 'INVALID_FULL_NAME'),
      verified,
    });
    const busy = transition(back, { type: 'detailsSubmitted', phone: valid });
    expect(transition(busy, { type: 'tokenReceived', token: 't' }).view).toBe('password');
    expect(
      transition(busy, { type: 'tokenRefused', failure: http(400, 'INVALID_OTP'), verified }),
    ).toMatchObject({
      view: 'details',
      verified: undefined,
      error: { dynamic: 'error:INVALID_OTP' },
    });
  });

  it('resends a code, clearing the typed code', () => {
    const resending = transition(codeTyped, { type: 'resendRequested' });
    expect(resending).toMatchObject({ submitting: true });
    expect(transition(resending, { type: 'resendRequested' })).toBe(resending);
    expect(transition(resending, { type: 'codeSent', at: 70_000 })).toMatchObject({
      code: '',
      sentAt: 70_000,
      submitting: false,
      error: undefined,
    });
    expect(
      transition(resending, { type: 'codeSendFailed', failure: { kind: 'timeout' } }),
    ).toMatchObject({
      submitting: false,
      error: { key: 'common:timeout' },
      fieldError: undefined,
    });
  });

  it('goes back to change the details, dropping any verification', () => {
    expect(transition(code, { type: 'backToDetails' })).toEqual({
      view: 'details',
      details,
      fieldErrors: {},
      submitting: false,
      verified: undefined,
    });
    expect(transition(verifying, { type: 'backToDetails' })).toBe(verifying);
  });

  it('ignores code events outside their step', () => {
    expect(transition(filled, { type: 'codeSent', at: 1 })).toBe(filled);
    expect(transition(filled, { type: 'codeSendFailed', failure: http(500) })).toBe(filled);
    expect(transition(filled, { type: 'tokenReceived', token: 't' })).toBe(filled);
    expect(
      transition(filled, {
        type: 'tokenRefused',
        failure: http(500),
        verified: { phoneNumber: PHONE, verificationId: 'v' },
      }),
    ).toBe(filled);
  });
});

describe('transition: password', () => {
  it('starts empty and invalid', () => {
    expect(password).toMatchObject({
      view: 'password',
      token: 'reset_1',
      password: '',
      confirm: '',
      invalid: true,
      mismatch: false,
      submitting: false,
    });
  });

  it('lists each broken rule and a mismatch, valid when both match the rules', () => {
    expect(withPassword(password, 'abc', '')).toMatchObject({
      failed: ['minLength', 'uppercase', 'digit'],
      mismatch: false,
      invalid: true,
    });
    expect(withPassword(password, GOOD, 'Sandbox-Pass')).toMatchObject({
      failed: [],
      mismatch: true,
      invalid: true,
    });
    expect(withPassword(password, GOOD)).toMatchObject({ mismatch: false, invalid: false });
  });

  it('needs the robot check when required', () => {
    const required = transition(withPassword(password, GOOD), {
      type: 'recaptchaRequired',
      required: true,
    });
    expect(required).toMatchObject({ invalid: true });
    expect(transition(required, { type: 'passwordSubmitted' })).toBe(required);
    expect(transition(required, { type: 'recaptchaPassed', token: 'r' })).toMatchObject({
      invalid: false,
      recaptchaToken: 'r',
    });
  });

  it('submits, then is done', () => {
    const submitting = transition(withPassword(password, GOOD), { type: 'passwordSubmitted' });
    expect(submitting).toMatchObject({ submitting: true });
    expect(transition(submitting, { type: 'passwordChanged', password: 'x' })).toBe(submitting);
    expect(transition(submitting, { type: 'confirmChanged', confirm: 'x' })).toBe(submitting);
    expect(transition(submitting, { type: 'passwordChangedOnServer' })).toEqual({ view: 'done' });
    expect(transition(password, { type: 'passwordChangedOnServer' })).toBe(password);
  });

  it("shows 'Password is too weak.' at the field", () => {
    const submitting = transition(withPassword(password, GOOD), { type: 'passwordSubmitted' });
    expect(
      transition(submitting, { type: 'passwordRejected', failure: http(400, 'INVALID_PASSWORD') }),
    ).toMatchObject({
      submitting: false,
      error: undefined,
      fieldError: { dynamic: 'error:INVALID_PASSWORD' },
    });
  });

  it('starts again from the details when the token has expired', () => {
    const submitting = transition(withPassword(password, GOOD), { type: 'passwordSubmitted' });
    expect(
      transition(submitting, {
        type: 'passwordRejected',
        failure: http(400, 'INVALID_RESET_TOKEN'),
      }),
    ).toEqual({
      view: 'details',
      details,
      fieldErrors: {},
      error: { key: 'recovery:form.sessionExpired' },
      submitting: false,
      verified: undefined,
    });
  });

  it('drops a refused robot-check token', () => {
    const passed = transition(
      transition(withPassword(password, GOOD), { type: 'recaptchaRequired', required: true }),
      { type: 'recaptchaPassed', token: 'r' },
    );
    const submitting = transition(passed, { type: 'passwordSubmitted' });
    expect(
      transition(submitting, { type: 'passwordRejected', failure: http(400, 'INVALID_RECAPTCHA') }),
    ).toMatchObject({
      recaptchaToken: undefined,
      invalid: true,
      error: expect.anything(),
      fieldError: undefined,
    });
  });

  it('ignores password events outside the password step', () => {
    expect(transition(code, { type: 'passwordChanged', password: 'x' })).toBe(code);
    expect(transition(code, { type: 'confirmChanged', confirm: 'x' })).toBe(code);
    expect(transition(code, { type: 'recaptchaRequired', required: true })).toBe(code);
    expect(transition(code, { type: 'recaptchaPassed', token: 'r' })).toBe(code);
    expect(transition(code, { type: 'passwordSubmitted' })).toBe(code);
    expect(transition(code, { type: 'passwordRejected', failure: http(500) })).toBe(code);
  });
});

function fakeDeps(overrides: Partial<RecoveryFormDeps> = {}) {
  let now = 0;
  return {
    clock: {
      advance: (ms: number) => {
        now += ms;
      },
    },
    deps: {
      parsePhone: vi.fn<RecoveryFormDeps['parsePhone']>().mockResolvedValue(valid),
      sendCode: vi.fn<RecoveryFormDeps['sendCode']>().mockResolvedValue(undefined),
      verifyCode: vi.fn<RecoveryFormDeps['verifyCode']>().mockResolvedValue('v1'),
      createToken: vi.fn<RecoveryFormDeps['createToken']>().mockResolvedValue('reset_1'),
      resetPassword: vi.fn<RecoveryFormDeps['resetPassword']>().mockResolvedValue(undefined),
      now: () => now,
      go: vi.fn<RecoveryFormDeps['go']>(),
      track: vi.fn<NonNullable<RecoveryFormDeps['track']>>(),
      ...overrides,
    },
  };
}

describe('createRecoveryFormFlow', () => {
  it('runs the three steps end to end', async () => {
    const { deps } = fakeDeps();
    const flow = createRecoveryFormFlow(deps);
    flow.setDetails({ ...details, method: 'national_id', answer: '784-1990-1234567-1' });
    await flow.submitDetails();
    expect(deps.parsePhone).toHaveBeenCalledWith('AE', '500000001');
    expect(deps.sendCode).toHaveBeenCalledWith(PHONE);
    expect(flow.$state.get().view).toBe('code');
    flow.setCode('123456');
    await flow.submitCode();
    expect(deps.verifyCode).toHaveBeenCalledWith(PHONE, '123456');
    expect(deps.createToken).toHaveBeenCalledWith({
      phoneNumber: PHONE,
      verificationId: 'v1',
      challenges: [
        { challengeIdentifier: 'NATIONAL_ID_CHALLENGE', challengeAnswer: '784199012345671' },
      ],
    });
    expect(flow.$state.get().view).toBe('password');
    flow.setPassword(GOOD);
    flow.setConfirm(GOOD);
    await flow.submitPassword();
    expect(deps.resetPassword).toHaveBeenCalledWith({ token: 'reset_1', password: GOOD });
    expect(flow.$state.get()).toEqual({ view: 'done' });
    expect(deps.go).toHaveBeenCalledWith('/password_success');
    expect(deps.track).toHaveBeenNthCalledWith(1, 'code_sent');
    expect(deps.track).toHaveBeenNthCalledWith(2, 'token');
    expect(deps.track).toHaveBeenNthCalledWith(3, 'changed');
    flow.destroy();
  });

  it('sends the robot-check token with the password when required', async () => {
    const { deps } = fakeDeps();
    const flow = createRecoveryFormFlow(deps, password);
    flow.setPassword(GOOD);
    flow.setConfirm(GOOD);
    flow.requireRecaptcha(true);
    await flow.submitPassword();
    expect(deps.resetPassword).not.toHaveBeenCalled();
    flow.passRecaptcha('r1');
    await flow.submitPassword();
    expect(deps.resetPassword).toHaveBeenCalledWith({
      token: 'reset_1',
      password: GOOD,
      recaptchaToken: 'r1',
    });
  });

  it('sends nothing for invalid details', async () => {
    const { deps } = fakeDeps({
      parsePhone: vi.fn().mockResolvedValue({ fullPhoneNumber: '9715', isValid: false }),
    });
    const flow = createRecoveryFormFlow(deps, initialState(details));
    await flow.submitDetails();
    expect(deps.sendCode).not.toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({
      fieldErrors: { phone: { key: 'fields:phone.invalid' } },
    });
  });

  it('corrects a wrong fact without a new code', async () => {
    const createToken = vi
      .fn<RecoveryFormDeps['createToken']>()
      .mockRejectedValueOnce(new ApiError(http(400, 'INVALID_FULL_NAME')))
      .mockResolvedValueOnce('reset_2');
    const { deps } = fakeDeps({ createToken });
    const flow = createRecoveryFormFlow(deps, initialState({ ...details, answer: 'Wrong' }));
    await flow.submitDetails();
    flow.setCode('123456');
    await flow.submitCode();
    expect(flow.$state.get()).toMatchObject({
      view: 'details',
      fieldErrors: { answer: { key: 'error:INVALID_FULL_NAME' } },
    });
    flow.setDetails(details);
    await flow.submitDetails();
    expect(deps.sendCode).toHaveBeenCalledTimes(1);
    expect(deps.verifyCode).toHaveBeenCalledTimes(1);
    expect(createToken).toHaveBeenLastCalledWith({
      phoneNumber: PHONE,
      verificationId: 'v1',
      challenges: [{ challengeIdentifier: 'FULL_NAME_CHALLENGE', challengeAnswer: 'Layla Haddad' }],
    });
    expect(flow.$state.get()).toMatchObject({ view: 'password', token: 'reset_2' });
  });

  it('does not ask for the token after a wrong code', async () => {
    const { deps } = fakeDeps({
      verifyCode: vi.fn().mockRejectedValue(new ApiError(http(400, 'ERROR_INVALID_PIN_CODE'))),
    });
    const flow = createRecoveryFormFlow(deps, code);
    flow.setCode('000000');
    await flow.submitCode();
    expect(deps.createToken).not.toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({ view: 'code', fieldError: expect.anything() });
  });

  it('resends only after 60 seconds', async () => {
    const { deps, clock } = fakeDeps();
    const flow = createRecoveryFormFlow(deps, initialState(details));
    await flow.submitDetails();
    clock.advance(RESEND_AFTER_S * 1000 - 1);
    await flow.resend();
    expect(deps.sendCode).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await flow.resend();
    expect(deps.sendCode).toHaveBeenCalledTimes(2);
    expect(flow.$state.get()).toMatchObject({ view: 'code', sentAt: RESEND_AFTER_S * 1000 });
  });

  it('goes back to the details from the code step', () => {
    const { deps } = fakeDeps();
    const flow = createRecoveryFormFlow(deps, code);
    flow.back();
    expect(flow.$state.get()).toMatchObject({ view: 'details', details });
  });

  it('keeps the password step with the message when the reset fails', async () => {
    const { deps } = fakeDeps({
      resetPassword: vi.fn().mockRejectedValue(new ApiError(http(400, 'INVALID_PASSWORD'))),
    });
    const flow = createRecoveryFormFlow(deps, password);
    flow.setPassword(GOOD);
    flow.setConfirm(GOOD);
    await flow.submitPassword();
    expect(flow.$state.get()).toMatchObject({ view: 'password', fieldError: expect.anything() });
    expect(deps.go).not.toHaveBeenCalled();
  });

  it('ignores actions that do not apply to the step', async () => {
    const { deps } = fakeDeps();
    const flow = createRecoveryFormFlow(deps, code);
    await flow.submitDetails();
    await flow.submitPassword();
    expect(deps.parsePhone).not.toHaveBeenCalled();
    expect(deps.resetPassword).not.toHaveBeenCalled();
    const other = createRecoveryFormFlow(deps, initialState(details));
    await other.resend();
    await other.submitCode();
    expect(deps.sendCode).not.toHaveBeenCalled();
    expect(deps.verifyCode).not.toHaveBeenCalled();
  });
});
