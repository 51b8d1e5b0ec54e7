import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../../../../src/api/errors.ts';
import {
  EMPTY_ANSWERS,
  initialState,
  isTryAnotherWayVisible,
  type LoginState,
  isWaiting,
} from '../../../../../src/stores/flows/login/index.ts';
import { transition } from '../../../../../src/stores/flows/login/transition.ts';
import { http } from '../failures.ts';
import { challenge, DETAILS } from './answers.ts';

/** A phone attempt in flight. */
function submittingPhone(): LoginState {
  return transition(initialState(), {
    type: 'submitted',
    attempt: { kind: 'phone', phone: '971500000001' },
  });
}

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
      handoff: { fullMobileNumber: '971500000001' },
    });
    expect(state).not.toHaveProperty('handoff.otp');
  });

  it('hands sign-up the id of the code that proved the number (review M3)', () => {
    const verified = transition(submittingPhone(), { type: 'otpVerified', id: 'verification-7' });
    const state = transition(verified, {
      type: 'failed',
      failure: http(400, { error: 'unregistered_user' }),
    });
    expect(state).toMatchObject({
      view: 'redirect_to_signup',
      handoff: { fullMobileNumber: '971500000001', otp: 'verification-7' },
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

  it('opens the payment blocks by their reason', () => {
    for (const [reason, variant] of [
      ['cash_trip_underpayment', 'USER_BLOCKED_CASH_UNDERPAYMENT'],
      ['outstanding_payments', 'USER_BLOCKED_OUTSTANDING_PAYMENTS'],
    ] as const) {
      const state = transition(submittingPhone(), {
        type: 'failed',
        failure: http(400, {
          error: 'USER_BLOCKED',
          error_code: 'US-0068',
          additional_information: { block_reason: reason },
        }),
      });
      expect(state).toMatchObject({ view: 'redirect_to_blocked_user', variant, submitting: false });
      // Back to sign-in: the first view, the number kept.
      expect(transition(state, { type: 'back' })).toMatchObject({ view: 'phone_form' });
    }
  });

  it('holds the action through a wait, then lets it go', () => {
    const until = 1_800_000;
    const locked = transition(submittingPhone(), {
      type: 'failed',
      failure: http(400, { error_code: 'US-0013', additional_information: { retry_after: 1800 } }),
      wait: { until },
    });
    expect(locked).toMatchObject({
      submitting: false,
      wait: { until },
      error: { key: 'spring_security_error:USER_TEMPORARILY_BLOCKED' },
    });
    expect(isWaiting(locked)).toBe(true);
    // A submit while the wait holds is refused.
    expect(transition(locked, { type: 'submitted' })).toBe(locked);
    const over = transition(locked, { type: 'waitOver' });
    expect(over.wait).toBeUndefined();
    expect(over.error).toBeUndefined();
    expect(transition(over, { type: 'submitted' }).submitting).toBe(true);
    // Another number is another person: the wait no longer holds.
    const typed = transition(locked, {
      type: 'phoneChanged',
      value: { country: 'AE', input: '500000002' },
    });
    expect(isWaiting(typed)).toBe(false);
    // A wait without a time is said, and does not hold the action back.
    const unknown = transition(submittingPhone(), {
      type: 'failed',
      failure: http(400, { error_code: 'US-0150' }),
      wait: { until: undefined },
    });
    expect(isWaiting(unknown)).toBe(false);
    expect(transition(unknown, { type: 'submitted' }).submitting).toBe(true);
    // A wait kept from an earlier load holds with its own message.
    expect(transition(submittingPhone(), { type: 'waitRestored', wait: { until } })).toMatchObject({
      submitting: false,
      wait: { until },
      error: { key: 'common:wait.kept' },
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
      [
        http(400, { error: 'weird', message: 'Server says no' }),
        { text: 'Server says no', fallback: 'spring_security_error:ERROR_UNKNOWN' },
      ],
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
      handoff: { appleIdToken: 'apple-token', email: 'new.apple@example.com' },
    });
    const fromGoogle = transition(
      transition(initialState(), {
        type: 'submitted',
        attempt: { kind: 'google', idToken: 'g' },
      }),
      { type: 'failed', failure: http(400, { error: 'unregistered_user' }) },
    );
    expect(fromGoogle).toMatchObject({ handoff: { googleIdToken: 'g' } });
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
