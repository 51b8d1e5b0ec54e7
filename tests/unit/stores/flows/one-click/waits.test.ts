import { describe, expect, it } from 'vitest';
import {
  isRateLimited,
  oneClickWaitScope,
} from '../../../../../src/stores/flows/one-click/index.ts';
import { http } from '../failures.ts';
import { waitClock } from '../wait-clock.ts';
import { harness, PHONE, started } from './harness.ts';

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
