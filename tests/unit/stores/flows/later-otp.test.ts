import { beforeEach, describe, expect, it, vi } from 'vitest';
import { otpWaitScope, type OtpDeps } from '../../../../src/stores/flows/otp.ts';
import type { WaitDeps } from '../../../../src/stores/flows/waits.ts';
import { deferred } from './failures.ts';
import { waitClock } from './wait-clock.ts';

// A fresh module graph per test: the sub-flow's code has not loaded yet.
const fresh = () => import('../../../../src/stores/flows/later-otp.ts');

function otpDeps() {
  return {
    sendOtp: vi.fn(() => Promise.resolve({ data: { resend_in: 60 } })),
    verifyOtp: vi.fn(() => Promise.resolve('otpv_1')),
    onVerified: vi.fn(),
  } satisfies OtpDeps;
}

describe('the code step, loaded later', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('is made once, when the step opens, and sends the first code then', async () => {
    const { laterOtp } = await fresh();
    const deps = otpDeps();
    const otp = laterOtp(deps);
    expect(otp.loaded()).toBeUndefined();
    const started = otp.start('971500000001');
    const made = await otp.flow();
    await started;
    expect(deps.sendOtp).toHaveBeenCalledTimes(1);
    expect(deps.sendOtp).toHaveBeenCalledWith(
      expect.objectContaining({ identifier: '971500000001', type: 'SMS' }),
    );
    expect(made.$state.get().view).toBe('ready');
    expect(otp.loaded()).toBe(made);
    expect(await otp.flow()).toBe(made);
  });

  it('never starts a step that was left before its code arrived', async () => {
    const { laterOtp } = await fresh();
    const deps = otpDeps();
    const otp = laterOtp(deps);
    const started = otp.start('971500000001');
    otp.stop();
    await started;
    expect(deps.sendOtp).not.toHaveBeenCalled();
    expect((await otp.flow()).$state.get().view).toBe('idle');
  });

  it('starts the step opened last when the code arrives', async () => {
    const { laterOtp } = await fresh();
    const deps = otpDeps();
    const otp = laterOtp(deps);
    const first = otp.start('971500000001');
    otp.stop();
    const second = otp.start('971500000002');
    await Promise.all([first, second]);
    expect(deps.sendOtp).toHaveBeenCalledTimes(1);
    expect(deps.sendOtp).toHaveBeenCalledWith(
      expect.objectContaining({ identifier: '971500000002' }),
    );
  });

  it('is destroyed with its flow, even before its code arrived', async () => {
    const { laterOtp } = await fresh();
    const deps = otpDeps();
    const otp = laterOtp(deps);
    const started = otp.start('971500000001');
    otp.destroy();
    await started;
    await otp.start('971500000001');
    const made = await otp.flow();
    expect(deps.sendOtp).not.toHaveBeenCalled();
    expect(made.$state.get().view).toBe('idle');
  });

  it('is made with the kept waits its flow loads: a wait kept for the identifier holds the step', async () => {
    const { laterOtp } = await fresh();
    const clock = waitClock();
    clock.waits.write(otpWaitScope('971500000001'), clock.now() + 60_000, clock.now());
    const loaded = deferred<WaitDeps>();
    const deps = { ...otpDeps(), wait: vi.fn(() => loaded.promise) };
    const otp = laterOtp(deps);
    const started = otp.start('971500000001');
    await vi.dynamicImportSettled();
    expect(otp.loaded()).toBeUndefined();
    loaded.resolve(clock.deps);
    await started;
    const made = await otp.flow();
    expect(otp.loaded()).toBe(made);
    expect(made.$state.get()).toMatchObject({
      view: 'ready',
      error: { key: 'otp:error.ERROR_RATE_LIMIT_REACHED' },
      wait: { until: clock.now() + 60_000 },
    });
    expect(deps.sendOtp).not.toHaveBeenCalled();
    expect(deps.wait).toHaveBeenCalledTimes(1);
    clock.advance(60_000);
    expect(made.$state.get().wait).toBeUndefined();
    otp.destroy();
  });

  it('is made at once once its code is here (the view renders without waiting)', async () => {
    const { laterOtp } = await fresh();
    await laterOtp(otpDeps()).flow();
    const next = laterOtp(otpDeps());
    expect(next.loaded()).toBeDefined();
    expect(next.loaded()).toBe(await next.flow());
  });
});
