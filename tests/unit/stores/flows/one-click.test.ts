import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiFailure } from '../../../../src/api/errors.ts';
import type { OneClickAnswer } from '../../../../src/api/one-click.ts';
import { STORES } from '../../../../src/config.ts';
import type { ApproveStatus, OneClickLoginBody } from '../../../../src/contract/identity-api.ts';
import { parseCheckout } from '../../../../src/lib/promo.ts';
import {
  appLink,
  canResend,
  createOneClickFlow,
  initialState,
  isWaiting,
  loginOtpHref,
  MAX_PUSH_RETRIES,
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
  type OneClickDeps,
  type OneClickState,
  type PageVisibility,
  type WaitingState,
} from '../../../../src/stores/flows/one-click/index.ts';
import { http } from './failures.ts';

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

// ---------------------------------------------------------------------------------------------
// The flow, with fake timers

interface Harness {
  deps: OneClickDeps;
  logins: { body: OneClickLoginBody; key: string; idpClientId: string | undefined }[];
  polls: string[];
  navigate: ReturnType<typeof vi.fn>;
  track: ReturnType<typeof vi.fn>;
  page: ReturnType<typeof vi.fn>;
  proof: ReturnType<typeof vi.fn<OneClickDeps['proof']>>;
  setHidden: (hidden: boolean) => void;
  statuses: Map<string, ApproveStatus>;
  answers: (OneClickAnswer | ApiFailure)[];
  signupFlag: { value: boolean };
}

