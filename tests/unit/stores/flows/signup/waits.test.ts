/**
 * Sign-up: a rate limit of the onboarding (a 429, or a rate-limit code) keeps the form, says how
 * long (Retry-After, or the body's own field), holds the submit until then, and keeps the deadline
 * per number across a reload; without a time from the server, it says so and holds nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiFailure } from '../../../../../src/api/errors.ts';
import {
  isRateLimited,
  signupWaitScope,
  type SignupFlow,
} from '../../../../../src/stores/flows/signup/index.ts';
import { transition } from '../../../../../src/stores/flows/signup/transition.ts';
import { http } from '../failures.ts';
import { waitClock } from '../wait-clock.ts';
import { codeStepOf, fakeDeps, filledFlow } from './deps.ts';
import { code, onboarding, PHONE, run } from './states.ts';

const NUMBER = '971500000003';
const RATE_LIMIT = http(429, { error_code: 'APP-0020' }, 120_000);

/** The form sent, its code verified: the onboarding answers `failure`. */
async function onboardFails(failure: ApiFailure, clock = waitClock()) {
  const { deps } = fakeDeps({
    onboard: vi.fn().mockRejectedValueOnce(new ApiError(failure)).mockResolvedValue('proof-2'),
    wait: clock.deps,
  });
  const flow = await filledFlow(deps);
  await flow.submit();
  const otp = await codeStepOf(flow);
  otp.changeCode('123456');
  await otp.verify();
  await vi.waitFor(() => expect(flow.$state.get().submitting).toBe(false));
  return { flow, deps, clock };
}

describe('sign-up: the transition of a rate-limited onboarding', () => {
  const WAIT = { until: 5_000 };

  it('keeps the form with the message and the wait; the submit is refused until it ends', () => {
    const state = transition(onboarding(), { type: 'failed', failure: RATE_LIMIT, wait: WAIT });
    expect(state).toMatchObject({
      view: 'signup_form',
      submitting: false,
      error: { key: 'spring_security_error:ERROR_RATE_LIMIT_REACHED' },
      wait: WAIT,
      proof: { value: 'ver-1' },
    });
    expect(isRateLimited(state)).toBe(true);
    expect(transition(state, { type: 'submitted', phone: NUMBER })).toBe(state);
    const over = transition(state, { type: 'waitOver' });
    expect(over).toMatchObject({ error: undefined, wait: undefined });
    expect(isRateLimited(over)).toBe(false);
    // The verified code is still the proof: the submit onboards at once.
    expect(transition(over, { type: 'submitted', phone: NUMBER })).toMatchObject({
      view: 'signup_form',
      submitting: true,
    });
  });

  it('a bare 429 is a rate limit too; a limit without a time holds nothing', () => {
    const unknown = transition(onboarding(), {
      type: 'failed',
      failure: http(429, { error: 'too_many_requests' }),
      wait: { until: undefined },
    });
    expect(unknown).toMatchObject({
      view: 'signup_form',
      error: { key: 'spring_security_error:ERROR_RATE_LIMIT_REACHED' },
      wait: { until: undefined },
    });
    expect(isRateLimited(unknown)).toBe(false);
    expect(transition(unknown, { type: 'submitted', phone: NUMBER }).submitting).toBe(true);
  });

  it('another number drops the wait; the same number, other fields and Back keep it', () => {
    const waiting = transition(onboarding(), { type: 'failed', failure: RATE_LIMIT, wait: WAIT });
    const same = run(
      waiting,
      { type: 'phoneChanged', value: PHONE, digits: NUMBER },
      { type: 'valueChanged', field: 'fullName', value: 'Mona S' },
    );
    expect(same).toMatchObject({ wait: WAIT, error: { key: expect.any(String) as string } });
    const other = transition(waiting, {
      type: 'phoneChanged',
      value: { country: 'AE', input: '500000004' },
      digits: '971500000004',
    });
    expect(other).toMatchObject({ wait: undefined, error: undefined });
  });

  it('any other failure ends an earlier wait', () => {
    const waiting = transition(onboarding(), { type: 'failed', failure: RATE_LIMIT, wait: WAIT });
    const over = transition(
      { ...waiting, wait: { until: undefined }, submitting: true },
      {
        type: 'failed',
        failure: code('US-0016'),
      },
    );
    expect(over.wait).toBeUndefined();
  });

  it('a blocked account still wins over a wait', () => {
    const state = transition(onboarding(), {
      type: 'failed',
      failure: code('US-0089'),
      wait: WAIT,
    });
    expect(state.view).toBe('blocked_user');
  });
});

describe('sign-up: a rate-limited onboarding (flow)', () => {
  it('Retry-After: the form waits, the submit sends nothing, then onboards at once', async () => {
    const { flow, deps, clock } = await onboardFails(RATE_LIMIT);
    expect(flow.$state.get()).toMatchObject({
      view: 'signup_form',
      wait: { until: clock.now() + 120_000 },
    });
    expect(clock.waits.read(signupWaitScope(NUMBER), clock.now())).toBe(clock.now() + 120_000);
    await flow.submit();
    expect(deps.onboard).toHaveBeenCalledTimes(1);
    expect(deps.sendOtp).toHaveBeenCalledTimes(1);
    clock.advance(120_000);
    expect(flow.$state.get()).toMatchObject({ wait: undefined, error: undefined });
    await flow.submit();
    expect(deps.onboard).toHaveBeenCalledTimes(2);
    expect(deps.sendOtp).toHaveBeenCalledTimes(1);
    expect(flow.$state.get().view).toBe('redirect_to_idp');
    flow.destroy();
  });

  it("the body's own retry_after when there is no Retry-After", async () => {
    const failure = http(429, {
      error: 'too_many_requests',
      additional_information: { retry_after: 45 },
    });
    const { flow, clock } = await onboardFails(failure);
    expect(flow.$state.get().wait).toEqual({ until: clock.now() + 45_000 });
    flow.destroy();
  });

  it('a reload keeps the deadline for the number: neither a code nor an onboarding is sent', async () => {
    const first = await onboardFails(RATE_LIMIT);
    first.flow.destroy();
    const clock = waitClock(first.clock.storage, first.clock.now() + 30_000);
    const { deps } = fakeDeps({ wait: clock.deps });
    const flow: SignupFlow = await filledFlow(deps);
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({
      view: 'signup_form',
      error: { key: 'common:wait.kept' },
      wait: { until: first.clock.now() + 120_000 },
    });
    expect(deps.sendOtp).not.toHaveBeenCalled();
    expect(deps.onboard).not.toHaveBeenCalled();
    expect(deps.analytics.track).not.toHaveBeenCalledWith('signup_submitted', expect.anything());
    // Another number is another person.
    flow.changePhone({ country: 'AE', input: '500000004' });
    expect(flow.$state.get().wait).toBeUndefined();
    clock.advance(90_000);
    flow.changePhone(PHONE);
    await flow.submit();
    expect(flow.$state.get().view).toBe('otp');
    flow.destroy();
  });

  it('without any time from the server: it says so, keeps nothing, and the submit is free', async () => {
    const { flow, deps, clock } = await onboardFails(http(429, { error: 'too_many_requests' }));
    expect(flow.$state.get()).toMatchObject({ view: 'signup_form', wait: { until: undefined } });
    expect(clock.waits.read(signupWaitScope(NUMBER), clock.now())).toBeUndefined();
    await flow.submit();
    expect(deps.onboard).toHaveBeenCalledTimes(2);
    flow.destroy();
  });
});
