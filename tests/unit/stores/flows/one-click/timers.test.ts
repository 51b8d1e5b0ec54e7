import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/api/errors.ts';
import { STORES } from '../../../../../src/config.ts';
import type { ApproveStatus } from '../../../../../src/contract/identity-api.ts';
import {
  canResend,
  noticeIn,
  PUSH_RESEND_SECONDS,
  resendIn,
  showsSentTick,
} from '../../../../../src/stores/flows/one-click/index.ts';
import { http } from '../failures.ts';
import { harness, DESKTOP, ANDROID, started, waitingState } from './harness.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one-click flow', () => {
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
