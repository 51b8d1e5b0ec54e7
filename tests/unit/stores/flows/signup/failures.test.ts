import { describe, expect, it } from 'vitest';
// The whole transition, failures routed by their table (the flow's once its effects are here).
import { transition } from '../../../../../src/stores/flows/signup/transition.ts';
import { http } from '../failures.ts';
import { code, run, init, onboarding } from './states.ts';

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

  it("any other challenge says 'Provide: …' in words; an unknown one the spec's form in English only", () => {
    const asked = (challenge: string) =>
      transition(onboarding(), {
        type: 'failed',
        failure: http(400, { error: 'challenge_required', additional_information: { challenge } }),
      });
    expect(asked('email')).toMatchObject({
      view: 'signup_form',
      error: { key: 'signup:error.challenge.email' },
    });
    expect(asked('face_scan')).toMatchObject({
      view: 'signup_form',
      error: { text: 'Provide: face_scan', fallback: 'spring_security_error:ERROR_UNKNOWN' },
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
    ).toEqual({ text: 'Something odd', fallback: 'spring_security_error:ERROR_UNKNOWN' });
    expect(
      transition(onboarding(), {
        type: 'failed',
        failure: http(400, { error: 'odd', message: 'Odd message' }),
      }).error,
    ).toEqual({ text: 'Odd message', fallback: 'spring_security_error:ERROR_UNKNOWN' });
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
