import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/errors.ts';
import {
  canResend,
  canVerify,
  channelsFor,
  createOtpFlow,
  DEFAULT_GUARD_ATTEMPTS,
  firstChannel,
  initialState,
  OTP_RESEND_SECONDS,
  transition,
  RECAPTCHA_GUARD_ATTEMPTS,
  type OtpDeps,
  type OtpState,
} from '../../../../src/stores/flows/otp.ts';
import { createAutoCodes } from '../../../../src/lib/auto-codes.ts';
import { createWaitStore } from '../../../../src/lib/wait-store.ts';
import { fail, http } from './failures.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const ready = (patch: Partial<OtpState> = {}): OtpState => ({
  ...initialState('971500000002'),
  view: 'ready',
  sentVia: 'SMS',
  ...patch,
});

describe('OTP transition', () => {
  it('sends by e-mail when the identifier has @, otherwise by SMS', () => {
    expect(firstChannel('layla@example.com')).toBe('EMAIL');
    expect(firstChannel('971500000002')).toBe('SMS');
    expect(channelsFor('971500000002')).toEqual(['SMS', 'VOICE']);
    expect(channelsFor('a@b.co')).toEqual(['EMAIL']);
  });

  it('starts sending at once for the identifier', () => {
    const state = transition(initialState(), { type: 'started', identifier: '971500000002' });
    expect(state).toMatchObject({ view: 'sending', identifier: '971500000002', code: '' });
  });

  it('holds resend back for 60 s after a code is sent', () => {
    const sent = transition(
      { ...initialState('971500000002'), view: 'sending' },
      { type: 'sendSucceeded', channel: 'SMS' },
    );
    expect(sent).toMatchObject({ view: 'ready', sentVia: 'SMS', resendIn: OTP_RESEND_SECONDS });
    expect(OTP_RESEND_SECONDS).toBe(60);
    expect(canResend(sent)).toBe(false);
    let state = sent;
    for (let i = 0; i < 60; i += 1) state = transition(state, { type: 'tick' });
    expect(state.resendIn).toBe(0);
    expect(canResend(state)).toBe(true);
    expect(transition(state, { type: 'tick' })).toBe(state);
  });

  it("lets a server's resend_in lengthen the spec's 60 s, never shorten it (D6)", () => {
    const send = (resendIn: number) =>
      transition(ready(), { type: 'sendSucceeded', channel: 'VOICE', resendIn });
    expect(send(90)).toMatchObject({ resendIn: 90, sentVia: 'VOICE' });
    expect(send(30).resendIn).toBe(OTP_RESEND_SECONDS);
    expect(send(0).resendIn).toBe(OTP_RESEND_SECONDS);
    expect(send(Number.NaN).resendIn).toBe(OTP_RESEND_SECONDS);
    expect(send(Number.POSITIVE_INFINITY).resendIn).toBe(OTP_RESEND_SECONDS);
  });

  it('shows a send failure through otp:error.{message}, holding resends for its wait', () => {
    const state = transition(
      { ...ready(), view: 'sending' },
      {
        type: 'sendFailed',
        failure: http(429, { message: 'ERROR_RATE_LIMIT_REACHED', error_code: 'APP-0020' }, 60_000),
        wait: { until: 60_000 },
      },
    );
    expect(state.view).toBe('ready');
    expect(state.error).toEqual({
      dynamic: 'otp:error.ERROR_RATE_LIMIT_REACHED',
      fallback: 'error:default',
    });
    expect(state.wait).toEqual({ until: 60_000 });
    expect(canResend(state)).toBe(false);
    expect(canResend(transition(state, { type: 'waitOver' }))).toBe(true);
    // Without a time from the server the wait is said, but resends are not held back.
    const unknown = transition(ready(), {
      type: 'sendFailed',
      failure: http(429, { message: 'ERROR_RATE_LIMIT_REACHED_DEVICE' }),
      wait: { until: undefined },
    });
    expect(canResend(unknown)).toBe(true);
    const noBody = transition(ready(), { type: 'sendFailed', failure: http(500) });
    expect(noBody.error).toEqual({ key: 'otp:error.ERROR_UNKNOWN' });
    expect(noBody.resendIn).toBe(0);
    const offline = transition(ready(), { type: 'sendFailed', failure: { kind: 'offline' } });
    expect(offline.error).toEqual({ key: 'common:offline' });
  });

  it('keeps only six digits of a typed or pasted code, Eastern Arabic included', () => {
    expect(transition(ready(), { type: 'codeChanged', code: '١٢٣ ٤٥٦ 7' }).code).toBe('123456');
  });

  it('clears the error when the code changes, and forgets a verified id', () => {
    const verified = ready({ view: 'verified', code: '123456', verificationId: 'v1' });
    const changed = transition(
      { ...verified, error: { key: 'common:timeout' } },
      { type: 'codeChanged', code: '12345' },
    );
    expect(changed).toMatchObject({ view: 'ready', verificationId: undefined, error: undefined });
    const same = transition(verified, { type: 'codeChanged', code: '123456' });
    expect(same).toMatchObject({ view: 'verified', verificationId: 'v1' });
  });

  it('ignores typing while verifying', () => {
    const verifying = ready({ view: 'verifying', code: '123456' });
    expect(transition(verifying, { type: 'codeChanged', code: '1' })).toBe(verifying);
  });

  it('requires the code', () => {
    expect(transition(ready(), { type: 'codeMissing' }).error).toEqual({
      key: 'fields:otp.required',
    });
  });

  it('verifies, then keeps the id', () => {
    const verifying = transition(ready({ code: '123456' }), { type: 'verifyStarted' });
    expect(verifying.view).toBe('verifying');
    const done = transition(verifying, { type: 'verifySucceeded', id: 'otpv_1' });
    expect(done).toMatchObject({ view: 'verified', verificationId: 'otpv_1' });
  });

  it('shows a wrong, expired or exhausted code', () => {
    for (const message of [
      'ERROR_INVALID_PIN_CODE',
      'ERROR_SESSION_EXPIRED',
      'ERROR_MAX_VALIDATIONS_REACHED',
    ]) {
      const state = transition(ready({ view: 'verifying' }), {
        type: 'verifyFailed',
        failure: http(400, { message }),
      });
      expect(state).toMatchObject({
        view: 'ready',
        error: { dynamic: `otp:error.${message}`, fallback: 'error:default' },
      });
    }
  });

  it('asks for the reCAPTCHA check before a resend, only when resend is allowed', () => {
    const waiting = ready({ resendIn: 10 });
    expect(transition(waiting, { type: 'recaptchaRequested', channel: 'SMS' })).toBe(waiting);
    const asked = transition(ready(), { type: 'recaptchaRequested', channel: 'SMS' });
    expect(asked).toMatchObject({ view: 'recaptcha', pendingChannel: 'SMS' });
    expect(transition(asked, { type: 'recaptchaCancelled' })).toMatchObject({
      view: 'ready',
      pendingChannel: undefined,
    });
    expect(transition(ready(), { type: 'recaptchaCancelled' }).view).toBe('ready');
    expect(transition(asked, { type: 'sendStarted', channel: 'SMS' })).toMatchObject({
      view: 'sending',
      pendingChannel: undefined,
    });
  });

  it('keeps a verified code verified after a resend', () => {
    const state = transition(ready({ view: 'sending', verificationId: 'v' }), {
      type: 'sendSucceeded',
      channel: 'SMS',
    });
    expect(state.view).toBe('verified');
  });

  it('resets when stopped', () => {
    expect(transition(ready({ code: '1' }), { type: 'stopped' })).toEqual(initialState());
  });
});

