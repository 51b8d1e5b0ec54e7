import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/api/errors.ts';
import { SocialError } from '../../../../../src/lib/social/results.ts';
import {
  codeIdentifier,
  createLoginFlow,
  DEFAULT_PRESETS,
  type LoginDeps,
} from '../../../../../src/stores/flows/login/index.ts';
import { createWaitStore } from '../../../../../src/lib/wait-store.ts';
import { otpWaitScope } from '../../../../../src/stores/flows/otp.ts';
import { openCodeStep } from '../code-step.ts';
import { fail, http } from '../failures.ts';
import { memoryStorage } from '../wait-clock.ts';
import { challenge, DETAILS } from './answers.ts';

describe('login flow (actions with fake deps)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(overrides: Partial<LoginDeps> = {}) {
    const store = new Map<string, string>();
    const deps: LoginDeps = {
      locale: 'en',
      phoneLogin: vi.fn(() => Promise.resolve({ token: 'proof' })),
      emailLogin: vi.fn(() => Promise.resolve({ token: 'proof' })),
      appleLogin: vi.fn(() => Promise.resolve('proof')),
      googleLogin: vi.fn(() => Promise.resolve('proof')),
      sendOtp: vi.fn(() => Promise.resolve({ data: { resend_in: 60 } })),
      verifyOtp: vi.fn(() => Promise.resolve('otpv_1')),
      socialSignIn: vi.fn(() =>
        Promise.resolve({ idToken: 'tok', email: 'a@b.co', fullName: 'New Apple' }),
      ),
      validatePhone: vi.fn((value: { input: string }) =>
        Promise.resolve(
          value.input === '500000001'
            ? { digits: '971500000001', country: 'AE' as const }
            : undefined,
        ),
      ),
      presetPhone: vi.fn(() => Promise.resolve({ country: 'AE' as const, input: '500000001' })),
      navigate: vi.fn(),
      handToSignup: vi.fn(),
      analytics: { page: vi.fn(), track: vi.fn(), flush: vi.fn(() => Promise.resolve()) },
      profiling: () => ({ platform: 'web' }),
      persisted: {
        read: (key) => store.get(key),
        write: (key, value) => void store.set(key, value),
      },
      ...overrides,
    };
    const flow = createLoginFlow(deps);
    return { deps, flow, store };
  }

  it('validates the phone, logs in, flushes analytics, then redirects', async () => {
    const { deps, flow } = setup();
    await flow.init(DEFAULT_PRESETS);
    expect(deps.analytics.page).toHaveBeenCalledWith('welcome', 'phone');
    await flow.submitPhone();
    expect(flow.$state.get().fieldError).toEqual({ key: 'fields:phone.invalid' });
    flow.changePhone({ country: 'AE', input: '5000' });
    await flow.submitPhone();
    expect(deps.phoneLogin).not.toHaveBeenCalled();
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    expect(deps.phoneLogin).toHaveBeenCalledWith(
      {
        phone_number: '971500000001',
        profiling: { platform: 'web' },
        is_known_device: false,
        remember_device: false,
      },
      { clientId: undefined },
    );
    expect(deps.analytics.flush).toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', token: 'proof' });
  });

  it('keeps a lock across a reload: the same number waits, without a call', async () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(5_000_000);
      const data = new Map<string, string>();
      const waits = createWaitStore(() => ({
        getItem: (key: string) => data.get(key) ?? null,
        setItem: (key: string, value: string) => void data.set(key, value),
        removeItem: (key: string) => void data.delete(key),
      }));
      const locked = fail(
        http(400, { error_code: 'US-0013', additional_information: { retry_after: 1800 } }),
      );
      const first = setup({
        phoneLogin: vi.fn(() => Promise.reject(locked)),
        wait: { waits },
      });
      first.flow.changePhone({ country: 'AE', input: '500000001' });
      await first.flow.submitPhone();
      expect(first.flow.$state.get().wait).toEqual({ until: 5_000_000 + 1_800_000 });
      first.flow.destroy();

      const again = setup({ wait: { waits } });
      again.flow.changePhone({ country: 'AE', input: '500000001' });
      await again.flow.submitPhone();
      expect(again.deps.phoneLogin).not.toHaveBeenCalled();
      expect(again.flow.$state.get()).toMatchObject({
        submitting: false,
        wait: { until: 6_800_000 },
        error: { key: 'common:wait.kept' },
      });
      vi.advanceTimersByTime(1_800_000);
      expect(again.flow.$state.get().wait).toBeUndefined();
      await again.flow.submitPhone();
      expect(again.deps.phoneLogin).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the code step has the kept waits too: a wait kept for the number sends no code', async () => {
    vi.setSystemTime(5_000_000);
    const storage = memoryStorage();
    const waits = createWaitStore(() => storage);
    waits.write(otpWaitScope('971500000001'), 5_060_000, 5_000_000);
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(new ApiError(challenge('otp')));
    const { deps, flow } = setup({ phoneLogin, wait: { waits } });
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    expect(flow.$state.get().view).toBe('otp');
    const otp = await openCodeStep(flow.codeStep, codeIdentifier(flow.$state.get()));
    await vi.waitFor(() =>
      expect(otp.$state.get()).toMatchObject({ view: 'ready', wait: { until: 5_060_000 } }),
    );
    expect(deps.sendOtp).not.toHaveBeenCalled();
    flow.destroy();
  });

  it('prefills the preset number', async () => {
    const { flow } = setup();
    await flow.init({ ...DEFAULT_PRESETS, fullMobileNumber: '971500000001' });
    expect(flow.$state.get().phoneInput).toEqual({ country: 'AE', input: '500000001' });
  });

  it('sends a code when the otp view opens, and retries the login with the verified id', async () => {
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(new ApiError(challenge('otp')))
      .mockResolvedValueOnce({ token: 'proof' });
    const { deps, flow } = setup({ phoneLogin });
    await flow.init({ ...DEFAULT_PRESETS, clientId: 'sandbox-web' });
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    expect(flow.$state.get().view).toBe('otp');
    expect(deps.analytics.page).toHaveBeenCalledWith('otp_verify', 'phone');
    const otp = await openCodeStep(flow.codeStep, codeIdentifier(flow.$state.get()));
    expect(deps.sendOtp).toHaveBeenCalledWith(
      expect.objectContaining({ identifier: '971500000001', type: 'SMS', clientId: 'sandbox-web' }),
    );
    await vi.waitFor(() => expect(otp.$state.get().view).toBe('ready'));
    otp.changeCode('123456');
    await otp.verify();
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));
    expect(phoneLogin).toHaveBeenLastCalledWith(
      expect.objectContaining({ otp: 'otpv_1', phone_number: '971500000001' }),
      { clientId: 'sandbox-web' },
    );
    // Leaving the code view (its view drops the sub-flow) stops its timer.
    otp.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('opens the preset otp view and sends the code', async () => {
    const { deps, flow } = setup();
    await flow.init({ ...DEFAULT_PRESETS, view: 'otp', fullMobileNumber: '971500000002' });
    expect(flow.$state.get().view).toBe('otp');
    expect(deps.analytics.page).toHaveBeenCalledWith('otp_verify', 'phone');
    // The code view sends it to the preset number.
    expect(codeIdentifier(flow.$state.get())).toBe('971500000002');
    const otp = await openCodeStep(flow.codeStep, codeIdentifier(flow.$state.get()));
    await vi.waitFor(() => expect(otp.$state.get().view).not.toBe('idle'));
    expect(deps.sendOtp).toHaveBeenCalledWith(
      expect.objectContaining({ identifier: '971500000002', type: 'SMS' }),
    );
  });

  it('navigates to sign-up for an unregistered number', async () => {
    const { deps, flow } = setup({
      phoneLogin: vi.fn(() =>
        Promise.reject(new ApiError(http(400, { error: 'unregistered_user' }))),
      ),
    });
    await flow.init({ ...DEFAULT_PRESETS, clientId: 'sandbox-web' });
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    // The number goes in session storage, written before the navigation; not in the address.
    expect(deps.handToSignup).toHaveBeenCalledWith({ fullMobileNumber: '971500000001' });
    expect(deps.navigate).toHaveBeenCalledWith('/signup/?clientId=sandbox-web');
    expect(vi.mocked(deps.handToSignup).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(deps.navigate).mock.invocationCallOrder[0]!,
    );
  });

  it('checks each answer before sending it', async () => {
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(
        new ApiError(challenge('try_another_way', { challenge_details: DETAILS })),
      )
      .mockResolvedValueOnce({ token: 'proof' });
    const { flow } = setup({ phoneLogin });
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    expect(flow.$state.get().view).toBe('verify_pin_challenge');
    await flow.submitAnswer();
    expect(flow.$state.get().fieldError).toEqual({ key: 'login:challenge.digitsInvalid' });
    flow.changeAnswer('pin', '1234');
    await flow.submitAnswer();
    expect(phoneLogin).toHaveBeenLastCalledWith(
      expect.objectContaining({ pin: '1234', is_known_device: false }),
      expect.anything(),
    );
    expect(flow.$state.get().view).toBe('redirect_to_idp');
  });

  it('answers the name question', async () => {
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(new ApiError(challenge('confirm_name', { name: 'Sara Ahmed' })))
      .mockRejectedValueOnce(new ApiError(http(400, { error: 'unregistered_user' })));
    const { flow, deps } = setup({ phoneLogin });
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone({ country: 'AE', input: '500000001' });
    await flow.submitPhone();
    await flow.answerName(false);
    expect(phoneLogin).toHaveBeenLastCalledWith(
      expect.objectContaining({ name_confirmed: false }),
      expect.anything(),
    );
    expect(deps.navigate).toHaveBeenCalled();
  });

  it('signs in with Apple, keeping the full name, and reuses it when Apple omits it', async () => {
    const socialSignIn = vi
      .fn<LoginDeps['socialSignIn']>()
      .mockResolvedValueOnce({ idToken: 't1', email: 'a@b.co', fullName: 'New Apple' })
      .mockResolvedValueOnce({ idToken: 't2' });
    const appleLogin = vi.fn<LoginDeps['appleLogin']>(() =>
      Promise.reject(new ApiError(http(400, { error: 'bad' }))),
    );
    const { flow, store } = setup({ socialSignIn, appleLogin });
    await flow.init(DEFAULT_PRESETS);
    await flow.socialSignIn('apple');
    expect(store.get('appleFullName')).toBe('New Apple');
    expect(appleLogin).toHaveBeenCalledWith('t1', { clientId: undefined });
    await flow.socialSignIn('apple');
    expect(flow.$state.get().attempt).toMatchObject({ idToken: 't2', fullName: 'New Apple' });
  });

  it('reports a social failure by its class', async () => {
    const { flow, deps } = setup({
      socialSignIn: vi.fn(() => Promise.reject(new SocialError('script'))),
    });
    await flow.init(DEFAULT_PRESETS);
    await flow.socialSignIn('google');
    expect(flow.$state.get().error).toEqual({
      key: 'login:social.scriptFailed',
      params: { provider: 'Google' },
    });
    expect(deps.googleLogin).not.toHaveBeenCalled();
  });

  it('validates and sends the e-mail login', async () => {
    const { flow, deps } = setup();
    await flow.init({ ...DEFAULT_PRESETS, showEmail: true });
    await flow.submitEmail();
    expect(flow.$state.get().fieldError).toEqual({ key: 'fields:required' });
    flow.changeEmail('nope');
    await flow.submitEmail();
    expect(flow.$state.get().fieldError).toEqual({ key: 'fields:email.invalid' });
    flow.changeEmail(' Layla@Example.com ');
    await flow.submitEmail();
    expect(deps.emailLogin).toHaveBeenCalledWith(
      {
        email: 'layla@example.com',
        profiling: { platform: 'web' },
        is_known_device: false,
        remember_device: false,
      },
      { clientId: undefined },
    );
  });

  it('opens a portal', async () => {
    const { flow, deps } = setup();
    await flow.init({ ...DEFAULT_PRESETS, clientId: 'not_defined' });
    flow.chooseDashboard('https://x.example/');
    expect(deps.navigate).toHaveBeenCalledWith('https://x.example/');
    flow.destroy();
  });
});
