import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWaitStore } from '../../../../../src/lib/wait-store.ts';
import {
  canResend,
  initialState,
  isRateLimited,
  oneClickWaitScope,
  PUSH_RESEND_SECONDS,
  transition,
  type WaitingState,
} from '../../../../../src/stores/flows/one-click/index.ts';
import { http } from '../failures.ts';
import { memoryStorage, waitClock } from '../wait-clock.ts';
import { approval, checkout, harness, PHONE, started, waitingState } from './harness.ts';

const RATE_LIMIT = http(429, { error_code: 'APP-0020' }, 60_000);

describe('one-click: a rate-limited login says how long and holds Continue', () => {
  it('stays on the phone form with the wait, refuses Continue, then allows it', async () => {
    const clock = waitClock();
    const h = harness();
    h.deps.wait = clock.deps;
    h.answers.push(RATE_LIMIT);
    const flow = await started(h);
    expect(flow.$state.get()).toMatchObject({
      view: 'phone_form',
      submitting: false,
      wait: { until: clock.now() + 60_000 },
    });
    expect(clock.waits.read(oneClickWaitScope(PHONE), clock.now())).toBe(clock.now() + 60_000);
    await flow.submit();
    expect(h.logins).toHaveLength(1);
    clock.advance(60_000);
    expect(isRateLimited(flow.$state.get())).toBe(false);
    expect(flow.$state.get()).toMatchObject({ error: undefined, wait: undefined });
    await flow.submit();
    expect(h.logins).toHaveLength(2);
    expect(flow.$state.get().view).toBe('push_notification');
    flow.destroy();
  });

  it('a reload keeps the deadline for the number: nothing is sent', async () => {
    const clock = waitClock();
    const first = harness();
    first.deps.wait = clock.deps;
    first.answers.push(RATE_LIMIT);
    (await started(first)).destroy();

    const second = harness();
    second.deps.wait = waitClock(clock.storage).deps;
    const flow = await started(second);
    expect(second.logins).toEqual([]);
    expect(flow.$state.get()).toMatchObject({
      view: 'phone_form',
      error: { key: 'common:wait.kept' },
      wait: { until: clock.now() + 60_000 },
    });
    flow.destroy();
  });

  it('another failure is still the error view', async () => {
    const h = harness();
    h.deps.wait = waitClock().deps;
    h.answers.push(http(500));
    const flow = await started(h);
    expect(flow.$state.get().view).toBe('error');
    flow.destroy();
  });
});

const RESEND_LIMIT = http(429, { additional_information: { error_code: 'APP-0020' } }, 300_000);

describe('one-click: a rate-limited resend waits on the push view', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The push wait of +971500000011, 90 s on: 'Resend notification' answers `failure`. */
  async function resendFails(failure = RESEND_LIMIT, storage = memoryStorage()) {
    const h = harness();
    h.deps.wait = { waits: createWaitStore(() => storage) };
    const flow = await started(h);
    await vi.advanceTimersByTimeAsync(PUSH_RESEND_SECONDS * 1000);
    h.answers.push(failure);
    await flow.resend();
    return { h, flow, storage };
  }

  it('the countdown on the push view, the resend held, the request still polled; then resend', async () => {
    const { h, flow, storage } = await resendFails();
    const until = Date.now() + 300_000;
    expect(waitingState(flow)).toMatchObject({
      view: 'push_notification',
      submitting: false,
      retries: 0,
      approval: approval('apr-1'),
      error: { key: 'spring_security_error:ERROR_RATE_LIMIT_REACHED' },
      wait: { until },
    });
    expect(isRateLimited(flow.$state.get())).toBe(true);
    expect(canResend(flow.$state.get())).toBe(false);
    expect(createWaitStore(() => storage).read(oneClickWaitScope(PHONE), Date.now())).toBe(until);
    await flow.resend();
    expect(h.logins).toHaveLength(2);
    // The request of the last push is still asked about.
    h.polls.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.polls).toContain('apr-1');
    await vi.advanceTimersByTimeAsync(until - Date.now());
    expect(waitingState(flow)).toMatchObject({ error: undefined, wait: undefined });
    expect(canResend(flow.$state.get())).toBe(true);
    await flow.resend();
    expect(h.logins).toHaveLength(3);
    expect(waitingState(flow)).toMatchObject({ retries: 1, approval: approval('apr-2') });
    flow.destroy();
  });

  it('the rest of the view stays usable: the code by SMS instead', async () => {
    const { h, flow } = await resendFails();
    flow.useSms();
    expect(flow.$state.get().view).toBe('redirect_to_otp');
    expect(h.navigate).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('Change, or a reload, then the same number: the wait is kept and nothing is sent', async () => {
    const { h, flow, storage } = await resendFails();
    const until = Date.now() + 300_000;
    flow.changeNumber();
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({
      view: 'phone_form',
      error: { key: 'common:wait.kept' },
      wait: { until },
    });
    expect(h.logins).toHaveLength(2);
    flow.destroy();

    const again = harness();
    again.deps.wait = { waits: createWaitStore(() => storage) };
    const reloaded = await started(again);
    expect(again.logins).toEqual([]);
    expect(reloaded.$state.get()).toMatchObject({ view: 'phone_form', wait: { until } });
    expect(isRateLimited(reloaded.$state.get())).toBe(true);
    reloaded.destroy();
  });

  it('without a time from the server: it says so, and the resend is not held', async () => {
    const { h, flow, storage } = await resendFails(http(429, {}));
    expect(waitingState(flow)).toMatchObject({ wait: { until: undefined } });
    expect(canResend(flow.$state.get())).toBe(true);
    expect(createWaitStore(() => storage).read(oneClickWaitScope(PHONE), Date.now())).toBe(
      undefined,
    );
    await flow.resend();
    expect(h.logins).toHaveLength(3);
    expect(waitingState(flow)).toMatchObject({ retries: 1, wait: undefined });
    flow.destroy();
  });

  it('another failure of the resend is still the error view', async () => {
    const { flow } = await resendFails(http(500));
    expect(flow.$state.get().view).toBe('error');
    flow.destroy();
  });

  it('transition: only a resend in flight takes the wait; a new push or its end drops it', () => {
    const state: WaitingState = {
      ...initialState(checkout),
      view: 'push_notification',
      phone: PHONE,
      approval: approval('apr-1'),
      retries: 0,
      sentAt: 0,
      now: 90_000,
      submitting: false,
      confirming: false,
      error: undefined,
    };
    const wait = { until: 500_000 };
    // Not resending: nothing to fail.
    expect(transition(state, { type: 'failed', failure: RESEND_LIMIT, wait })).toBe(state);
    const resending = transition(state, {
      type: 'resendStarted',
      attempt: { key: 'k', phone: PHONE, isRetry: true },
    });
    const limited = transition(resending, { type: 'failed', failure: RESEND_LIMIT, wait });
    expect(limited).toMatchObject({ view: 'push_notification', wait, submitting: false });
    expect(transition(limited, { type: 'switchedTo', view: 'confirm_via_app' })).toMatchObject({
      view: 'confirm_via_app',
      wait,
    });
    expect(transition(limited, { type: 'waitOver' })).toMatchObject({
      wait: undefined,
      error: undefined,
    });
    expect(transition(limited, { type: 'rejected', reason: 'changePhone' })).not.toHaveProperty(
      'wait',
    );
  });
});
