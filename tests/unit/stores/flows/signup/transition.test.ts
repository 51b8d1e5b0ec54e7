import { describe, expect, it } from 'vitest';
import { transition } from '../../../../../src/stores/flows/signup/transition.ts';
import { proofFor, visibleOf } from '../../../../../src/stores/flows/signup/index.ts';
import { code, PHONE, run, init, onOtp, onboarding } from './states.ts';

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
