import { describe, expect, it } from 'vitest';
import {
  answerError,
  initialState,
  normalizeAnswer,
  transition,
  type RecoveryFormState,
} from '../../../../../src/stores/flows/recovery-form/index.ts';
import { http } from '../failures.ts';
import { PHONE, details, valid, sending, code, password, GOOD } from './states.ts';

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
      phone: undefined,
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
      phone: undefined,
    });
    expect(invalid).toMatchObject({ fieldErrors: { phone: { key: 'fields:phone.invalid' } } });
  });

  it('keeps a field error until that field changes', () => {
    const failed = transition(initialState(), {
      type: 'detailsSubmitted',
      phone: undefined,
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