function harness(options: { userAgent?: string } = {}): Harness {
  let ids = 0;
  let keys = 0;
  let hidden = false;
  const listeners = new Set<() => void>();
  const visibility: PageVisibility = {
    hidden: () => hidden,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const logins: Harness['logins'] = [];
  const polls: string[] = [];
  const statuses = new Map<string, ApproveStatus>();
  const answers: (OneClickAnswer | ApiFailure)[] = [];
  const signupFlag = { value: false };
  const navigate = vi.fn();
  const track = vi.fn();
  const page = vi.fn();
  const proof = vi.fn<OneClickDeps['proof']>((id) => Promise.resolve(`pt-${id}`));
  const deps: OneClickDeps = {
    locale: 'en',
    login: (body, context) => {
      logins.push({ body, key: context.idempotencyKey, idpClientId: context.idpClientId });
      const next = answers.shift();
      if (next && 'kind' in next && next.kind !== 'otp' && next.kind !== 'push') {
        return Promise.reject(new ApiError(next));
      }
      if (next) return Promise.resolve(next);
      ids += 1;
      return Promise.resolve({ kind: 'push', approval: approval(`apr-${ids}`) });
    },
    status: (id) => {
      polls.push(id);
      return Promise.resolve(statuses.get(id) ?? 'pending');
    },
    proof,
    validatePhone: (value) =>
      Promise.resolve(/^5\d{8}$/.test(value.input) ? `971${value.input}` : undefined),
    oneClickSignup: () => Promise.resolve(signupFlag.value),
    navigate,
    analytics: { page, track, flush: () => Promise.resolve() },
    profiling: () => ({ platform: 'web' }),
    newKey: () => {
      keys += 1;
      return `key-${keys}`;
    },
    scheduler: {
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    visibility,
    ...(options.userAgent ? { device: { userAgent: options.userAgent } } : {}),
  };
  return {
    deps,
    logins,
    polls,
    navigate,
    track,
    page,
    proof,
    statuses,
    answers,
    signupFlag,
    setHidden: (value) => {
      hidden = value;
      for (const listener of listeners) listener();
    },
  };
}

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

async function started(h: Harness, input = '500000011') {
  const flow = createOneClickFlow(h.deps);
  flow.init({ checkout, acrValues: ACR, clientId: 'sandbox-web' });
  flow.changePhone({ country: 'AE', input });
  await flow.submit();
  return flow;
}

const waitingState = (flow: ReturnType<typeof createOneClickFlow>): WaitingState => {
  const state = flow.$state.get();
  if (!isWaiting(state)) throw new Error(`not waiting: ${state.view}`);
  return state;
};

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one-click flow', () => {
  it('validates the phone: empty, then invalid', async () => {
    const h = harness();
    const flow = createOneClickFlow(h.deps);
    flow.init({ checkout });
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({ fieldError: { key: 'fields:phone.empty' } });
    flow.changePhone({ country: 'AE', input: '12' });
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({ fieldError: { key: 'fields:phone.invalidMobile' } });
    expect(h.logins).toEqual([]);
    expect(h.page).toHaveBeenCalledWith('welcome', 'one_click');
    flow.destroy();
  });

  it('sends the login with the guard, the checkout, a key and the idp client id', async () => {
    const h = harness({ userAgent: DESKTOP });
    const flow = await started(h);
    expect(h.logins).toEqual([
      {
        body: oneClickLoginBody(PHONE, false, checkout),
        key: 'key-1',
        idpClientId: 'sandbox-web',
      },
    ]);
    expect(waitingState(flow)).toMatchObject({ view: 'push_notification', retries: 0 });
    expect(h.track).toHaveBeenCalledWith('one_click_push_sent', { flow: 'one_click' });
    for (const call of h.track.mock.calls) expect(JSON.stringify(call)).not.toContain(PHONE);
    flow.destroy();
  });

  it('opens confirm-via-app on a phone', async () => {
    const h = harness({ userAgent: ANDROID });
    const flow = await started(h);
    expect(flow.$state.get().view).toBe('confirm_via_app');
    flow.destroy();
  });

  it('polls after 1 s, 1 s, then every 5 s, and stops on confirmed with the proof', async () => {
    const h = harness();
    const flow = await started(h);
    const at: number[] = [];
    const start = Date.now();
    h.deps.status = (id) => {
      at.push(Date.now() - start);
      h.polls.push(id);
      return Promise.resolve(h.statuses.get(id) ?? 'pending');
    };
    await vi.advanceTimersByTimeAsync(17_000);
    expect(at).toEqual([1000, 2000, 7000, 12_000, 17_000]);
    h.statuses.set('apr-1', 'confirmed');
    await vi.advanceTimersByTimeAsync(5000);
    expect(at).toEqual([1000, 2000, 7000, 12_000, 17_000, 22_000]);
    expect(h.proof).toHaveBeenCalledWith(
      'apr-1',
      { platform: 'web' },
      { idpClientId: 'sandbox-web' },
    );
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', token: 'pt-apr-1' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(at).toHaveLength(6);
    expect(vi.getTimerCount()).toBe(0);
    flow.destroy();
  });

  it('a failed proof is a rejected user', async () => {
    const h = harness();
    h.proof.mockRejectedValue(new ApiError(http(400)));
    const flow = await started(h);
    h.statuses.set('apr-1', 'confirmed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(flow.$state.get().view).toBe('rejected_user');
    flow.destroy();
  });

  it("stops on 'rejected' with the rejected-user view", async () => {
    const h = harness();
    const flow = await started(h);
    await vi.advanceTimersByTimeAsync(2000);
    h.statuses.set('apr-1', 'rejected');
    await vi.advanceTimersByTimeAsync(5000);
    expect(flow.$state.get().view).toBe('rejected_user');
    expect(h.track).toHaveBeenCalledWith('one_click_rejected', {
      flow: 'one_click',
      properties: { reason: 'rejected' },
    });
    const polls = h.polls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.polls).toHaveLength(polls);
    expect(vi.getTimerCount()).toBe(0);
    flow.destroy();
  });

  it('keeps polling through failed polls; an unknown request is rejected', async () => {
    const h = harness();
    const flow = await started(h);
    let calls = 0;
    h.deps.status = () => {
      calls += 1;
      return Promise.reject(new ApiError(calls < 3 ? { kind: 'timeout' } : http(404)));
    };
    await vi.advanceTimersByTimeAsync(2000);
    expect(flow.$state.get().view).toBe('push_notification');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(3);
    expect(flow.$state.get().view).toBe('rejected_user');
    flow.destroy();
  });

  it('counts the resend hold down from 90 s, the sent line from 92 s, the tick for 2 s', async () => {
    const h = harness();
    const flow = await started(h);
    expect(resendIn(waitingState(flow))).toBe(90);
    expect(noticeIn(waitingState(flow))).toBe(92);
    expect(showsSentTick(waitingState(flow))).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(resendIn(waitingState(flow))).toBe(89);
    expect(showsSentTick(waitingState(flow))).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(showsSentTick(waitingState(flow))).toBe(false);
    await vi.advanceTimersByTimeAsync(87_000);
    expect(resendIn(waitingState(flow))).toBe(1);
    expect(canResend(waitingState(flow))).toBe(false);
    await flow.resend();
    expect(h.logins).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(resendIn(waitingState(flow))).toBe(0);
    expect(noticeIn(waitingState(flow))).toBe(2);
    expect(canResend(waitingState(flow))).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(noticeIn(waitingState(flow))).toBe(0);
    flow.destroy();
  });

  it('resend re-issues the login with is_retry=true, a new key and a new id, polled afresh', async () => {
    const h = harness();
    const flow = await started(h);
    await vi.advanceTimersByTimeAsync(PUSH_RESEND_SECONDS * 1000);
    h.polls.length = 0;
    await flow.resend();
    expect(h.logins[1]).toMatchObject({ key: 'key-2', body: { is_retry: true } });
    expect(waitingState(flow)).toMatchObject({
      approval: approval('apr-2'),
      retries: 1,
      sentAt: Date.now(),
    });
    expect(resendIn(waitingState(flow))).toBe(90);
    expect(showsSentTick(waitingState(flow))).toBe(true);
    expect(h.track).toHaveBeenCalledWith('one_click_push_resent', { flow: 'one_click' });
    await vi.advanceTimersByTimeAsync(999);
    expect(h.polls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.polls).toEqual(['apr-2', 'apr-2']);
    await vi.advanceTimersByTimeAsync(4999);
    expect(h.polls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.polls).toHaveLength(3);
    flow.destroy();
  });

  it(`allows ${MAX_PUSH_RETRIES} retries, then rejects with max tries`, async () => {
    const h = harness();
    const flow = await started(h);
    for (let retry = 1; retry <= MAX_PUSH_RETRIES; retry += 1) {
      await vi.advanceTimersByTimeAsync(PUSH_RESEND_SECONDS * 1000);
      await flow.resend();
      expect(waitingState(flow).retries).toBe(retry);
    }
    expect(h.logins).toHaveLength(1 + MAX_PUSH_RETRIES);
    expect(h.logins.slice(1).every((login) => login.body.is_retry)).toBe(true);
    expect(new Set(h.logins.map((login) => login.key)).size).toBe(1 + MAX_PUSH_RETRIES);
    await vi.advanceTimersByTimeAsync(PUSH_RESEND_SECONDS * 1000);
    await flow.resend();
    expect(h.logins).toHaveLength(1 + MAX_PUSH_RETRIES);
    expect(flow.$state.get().view).toBe('max_tries_reached');
    expect(h.track).toHaveBeenCalledWith('one_click_rejected', {
      flow: 'one_click',
      properties: { reason: 'maxTriesReached' },
    });
    const polls = h.polls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.polls).toHaveLength(polls);
    expect(vi.getTimerCount()).toBe(0);
    flow.destroy();
  });

  it('reuses the key when the same attempt is retried after no answer', async () => {
    const h = harness();
    h.answers.push({ kind: 'timeout' });
    const flow = createOneClickFlow(h.deps);
    flow.init({ checkout });
    flow.changePhone({ country: 'AE', input: '500000011' });
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({
      view: 'phone_form',
      error: { key: 'common:timeout' },
    });
    await flow.submit();
    expect(h.logins.map((login) => login.key)).toEqual(['key-1', 'key-1']);
    expect(flow.$state.get().view).toBe('push_notification');
    // The resend that gets no answer keeps its key too; the next new attempt gets a new one.
    await vi.advanceTimersByTimeAsync(PUSH_RESEND_SECONDS * 1000);
    h.answers.push({ kind: 'network' });
    await flow.resend();
    expect(waitingState(flow)).toMatchObject({ error: { key: 'common:networkError' }, retries: 0 });
    await flow.resend();
    expect(h.logins.map((login) => login.key)).toEqual(['key-1', 'key-1', 'key-2', 'key-2']);
    expect(waitingState(flow)).toMatchObject({ retries: 1, error: undefined });
    flow.destroy();
  });

  it('a different number is a new attempt with a new key', async () => {
    const h = harness();
    h.answers.push({ kind: 'offline' });
    const flow = createOneClickFlow(h.deps);
    flow.init({ checkout });
    flow.changePhone({ country: 'AE', input: '500000011' });
    await flow.submit();
    flow.changePhone({ country: 'AE', input: '500000017' });
    await flow.submit();
    expect(h.logins.map((login) => login.key)).toEqual(['key-1', 'key-2']);
    flow.destroy();
  });

  it('keeps polling the old request when a resend gets no answer', async () => {
    const h = harness();
    const flow = await started(h);
    await vi.advanceTimersByTimeAsync(PUSH_RESEND_SECONDS * 1000);
    h.polls.length = 0;
    h.answers.push({ kind: 'timeout' });
    await flow.resend();
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.polls).toEqual(['apr-1']);
    flow.destroy();
  });

  it('shows the error screen when the resend is refused', async () => {
    const h = harness();
    const flow = await started(h);
    await vi.advanceTimersByTimeAsync(PUSH_RESEND_SECONDS * 1000);
    h.answers.push(http(500, { error_message: 'Push service unavailable' }));
    await flow.resend();
    expect(flow.$state.get()).toMatchObject({
      view: 'error',
      error: { text: 'Push service unavailable' },
    });
    expect(vi.getTimerCount()).toBe(0);
    flow.restart();
    expect(flow.$state.get()).toMatchObject({
      view: 'phone_form',
      phoneInput: { input: '500000011' },
    });
    flow.destroy();
  });

  it('Change rejects with changePhone: back to the form, every timer stopped', async () => {
    const h = harness();
    const flow = await started(h);
    await vi.advanceTimersByTimeAsync(1000);
    flow.changeNumber();
    expect(flow.$state.get()).toMatchObject({
      view: 'phone_form',
      phoneInput: { input: '500000011' },
    });
    expect(h.track).toHaveBeenCalledWith('one_click_rejected', {
      flow: 'one_click',
      properties: { reason: 'changePhone' },
    });
    expect(vi.getTimerCount()).toBe(0);
    const polls = h.polls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(h.polls).toHaveLength(polls);
    flow.destroy();
  });

  it('pauses every timer and poll while the page is hidden, and resumes from the clock', async () => {
    const h = harness();
    const flow = await started(h);
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.polls).toEqual(['apr-1', 'apr-1']);
    h.setHidden(true);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.polls).toHaveLength(2);
    expect(resendIn(waitingState(flow))).toBe(88);
    h.setHidden(false);
    // The clock catches up at once, and the request is asked about at once.
    expect(resendIn(waitingState(flow))).toBe(28);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.polls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4999);
    expect(h.polls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.polls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(28_000);
    expect(canResend(waitingState(flow))).toBe(true);
    flow.destroy();
  });

  it('ignores a poll answer that arrives after the page was hidden', async () => {
    const h = harness();
    const flow = await started(h);
    let answer: ((status: ApproveStatus) => void) | undefined;
    const signals: AbortSignal[] = [];
    h.deps.status = (_id, signal) => {
      signals.push(signal);
      return new Promise((resolve) => (answer = resolve));
    };
    await vi.advanceTimersByTimeAsync(1000);
    h.setHidden(true);
    expect(signals[0]?.aborted).toBe(true);
    answer?.('rejected');
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.$state.get().view).toBe('push_notification');
    flow.destroy();
  });

  it('a request confirmed while the page was hidden is found as soon as it is shown', async () => {
    const h = harness();
    const flow = await started(h);
    h.setHidden(true);
    h.statuses.set('apr-1', 'confirmed');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(flow.$state.get().view).toBe('push_notification');
    h.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', token: 'pt-apr-1' });
    flow.destroy();
  });

  it('OTP challenge: the login page OTP view for the number', async () => {
    const h = harness();
    h.answers.push({ kind: 'otp' });
    const flow = createOneClickFlow({ ...h.deps, locale: 'ar' });
    flow.init({ checkout, acrValues: ACR, clientId: 'sandbox-web' });
    flow.changePhone({ country: 'AE', input: '500000013' });
    await flow.submit();
    const href = new URL(h.navigate.mock.calls[0]?.[0] as string, 'https://x.test');
    expect(href.pathname).toBe('/ar/login');
    expect(href.searchParams.get('view')).toBe('otp');
    expect(href.searchParams.get('fullMobileNumber')).toBe('971500000013');
    expect(href.searchParams.get('acr_values')).toBe(ACR);
    expect(href.searchParams.has('csrf')).toBe(false);
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_otp', reason: 'otp_challenge' });
    flow.destroy();
  });

  it('invalid_user: login OTP with the one-click sign-up flag, the sign-up view without', async () => {
    const invalid = http(400, { error: 'invalid_user' });
    const off = harness();
    off.answers.push(invalid);
    const flowOff = await started(off, '500000014');
    expect(flowOff.$state.get().view).toBe('redirect_to_signup');
    expect(off.navigate).not.toHaveBeenCalled();
    flowOff.destroy();

    const on = harness();
    on.signupFlag.value = true;
    on.answers.push(invalid);
    const flowOn = await started(on, '500000014');
    expect(flowOn.$state.get()).toMatchObject({ view: 'redirect_to_otp', reason: 'signup' });
    expect(on.navigate).toHaveBeenCalledWith(
      expect.stringMatching(/^\/login\?view=otp&fullMobileNumber=971500000014/),
    );
    flowOn.destroy();
  });

  it('open app: the deep link, then the store for the device after 1000 ms', async () => {
    const h = harness({ userAgent: ANDROID });
    const flow = await started(h);
    flow.openApp();
    expect(h.navigate).toHaveBeenLastCalledWith('masar://login/approve-request/apr-1');
    await vi.advanceTimersByTimeAsync(999);
    expect(h.navigate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.navigate).toHaveBeenLastCalledWith(STORES.android);
    flow.destroy();
  });

  it('open app: no store once the app has the page in the background', async () => {
    const h = harness({ userAgent: ANDROID });
    const flow = await started(h);
    flow.openApp();
    h.setHidden(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.navigate).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('open app: no store on a computer', async () => {
    const h = harness({ userAgent: DESKTOP });
    const flow = await started(h);
    flow.switchTo('confirm_via_app');
    flow.openApp();
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.navigate.mock.calls).toEqual([['masar://login/approve-request/apr-1']]);
    flow.destroy();
  });

  it('destroy stops every timer and ignores late answers', async () => {
    const h = harness();
    const flow = await started(h);
    flow.destroy();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.polls).toEqual([]);
  });
});
