import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OneClickLoginBody } from '../../../../../src/contract/identity-api.ts';
import { parseCheckout } from '../../../../../src/lib/promo.ts';
import {
  appLink,
  canResend,
  initialState,
  loginOtpHref,
  nextTickAt,
  noticeIn,
  ONE_CLICK_GUARD,
  oneClickLoginBody,
  transition,
  pollDelay,
  PUSH_RESEND_SECONDS,
  resendIn,
  SENT_NOTICE_SECONDS,
  SENT_TICK_MS,
  showsSentTick,
  type OneClickState,
  type WaitingState,
} from '../../../../../src/stores/flows/one-click/index.ts';
import { http } from '../failures.ts';

const ACR =
  'merchant:Cafe%20Sandbox invoice_id:INV-7 promoValue:10 promoType:% promoOutcome:CASHBACK';
const checkout = parseCheckout(ACR);
const PHONE = '971500000011';
const approval = (id: string) => ({ id, web_deeplink: `masar://login/approve-request/${id}` });

function phoneForm(patch: Partial<OneClickState> = {}): OneClickState {
  return { ...initialState(checkout), ...patch } as OneClickState;
}

function waiting(patch: Partial<WaitingState> = {}): WaitingState {
  return {
    ...initialState(checkout),
    view: 'push_notification',
    phone: PHONE,
    approval: approval('apr-1'),
    retries: 0,
    sentAt: 1000,
    now: 1000,
    submitting: false,
    confirming: false,
    error: undefined,
    ...patch,
  };
}

const attempt = { key: 'k-1', phone: PHONE, isRetry: false };

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------