describe('OTP flow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(overrides: Partial<OtpDeps> = {}) {
    const deps = {
      sendOtp: vi.fn<OtpDeps['sendOtp']>(() => Promise.resolve({ data: { resend_in: 60 } })),
      verifyOtp: vi.fn<OtpDeps['verifyOtp']>(() => Promise.resolve('otpv_1')),
      onVerified: vi.fn<(id: string) => void>(),
      clientId: () => 'sandbox-web',
      ...overrides,
    };
    return { deps, flow: createOtpFlow(deps) };
  }

  it('sends the first code by SMS with guard 3 and counts down to a resend', async () => {
    const { deps, flow } = setup();
    await flow.start('971500000002');
    expect(deps.sendOtp).toHaveBeenCalledWith({
      identifier: '971500000002',
      type: 'SMS',
      guard: { attempts: DEFAULT_GUARD_ATTEMPTS },
      clientId: 'sandbox-web',
      shieldParams: undefined,
    });
    expect(flow.$state.get().resendIn).toBe(60);
    await flow.resend('SMS');
    expect(deps.sendOtp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(59_000);
    expect(flow.$state.get().resendIn).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(canResend(flow.$state.get())).toBe(true);
    await flow.resend('VOICE');
    expect(deps.sendOtp).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'VOICE' }));
    await flow.resend('EMAIL');
    expect(deps.sendOtp).toHaveBeenCalledTimes(2);
  });

  it('keeps a rate limit across a reload: the next start sends nothing until it ends', async () => {
    vi.setSystemTime(1_000_000);
    const waits = createWaitStore(() => storage);
    const storage = memoryStorage();
    const limited = setup({
      sendOtp: vi.fn<OtpDeps['sendOtp']>(() =>
        Promise.reject(
          fail(http(429, { message: 'ERROR_RATE_LIMIT_REACHED', error_code: 'APP-0020' }, 120_000)),
        ),
      ),
      wait: { waits },
    });
    await limited.flow.start('971500000015');
    expect(limited.flow.$state.get().wait).toEqual({ until: 1_120_000 });
    expect(canResend(limited.flow.$state.get())).toBe(false);
    expect(waits.read('otp:971500000015', Date.now())).toBe(1_120_000);
    limited.flow.destroy();

    // The page is loaded again 30 s later: the wait still holds, and no code is asked for.
    vi.advanceTimersByTime(30_000);
    const again = setup({ wait: { waits } });
    await again.flow.start('971500000015');
    expect(again.deps.sendOtp).not.toHaveBeenCalled();
    expect(again.flow.$state.get()).toMatchObject({
      view: 'ready',
      wait: { until: 1_120_000 },
      error: { key: 'otp:error.ERROR_RATE_LIMIT_REACHED' },
    });
    // Another identifier does not wait.
    const other = setup({ wait: { waits } });
    await other.flow.start('971500000002');
    expect(other.deps.sendOtp).toHaveBeenCalledTimes(1);
    // At the deadline the wait ends and a code may be asked for.
    vi.advanceTimersByTime(89_999);
    expect(canResend(again.flow.$state.get())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(again.flow.$state.get().wait).toBeUndefined();
    expect(canResend(again.flow.$state.get())).toBe(true);
    await again.flow.resend('SMS');
    expect(again.deps.sendOtp).toHaveBeenCalledTimes(1);
  });

  it('holds Verify and resends for the wait of a rate-limited code check, kept across a reload (item 9)', async () => {
    vi.setSystemTime(1_000_000);
    const storage = memoryStorage();
    const waits = createWaitStore(() => storage);
    const verifyOtp = vi.fn<OtpDeps['verifyOtp']>(() =>
      Promise.reject(
        fail(http(429, { message: 'ERROR_RATE_LIMIT_REACHED', error_code: 'APP-0020' }, 120_000)),
      ),
    );
    const limited = setup({ verifyOtp, wait: { waits } });
    const { flow, deps } = limited;
    await flow.start('971500000002');
    vi.advanceTimersByTime(60_000);
    flow.changeCode('123456');
    await flow.verify();
    expect(flow.$state.get()).toMatchObject({
      view: 'ready',
      wait: { until: 1_180_000 },
      error: { dynamic: 'otp:error.ERROR_RATE_LIMIT_REACHED', fallback: 'error:default' },
    });
    expect(canVerify(flow.$state.get())).toBe(false);
    expect(canResend(flow.$state.get())).toBe(false);
    expect(waits.read('otp:971500000002', Date.now())).toBe(1_180_000);
    // Held: neither the check nor a new code is asked for until the wait ends.
    await flow.verify();
    await flow.resend('SMS');
    expect(deps.verifyOtp).toHaveBeenCalledTimes(1);
    expect(deps.sendOtp).toHaveBeenCalledTimes(1);

    // The page loaded again within the wait: it still waits, and sends no code.
    const again = setup({ wait: { waits } });
    await again.flow.start('971500000002');
    expect(again.deps.sendOtp).not.toHaveBeenCalled();
    expect(again.flow.$state.get().wait).toEqual({ until: 1_180_000 });
    again.flow.destroy();

    // At the deadline the wait is over: the message goes, and the code is checked again.
    vi.advanceTimersByTime(119_999);
    expect(canVerify(flow.$state.get())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(flow.$state.get()).toMatchObject({ wait: undefined, error: undefined });
    expect(canVerify(flow.$state.get())).toBe(true);
    verifyOtp.mockResolvedValueOnce('otpv_2');
    await flow.verify();
    expect(deps.onVerified).toHaveBeenCalledWith('otpv_2');
  });

  it('a refused code check that is not a rate limit keeps a running wait', () => {
    const waiting = ready({ wait: { until: 2_000_000 } });
    const state = transition(waiting, {
      type: 'verifyFailed',
      failure: http(400, { message: 'ERROR_INVALID_PIN_CODE' }),
    });
    expect(state.wait).toEqual({ until: 2_000_000 });
    expect(state.error).toEqual({
      dynamic: 'otp:error.ERROR_INVALID_PIN_CODE',
      fallback: 'error:default',
    });
  });

  describe("the code the page's address asks for (L1)", () => {
    /** A page whose visibility the test sets, and a device record in memory. */
    function addressed(hidden = false) {
      const listeners = new Set<() => void>();
      let isHidden = hidden;
      const visibility = {
        hidden: () => isHidden,
        subscribe: (listener: () => void) => {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      };
      return {
        visibility,
        listeners,
        show() {
          isHidden = false;
          for (const listener of [...listeners]) listener();
        },
      };
    }

    it('sends once, then within the minute opens the step without sending, resend held for the rest', async () => {
      vi.setSystemTime(1_000_000);
      const codes = createAutoCodes(() => storage);
      const storage = memoryStorage();
      const page = addressed();
      const first = setup({
        addressCode: { opened: () => true, codes, visibility: page.visibility },
      });
      await first.flow.start('971500000002');
      expect(first.deps.sendOtp).toHaveBeenCalledTimes(1);
      first.flow.destroy();
      // The number is not what the device keeps.
      expect(JSON.stringify(storage.getItem('acct:autoCodes'))).not.toContain('971500000002');

      // Reloaded 20 s later: no code, the step as it was, resend in the 40 s left.
      vi.advanceTimersByTime(20_000);
      const again = setup({
        addressCode: { opened: () => true, codes, visibility: page.visibility },
      });
      await again.flow.start('971500000002');
      expect(again.deps.sendOtp).not.toHaveBeenCalled();
      expect(again.flow.$state.get()).toMatchObject({
        view: 'ready',
        sentVia: 'SMS',
        resendIn: 40,
      });
      vi.advanceTimersByTime(40_000);
      expect(canResend(again.flow.$state.get())).toBe(true);
      again.flow.destroy();

      // A minute after the first code, the address sends again; another number at once.
      const later = setup({
        addressCode: { opened: () => true, codes, visibility: page.visibility },
      });
      await later.flow.start('971500000002');
      await later.flow.start('971500000020');
      expect(later.deps.sendOtp).toHaveBeenCalledTimes(2);
    });

    it('a hidden page sends nothing until it is shown; a step left before then sends nothing', async () => {
      const codes = createAutoCodes(() => memoryStorage());
      const page = addressed(true);
      const { deps, flow } = setup({
        addressCode: { opened: () => true, codes, visibility: page.visibility },
      });
      const started = flow.start('971500000002');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(deps.sendOtp).not.toHaveBeenCalled();
      expect(flow.$state.get().view).toBe('sending');
      page.show();
      await started;
      expect(deps.sendOtp).toHaveBeenCalledTimes(1);
      expect(page.listeners.size).toBe(0);

      const hidden = addressed(true);
      const left = setup({
        addressCode: { opened: () => true, codes, visibility: hidden.visibility },
      });
      const waiting = left.flow.start('971500000020');
      left.flow.stop();
      await waiting;
      hidden.show();
      await vi.advanceTimersByTimeAsync(0);
      expect(left.deps.sendOtp).not.toHaveBeenCalled();
      expect(hidden.listeners.size).toBe(0);
    });

    it('a step the person reached by signing in sends at once, and a failed send is not counted', async () => {
      const codes = createAutoCodes(() => storage);
      const storage = memoryStorage();
      const page = addressed(true);
      const reached = setup({
        addressCode: { opened: () => false, codes, visibility: page.visibility },
      });
      await reached.flow.start('971500000002');
      expect(reached.deps.sendOtp).toHaveBeenCalledTimes(1);

      const failing = setup({
        sendOtp: vi.fn<OtpDeps['sendOtp']>(() =>
          Promise.reject(fail(http(500, { error_code: 'APP-0001' }))),
        ),
        addressCode: { opened: () => true, codes, visibility: addressed().visibility },
      });
      await failing.flow.start('971500000020');
      expect(await codes.lastSent('971500000020', Date.now())).toBeUndefined();
    });
  });

  it('sends the first code of an e-mail by e-mail', async () => {
    const { deps, flow } = setup();
    await flow.start('layla@example.com');
    expect(deps.sendOtp).toHaveBeenCalledWith(expect.objectContaining({ type: 'EMAIL' }));
  });

  it('with reCAPTCHA v2, resends an SMS with guard 2 and the token after the check', async () => {
    const { deps, flow } = setup({ recaptchaRequired: () => true });
    await flow.start('971500000002');
    vi.advanceTimersByTime(60_000);
    await flow.resend('SMS');
    expect(flow.$state.get().view).toBe('recaptcha');
    expect(deps.sendOtp).toHaveBeenCalledTimes(1);
    await flow.recaptchaSolved('sandbox-recaptcha-x');
    expect(deps.sendOtp).toHaveBeenLastCalledWith(
      expect.objectContaining({
        type: 'SMS',
        guard: { attempts: RECAPTCHA_GUARD_ATTEMPTS, recaptcha_token: 'sandbox-recaptcha-x' },
      }),
    );
    expect(RECAPTCHA_GUARD_ATTEMPTS).toBe(2);
    await flow.recaptchaSolved('again');
    expect(deps.sendOtp).toHaveBeenCalledTimes(2);
  });

  it('verifies and hands the id to its owner; a verified code is not verified twice', async () => {
    const { deps, flow } = setup();
    await flow.start('971500000002');
    await flow.verify();
    expect(flow.$state.get().error).toEqual({ key: 'fields:otp.required' });
    flow.changeCode('123456');
    await flow.verify();
    expect(deps.verifyOtp).toHaveBeenCalledWith({
      identifier: '971500000002',
      code: '123456',
      guard: { attempts: 3 },
      clientId: 'sandbox-web',
    });
    expect(deps.onVerified).toHaveBeenCalledWith('otpv_1');
    await flow.verify();
    expect(deps.verifyOtp).toHaveBeenCalledTimes(1);
    expect(deps.onVerified).toHaveBeenCalledTimes(2);
  });

  it('shows a failed verification', async () => {
    const { flow } = setup({
      verifyOtp: vi.fn(() =>
        Promise.reject(new ApiError(http(400, { message: 'ERROR_INVALID_PIN_CODE' }))),
      ),
    });
    await flow.start('971500000002');
    flow.changeCode('000000');
    await flow.verify();
    expect(flow.$state.get()).toMatchObject({
      view: 'ready',
      error: { dynamic: 'otp:error.ERROR_INVALID_PIN_CODE' },
    });
  });

  it('stops its timer and ignores late answers once stopped', async () => {
    let answer: (value: { data: { resend_in: number } }) => void = () => undefined;
    const { flow } = setup({
      sendOtp: vi.fn(
        () =>
          new Promise<{ data: { resend_in: number } }>((resolve) => {
            answer = resolve;
          }),
      ),
    });
    const started = flow.start('971500000002');
    flow.stop();
    answer({ data: { resend_in: 60 } });
    await started;
    expect(flow.$state.get()).toEqual(initialState());
    expect(vi.getTimerCount()).toBe(0);
  });
});
