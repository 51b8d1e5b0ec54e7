/**
 * 'Stay signed in on this browser' in the login flow: the box rides on the login call
 * (`remember_device`) and the hand-off (`remember`); `is_known_device` says what the identity
 * API last told this browser of its trusted device (src/lib/trusted-device.ts), and a code asked
 * for after all forgets it, with no error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/api/errors.ts';
import { trustedDeviceRecord } from '../../../../../src/lib/trusted-device.ts';
import {
  createLoginFlow,
  DEFAULT_PRESETS,
  type LoginDeps,
} from '../../../../../src/stores/flows/login/index.ts';
import { transition } from '../../../../../src/stores/flows/login/transition.ts';
import { startState } from '../../../../../src/stores/flows/login/state.ts';
import { memoryStorage } from '../../../memory-storage.ts';
import { openCodeStep } from '../code-step.ts';
import { challenge } from './answers.ts';
import { fakeLoginDeps } from './deps.ts';

const PHONE = { country: 'AE' as const, input: '500000002' };
const NOW = Date.parse('2030-01-01T08:00:00Z');
const IN_30_DAYS = '2030-01-31T08:00:00.000Z';

afterEach(() => vi.unstubAllGlobals());

function setup(phoneLogin: LoginDeps['phoneLogin'], storage = memoryStorage()) {
  vi.stubGlobal('localStorage', storage);
  let now = NOW;
  const trustedDevice = trustedDeviceRecord(() => now);
  const deps = fakeLoginDeps({
    phoneLogin,
    validatePhone: vi.fn(() => Promise.resolve({ digits: '971500000002', country: 'AE' as const })),
    trustedDevice,
  });
  const flow = createLoginFlow(deps);
  return {
    deps,
    flow,
    storage,
    trustedDevice,
    later: (ms: number) => {
      now += ms;
    },
  };
}

const bodyOf = (login: LoginDeps['phoneLogin'], call: number) =>
  vi.mocked(login).mock.calls[call]?.[0];

describe('stay signed in: the flow', () => {
  it('is off at first, follows the box, and is not changed while a call is on its way', () => {
    let state = startState(DEFAULT_PRESETS);
    expect(state.remember).toBe(false);
    state = transition(state, { type: 'rememberChanged', value: true });
    expect(state.remember).toBe(true);
    const sending = { ...state, submitting: true };
    expect(transition(sending, { type: 'rememberChanged', value: false })).toBe(sending);
    // Back to the first view and on to another step: the choice stays.
    expect(transition(state, { type: 'back' }).remember).toBe(true);
  });

  it('asks for a trusted device after the code, keeps its expiry and hands off remembered', async () => {
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(new ApiError(challenge('otp')))
      .mockResolvedValueOnce({ token: 'proof', trustedDeviceExpiresAt: IN_30_DAYS });
    const { deps, flow, trustedDevice, storage } = setup(phoneLogin);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    await flow.submitPhone();
    expect(flow.$state.get().view).toBe('otp');
    expect(bodyOf(phoneLogin, 0)).toMatchObject({ is_known_device: false, remember_device: false });
    flow.changeRemember(true);
    const otp = await openCodeStep(flow.codeStep, '971500000002');
    otp.changeCode('123456');
    await otp.verify();
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));
    expect(bodyOf(phoneLogin, 1)).toMatchObject({
      otp: 'otpv_1',
      is_known_device: false,
      remember_device: true,
    });
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', remember: true });
    expect(storage.data.get('acct:trustedDeviceUntil')).toBe(String(Date.parse(IN_30_DAYS)));
    expect(trustedDevice.known()).toBe(true);
    otp.destroy();
    flow.destroy();
    expect(deps.analytics.track).toHaveBeenCalledWith('login_succeeded', { flow: 'phone' });
  });

  it('says the device is known next time; the API skips the code and the hand-off stays signed in', async () => {
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockResolvedValueOnce({ token: 'proof', trustedDeviceExpiresAt: IN_30_DAYS });
    const storage = memoryStorage({ 'acct:trustedDeviceUntil': String(Date.parse(IN_30_DAYS)) });
    const { flow } = setup(phoneLogin, storage);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    await flow.submitPhone();
    expect(bodyOf(phoneLogin, 0)).toMatchObject({ is_known_device: true, remember_device: false });
    // The box was not shown (no code step), but the browser chose it before: remembered.
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', remember: true });
  });

  it('forgets the device when the API asks for the code after all: the code step, no error', async () => {
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(new ApiError(challenge('otp')));
    const storage = memoryStorage({ 'acct:trustedDeviceUntil': String(Date.parse(IN_30_DAYS)) });
    const { flow, trustedDevice } = setup(phoneLogin, storage);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    await flow.submitPhone();
    expect(bodyOf(phoneLogin, 0)).toMatchObject({ is_known_device: true });
    expect(flow.$state.get()).toMatchObject({ view: 'otp', error: undefined });
    expect(trustedDevice.known()).toBe(false);
    expect(storage.data.has('acct:trustedDeviceUntil')).toBe(false);
  });

  it('keeps the device when another step is asked for (a password is not the code)', async () => {
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(new ApiError(challenge('password')));
    const storage = memoryStorage({ 'acct:trustedDeviceUntil': String(Date.parse(IN_30_DAYS)) });
    const { flow, trustedDevice } = setup(phoneLogin, storage);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    await flow.submitPhone();
    expect(flow.$state.get().view).toBe('password_form');
    expect(trustedDevice.known()).toBe(true);
  });

  it('stops saying the device is known once its 30 days have passed', () => {
    const storage = memoryStorage();
    const { trustedDevice, later } = setup(vi.fn(), storage);
    trustedDevice.keep(IN_30_DAYS);
    expect(trustedDevice.known()).toBe(true);
    later(Date.parse(IN_30_DAYS) - NOW);
    expect(trustedDevice.known()).toBe(false);
    expect(storage.data.size).toBe(0);
    // An answer that is not a time is not kept.
    trustedDevice.keep('soon');
    expect(trustedDevice.known()).toBe(false);
  });

  it('never says the device is known without a record (no storage, or none given)', async () => {
    const phoneLogin = vi.fn<LoginDeps['phoneLogin']>().mockResolvedValue({ token: 'proof' });
    const deps = fakeLoginDeps({
      phoneLogin,
      validatePhone: vi.fn(() =>
        Promise.resolve({ digits: '971500000002', country: 'AE' as const }),
      ),
    });
    const flow = createLoginFlow(deps);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    await flow.submitPhone();
    expect(bodyOf(phoneLogin, 0)).toMatchObject({ is_known_device: false });
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', remember: false });
  });
});