describe('one-click transition', () => {
  it('starts on the phone form with the checkout; the device chooses the wait view', () => {
    const state = transition(initialState(), {
      type: 'initialized',
      checkout,
      prefersApp: true,
    });
    expect(state).toMatchObject({
      view: 'phone_form',
      checkout,
      prefersApp: true,
      remember: false,
    });
  });

  it('edits the phone and the remember box only on an idle phone form', () => {
    const value = { country: 'AE' as const, input: '500000011' };
    const edited = transition(phoneForm({ fieldError: { key: 'fields:phone.empty' } }), {
      type: 'phoneChanged',
      value,
    });
    expect(edited).toMatchObject({ phoneInput: value, fieldError: undefined });
    expect(transition(edited, { type: 'rememberChanged', value: true }).remember).toBe(true);
    const busy = phoneForm({ submitting: true });
    expect(transition(busy, { type: 'phoneChanged', value })).toBe(busy);
    expect(transition(busy, { type: 'rememberChanged', value: true })).toBe(busy);
    const wait = waiting();
    expect(transition(wait, { type: 'phoneChanged', value })).toBe(wait);
    expect(transition(wait, { type: 'invalid', error: { key: 'fields:phone.empty' } })).toBe(wait);
  });

  it('shows a field error, and submits once', () => {
    const invalid = transition(phoneForm(), {
      type: 'invalid',
      error: { key: 'fields:phone.empty' },
    });
    expect(invalid).toMatchObject({ fieldError: { key: 'fields:phone.empty' } });
    const submitted = transition(invalid, { type: 'submitted', attempt });
    expect(submitted).toMatchObject({ submitting: true, attempt, fieldError: undefined });
    expect(transition(submitted, { type: 'submitted', attempt: { ...attempt, key: 'k-2' } })).toBe(
      submitted,
    );
  });

  it('opens the push wait (or confirm-via-app on a phone) when the push is sent', () => {
    const submitted = transition(phoneForm(), { type: 'submitted', attempt });
    const sent = transition(submitted, {
      type: 'pushSent',
      approval: approval('apr-1'),
      now: 5000,
    });
    expect(sent).toMatchObject({
      view: 'push_notification',
      phone: PHONE,
      approval: approval('apr-1'),
      retries: 0,
      sentAt: 5000,
      now: 5000,
      attempt: undefined,
    });
    const onPhone = transition(
      { ...submitted, prefersApp: true },
      { type: 'pushSent', approval: approval('apr-1'), now: 5000 },
    );
    expect(onPhone.view).toBe('confirm_via_app');
    // A push nobody asked for is ignored.
    expect(
      transition(phoneForm(), { type: 'pushSent', approval: approval('x'), now: 0 }),
    ).toMatchObject({ view: 'phone_form' });
  });

  it('goes to the login OTP view on an OTP challenge', () => {
    const submitted = transition(phoneForm(), { type: 'submitted', attempt });
    const state = transition(submitted, {
      type: 'otpChallenged',
      href: '/login?view=otp',
      phone: PHONE,
    });
    expect(state).toMatchObject({
      view: 'redirect_to_otp',
      href: '/login?view=otp',
      phone: PHONE,
      reason: 'otp_challenge',
    });
    expect(transition(phoneForm(), { type: 'otpChallenged', href: '/x', phone: PHONE }).view).toBe(
      'phone_form',
    );
  });

  it('invalid_user: login OTP with the sign-up flag, the sign-up view without', () => {
    const submitted = transition(phoneForm(), { type: 'submitted', attempt });
    expect(
      transition(submitted, { type: 'invalidUser', phone: PHONE, signupHref: '/login?x' }),
    ).toMatchObject({ view: 'redirect_to_otp', reason: 'signup', href: '/login?x' });
    expect(
      transition(submitted, { type: 'invalidUser', phone: PHONE, signupHref: undefined }),
    ).toMatchObject({ view: 'redirect_to_signup' });
    const idle = phoneForm();
    expect(transition(idle, { type: 'invalidUser', phone: PHONE, signupHref: undefined })).toBe(
      idle,
    );
  });

  it('keeps the form, the error and the key when the login got no answer', () => {
    const submitted = transition(phoneForm(), { type: 'submitted', attempt });
    const state = transition(submitted, { type: 'failed', failure: { kind: 'timeout' } });
    expect(state).toMatchObject({
      view: 'phone_form',
      submitting: false,
      attempt,
      error: { key: 'common:timeout' },
    });
  });

  it('shows the error screen for a server answer (section 8 one-click errors)', () => {
    const submitted = transition(phoneForm(), { type: 'submitted', attempt });
    const blocked = transition(submitted, {
      type: 'failed',
      failure: http(400, { additional_information: { error_code: 'US-0068' } }),
    });
    expect(blocked).toMatchObject({
      view: 'error',
      attempt: undefined,
      error: { key: 'spring_security_error:USER_BLOCKED' },
    });
    const message = transition(submitted, {
      type: 'failed',
      failure: http(500, { errorMessage: 'Down for maintenance' }),
    });
    expect(message).toMatchObject({ view: 'error', error: { text: 'Down for maintenance' } });
    const none = transition(submitted, { type: 'failed', failure: http(502) });
    expect(none).toMatchObject({ error: { key: 'spring_security_error:NO_RESPONSE' } });
    // Not submitting: nothing to fail.
    const idle = phoneForm();
    expect(transition(idle, { type: 'failed', failure: http(500) })).toBe(idle);
  });

  it('derives the countdowns from the clock: resend 90 s, sent line 92 s, tick 2 s', () => {
    const state = waiting({ sentAt: 0, now: 0 });
    expect(PUSH_RESEND_SECONDS).toBe(90);
    expect(SENT_NOTICE_SECONDS).toBe(92);
    expect(SENT_TICK_MS).toBe(2000);
    expect(resendIn(state)).toBe(90);
    expect(noticeIn(state)).toBe(92);
    expect(showsSentTick(state)).toBe(true);
    const later = transition(state, { type: 'tick', now: 2000 }) as WaitingState;
    expect(showsSentTick(later)).toBe(false);
    expect(resendIn(later)).toBe(88);
    expect(canResend(later)).toBe(false);
    const done = transition(state, { type: 'tick', now: 90_000 }) as WaitingState;
    expect(resendIn(done)).toBe(0);
    expect(noticeIn(done)).toBe(2);
    expect(canResend(done)).toBe(true);
    expect(nextTickAt(done)).toBe(91_000);
    expect(nextTickAt({ ...done, now: 92_000 })).toBeUndefined();
    expect(nextTickAt({ ...done, now: 500 })).toBe(1000);
    // A tick with the same time, or outside the wait, changes nothing.
    expect(transition(state, { type: 'tick', now: 0 })).toBe(state);
    const form = phoneForm();
    expect(transition(form, { type: 'tick', now: 5 })).toBe(form);
  });

  it('starts a resend only when it is allowed', () => {
    const early = waiting({ sentAt: 0, now: 10_000 });
    const retry = { key: 'k-2', phone: PHONE, isRetry: true };
    expect(transition(early, { type: 'resendStarted', attempt: retry })).toBe(early);
    const ready = waiting({ sentAt: 0, now: 90_000 });
    const submitting = transition(ready, { type: 'resendStarted', attempt: retry });
    expect(submitting).toMatchObject({ submitting: true, attempt: retry });
    expect(transition(submitting, { type: 'resendStarted', attempt: retry })).toBe(submitting);
    const sent = transition(submitting, {
      type: 'pushSent',
      approval: approval('apr-2'),
      now: 95_000,
    });
    expect(sent).toMatchObject({
      view: 'push_notification',
      approval: approval('apr-2'),
      retries: 1,
      sentAt: 95_000,
      submitting: false,
      attempt: undefined,
    });
    // The resend got no answer: the wait stays, with the message and the key.
    const dropped = transition(submitting, { type: 'failed', failure: { kind: 'network' } });
    expect(dropped).toMatchObject({
      view: 'push_notification',
      submitting: false,
      attempt: retry,
      error: { key: 'common:networkError' },
    });
    const refused = transition(submitting, { type: 'failed', failure: http(500) });
    expect(refused).toMatchObject({ view: 'error' });
    // Not submitting: a failure changes nothing.
    expect(transition(ready, { type: 'failed', failure: http(500) })).toBe(ready);
  });

  it('confirms: proof token, then the identity service; a failed proof is a rejected user', () => {
    const confirming = transition(waiting(), { type: 'confirmed' });
    expect(confirming).toMatchObject({ confirming: true });
    expect(transition(confirming, { type: 'confirmed' })).toBe(confirming);
    expect(transition(confirming, { type: 'proofIssued', token: 'pt-1' })).toMatchObject({
      view: 'redirect_to_idp',
      token: 'pt-1',
    });
    expect(transition(confirming, { type: 'proofFailed' }).view).toBe('rejected_user');
    // No proof without a confirmation.
    const wait = waiting();
    expect(transition(wait, { type: 'proofIssued', token: 'x' })).toBe(wait);
    expect(transition(wait, { type: 'proofFailed' })).toBe(wait);
    // Once confirmed, a late reject does not undo it.
    expect(transition(confirming, { type: 'rejected', reason: 'rejected' })).toBe(confirming);
  });

  it('rejects: max tries, change phone (back to the form, number kept), or rejected user', () => {
    const typed = { country: 'AE' as const, input: '500000017' };
    const wait = waiting({ phoneInput: typed, remember: true });
    expect(transition(wait, { type: 'rejected', reason: 'maxTriesReached' }).view).toBe(
      'max_tries_reached',
    );
    expect(transition(wait, { type: 'rejected', reason: 'changePhone' })).toMatchObject({
      view: 'phone_form',
      phoneInput: typed,
      remember: true,
      submitting: false,
    });
    expect(transition(wait, { type: 'rejected', reason: 'rejected' }).view).toBe('rejected_user');
    const form = phoneForm();
    expect(transition(form, { type: 'rejected', reason: 'rejected' })).toBe(form);
  });

  it('switches between the push wait and confirm-via-app', () => {
    const wait = waiting();
    const app = transition(wait, { type: 'switchedTo', view: 'confirm_via_app' });
    expect(app).toMatchObject({ view: 'confirm_via_app', approval: wait.approval });
    expect(transition(app, { type: 'switchedTo', view: 'confirm_via_app' })).toBe(app);
    const form = phoneForm();
    expect(transition(form, { type: 'switchedTo', view: 'confirm_via_app' })).toBe(form);
  });

  it('restarts from an ending, never from a form or the wait', () => {
    const wait = waiting();
    for (const view of ['rejected_user', 'max_tries_reached', 'redirect_to_signup'] as const) {
      const ended = transition(wait, { type: 'rejected', reason: 'rejected' });
      expect(transition({ ...ended, view }, { type: 'restarted' }).view).toBe('phone_form');
    }
    expect(transition(wait, { type: 'restarted' })).toBe(wait);
    const form = phoneForm();
    expect(transition(form, { type: 'restarted' })).toBe(form);
  });

  it('polls every 1 s for the first 2 polls, then every 5 s', () => {
    expect([0, 1, 2, 3, 10].map(pollDelay)).toEqual([1000, 1000, 5000, 5000, 5000]);
  });

  it('builds the login OTP address, the payload and the app link', () => {
    expect(loginOtpHref('en', PHONE, {})).toBe('/login?view=otp&fullMobileNumber=971500000011');
    const href = loginOtpHref('ar', PHONE, { clientId: 'sandbox-web', acrValues: ACR, csrf: 'c1' });
    const url = new URL(href, 'https://x.test');
    expect(url.pathname).toBe('/ar/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      view: 'otp',
      fullMobileNumber: PHONE,
      clientId: 'sandbox-web',
      acr_values: ACR,
      csrf: 'c1',
    });
    const body: OneClickLoginBody = oneClickLoginBody(PHONE, true, checkout);
    expect(body).toEqual({
      phone_number: PHONE,
      guard: ONE_CLICK_GUARD,
      is_retry: true,
      external_params: {
        merchant: 'Cafe Sandbox',
        invoice_id: 'INV-7',
        promoValue: '10',
        promoType: '%',
        promoOutcome: 'CASHBACK',
      },
    });
    expect(appLink(approval('a'))).toBe('masar://login/approve-request/a');
    expect(appLink({ id: 'a', web_deeplink: 'javascript:alert(1)' })).toBeUndefined();
    expect(appLink({ id: 'a', web_deeplink: 'https://evil.example/' })).toBeUndefined();
  });
});
