import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createOneClickFlow,
  MAX_PUSH_RETRIES,
  oneClickLoginBody,
  PUSH_RESEND_SECONDS,
  resendIn,
  showsSentTick,
} from '../../../../../src/stores/flows/one-click/index.ts';
import { http } from '../failures.ts';
import {
  ACR,
  checkout,
  approval,
  harness,
  DESKTOP,
  ANDROID,
  started,
  waitingState,
  PHONE,
} from './harness.ts';

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
});
