import { describe, expect, it } from 'vitest';
import {
  transition,
  type RecoveryFormState,
} from '../../../../../src/stores/flows/recovery-form/index.ts';
import { http } from '../failures.ts';
import { PHONE, details, valid, filled, code, codeTyped, verifying } from './states.ts';

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
        phone: { digits: '971500000002', country: 'AE' },
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
