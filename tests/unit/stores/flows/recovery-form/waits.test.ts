import { describe, expect, it, vi } from 'vitest';
import {
  createRecoveryFormFlow,
  initialState,
  recoveryWaitScope,
  transition,
  type RecoveryDetails,
  type RecoveryFormDeps,
} from '../../../../../src/stores/flows/recovery-form/index.ts';
import type { CheckedPhone } from '../../../../../src/lib/phone.ts';
import { fail, http } from '../failures.ts';
import { memoryStorage, waitClock } from '../wait-clock.ts';

const PHONE = '971500000015';
const details: RecoveryDetails = {
  country: 'AE',
  phoneInput: '500000015',
  method: 'full_name',
  answer: 'Layla Haddad',
};
const valid: CheckedPhone = { digits: PHONE, country: 'AE' };
const RATE_LIMIT = http(
  429,
  { error_code: 'APP-0020', message: 'ERROR_RATE_LIMIT_REACHED' },
  120_000,
);

/** Recovery deps on a fake clock, with a session store that outlives the flow. */
function harness(storage = memoryStorage()) {
  const clock = waitClock(storage);
  const deps: RecoveryFormDeps = {
    parsePhone: vi.fn<RecoveryFormDeps['parsePhone']>().mockResolvedValue(valid),
    sendCode: vi.fn<RecoveryFormDeps['sendCode']>().mockResolvedValue(undefined),
    verifyCode: vi.fn<RecoveryFormDeps['verifyCode']>().mockResolvedValue('v1'),
    createToken: vi.fn<RecoveryFormDeps['createToken']>().mockResolvedValue('reset_1'),
    resetPassword: vi.fn<RecoveryFormDeps['resetPassword']>().mockResolvedValue(undefined),
    now: clock.now,
    go: vi.fn<RecoveryFormDeps['go']>(),
    wait: clock.deps,
  };
  return {
    deps,
    waits: clock.waits,
    advance: (ms: number) => clock.advance(ms),
    get now() {
      return clock.now();
    },
  };
}

describe('recovery form: rate limits wait, say how long, and survive a reload', () => {
  it('a rate-limited first code: the details wait, Send code is refused, then allowed', async () => {
    const h = harness();
    vi.mocked(h.deps.sendCode).mockRejectedValueOnce(fail(RATE_LIMIT));
    const flow = createRecoveryFormFlow(h.deps, initialState(details));
    await flow.submitDetails();
    const state = flow.$state.get();
    expect(state).toMatchObject({
      view: 'details',
      submitting: false,
      wait: { until: h.now + 120_000 },
      error: { dynamic: 'otp:error.ERROR_RATE_LIMIT_REACHED' },
    });
    expect(h.waits.read(recoveryWaitScope(PHONE), h.now)).toBe(h.now + 120_000);

    await flow.submitDetails();
    expect(h.deps.sendCode).toHaveBeenCalledTimes(1);

    h.advance(120_000);
    expect(flow.$state.get()).toMatchObject({ view: 'details', submitting: false });
    expect(flow.$state.get()).not.toHaveProperty('wait');
    expect(flow.$state.get()).not.toHaveProperty('error');
    await flow.submitDetails();
    expect(h.deps.sendCode).toHaveBeenCalledTimes(2);
    expect(flow.$state.get().view).toBe('code');
  });

  it('a reload of the page: the kept wait holds for the number and nothing is sent', async () => {
    const storage = memoryStorage();
    const first = harness(storage);
    vi.mocked(first.deps.sendCode).mockRejectedValueOnce(fail(RATE_LIMIT));
    await createRecoveryFormFlow(first.deps, initialState(details)).submitDetails();

    const second = harness(storage);
    const flow = createRecoveryFormFlow(second.deps, initialState(details));
    await flow.submitDetails();
    expect(second.deps.sendCode).not.toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({
      view: 'details',
      error: { key: 'common:wait.kept' },
      wait: { until: first.now + 120_000 },
    });
    // Another number is another person: its wait is not this one's.
    flow.setDetails({ phoneInput: '500000001' });
    expect(flow.$state.get()).not.toHaveProperty('wait');
  });

  it('a rate-limited resend: Resend and Verify wait until the deadline', async () => {
    const h = harness();
    const flow = createRecoveryFormFlow(h.deps, initialState(details));
    await flow.submitDetails();
    h.advance(61_000);
    vi.mocked(h.deps.sendCode).mockRejectedValueOnce(fail(RATE_LIMIT));
    await flow.resend();
    expect(flow.$state.get()).toMatchObject({ view: 'code', wait: { until: h.now + 120_000 } });
    flow.setCode('123456');
    await flow.submitCode();
    await flow.resend();
    expect(h.deps.verifyCode).not.toHaveBeenCalled();
    expect(h.deps.sendCode).toHaveBeenCalledTimes(2);
    h.advance(120_000);
    expect(flow.$state.get()).toMatchObject({ view: 'code', wait: undefined, error: undefined });
    await flow.submitCode();
    expect(h.deps.verifyCode).toHaveBeenCalledTimes(1);
  });

  it('a rate-limited check of the code: its wait, from the body when there is no header', async () => {
    const h = harness();
    const flow = createRecoveryFormFlow(h.deps, initialState(details));
    await flow.submitDetails();
    vi.mocked(h.deps.verifyCode).mockRejectedValueOnce(
      fail(http(429, { additional_information: { retry_after: 30 } })),
    );
    flow.setCode('123456');
    await flow.submitCode();
    expect(flow.$state.get()).toMatchObject({ view: 'code', wait: { until: h.now + 30_000 } });
    await flow.submitCode();
    expect(h.deps.verifyCode).toHaveBeenCalledTimes(1);
  });

  it('a limit without a time says so and does not hold the action', () => {
    const sending = transition(initialState(details), { type: 'detailsSubmitted', phone: valid });
    const limited = transition(sending, {
      type: 'codeSendFailed',
      failure: http(400, { error_code: 'US-0150' }),
      wait: { until: undefined },
    });
    expect(limited).toMatchObject({ view: 'details', wait: { until: undefined } });
    expect(transition(limited, { type: 'detailsSubmitted', phone: valid })).toMatchObject({
      submitting: true,
    });
  });
});
