import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/api/errors.ts';
import {
  codeIdentifier,
  createLoginFlow,
  DEFAULT_PRESETS,
  initialState,
  type LoginDeps,
} from '../../../../../src/stores/flows/login/index.ts';
import { transition } from '../../../../../src/stores/flows/login/transition.ts';
import type { PasskeyDeps, PasskeySupport } from '../../../../../src/stores/flows/passkey.ts';
import { openCodeStep } from '../code-step.ts';
import { http } from '../failures.ts';

const otpChallenge = http(400, {
  error: 'challenge_required',
  additional_information: { challenge: 'otp' },
});

function setup(passkeys: { support?: () => Promise<PasskeySupport> } = {}) {
  const order: string[] = [];
  const skipped = { value: false };
  const browser = {
    support: () => Promise.resolve({ passkeys: true, autofill: false, platform: true }),
    signIn: vi.fn(() => Promise.resolve('pt_passkey')) as PasskeyDeps['signIn'],
    enrol: vi.fn(() => Promise.resolve()),
    device: {
      hasAny: () => false,
      has: () => Promise.resolve(false),
      markEnrolled: () => Promise.resolve(),
      skipped: () => skipped.value,
      skip: () => {
        skipped.value = true;
      },
    },
  };
  const deps: LoginDeps = {
    locale: 'en',
    phoneLogin: vi
      .fn()
      .mockRejectedValueOnce(new ApiError(otpChallenge))
      .mockResolvedValue({ token: 'pt_code' }),
    emailLogin: vi.fn(),
    appleLogin: vi.fn(),
    googleLogin: vi.fn(),
    sendOtp: vi.fn(() => Promise.resolve({ data: { resend_in: 60 } })),
    verifyOtp: vi.fn(() => Promise.resolve('otpv_1')),
    socialSignIn: vi.fn(),
    validatePhone: vi.fn(() => Promise.resolve({ digits: '971500000020', country: 'AE' as const })),
    navigate: vi.fn(),
    handToSignup: vi.fn(),
    analytics: {
      page: vi.fn(),
      track: vi.fn((name: string, props?: { flow?: string }) => {
        order.push(`track ${name} ${props?.flow ?? ''}`);
      }),
      flush: vi.fn(() => {
        order.push('flush');
        return Promise.resolve();
      }),
    },
    profiling: () => ({ platform: 'web' }),
    persisted: { read: () => undefined, write: () => {} },
    passkeys: {
      load: () => Promise.resolve({ ...browser, ...passkeys }),
    },
  };
  return { deps, browser, flow: createLoginFlow(deps), order, skipped };
}

/** The passkey sub-flow, once its module is loaded. */
async function passkeyOf(flow: ReturnType<typeof setup>['flow']) {
  await vi.waitFor(() => expect(flow.$passkey.get()).toBeDefined());
  const passkey = flow.$passkey.get();
  if (!passkey) throw new Error('no passkey flow');
  return passkey;
}

async function codeLogin(flow: ReturnType<typeof setup>['flow']): Promise<void> {
  await flow.init({ ...DEFAULT_PRESETS, clientId: 'sandbox-web' });
  flow.changePhone({ country: 'AE', input: '500000020' });
  await flow.submitPhone();
  const otp = await openCodeStep(flow.codeStep, codeIdentifier(flow.$state.get()));
  await vi.waitFor(() => expect(otp.$state.get().view).toBe('ready'));
  otp.changeCode('123456');
  await otp.verify();
}

describe('login flow: passkeys', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a passkey sign-in: login_succeeded (biometric) flushed, then the hand-off with flow biometric', async () => {
    const { flow, order } = setup();
    await flow.init({ ...DEFAULT_PRESETS, clientId: 'sandbox-web' });
    const passkey = await passkeyOf(flow);
    expect(passkey.$state.get().view).toBe('sign_in');
    passkey.signIn();
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));
    expect(flow.$state.get()).toMatchObject({ token: 'pt_passkey', flow: 'biometric' });
    expect(order).toEqual(['track login_succeeded biometric', 'flush']);
  });

  it('after a code login on a device that can: the offer, then the hand-off as a phone login', async () => {
    const { flow, browser, order } = setup();
    await codeLogin(flow);
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('passkey_offer'));
    // Analytics are flushed before the offer: the person's choice is all that is left.
    expect(order.slice(order.indexOf('track login_succeeded phone'))).toEqual([
      'track login_succeeded phone',
      'flush',
      'track passkey_offered phone',
    ]);
    const passkey = await passkeyOf(flow);
    expect(passkey.$state.get()).toMatchObject({ view: 'offer', token: 'pt_code' });
    await passkey.enrol();
    expect(browser.enrol).toHaveBeenCalledWith('pt_code', expect.any(AbortSignal));
    expect(flow.$state.get()).toMatchObject({
      view: 'redirect_to_idp',
      token: 'pt_code',
      flow: 'phone',
    });
  });

  it("no offer once 'Not now' was said on this device", async () => {
    const { flow, skipped } = setup();
    skipped.value = true;
    await codeLogin(flow);
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));
  });

  it('no offer without a platform authenticator, nor without passkey deps', async () => {
    const { flow } = setup({
      support: () => Promise.resolve({ passkeys: true, autofill: true, platform: false }),
    });
    await codeLogin(flow);
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));

    const bare = setup();
    delete bare.deps.passkeys;
    const flowWithout = createLoginFlow(bare.deps);
    await codeLogin(flowWithout);
    await vi.waitFor(() => expect(flowWithout.$state.get().view).toBe('redirect_to_idp'));
    expect(flowWithout.$passkey.get()).toBeUndefined();
  });

  it('transition: the offer closes into the redirect; elsewhere the close is ignored', () => {
    const start = initialState();
    const offer = transition(start, { type: 'succeeded', token: 'pt', offerPasskey: true });
    expect(offer).toMatchObject({ view: 'passkey_offer', token: 'pt', flow: 'phone' });
    expect(transition(offer, { type: 'offerClosed' })).toMatchObject({
      view: 'redirect_to_idp',
      token: 'pt',
      flow: 'phone',
    });
    expect(transition(start, { type: 'offerClosed' })).toBe(start);
    expect(transition(start, { type: 'succeeded', token: 'pt', flow: 'biometric' })).toMatchObject({
      view: 'redirect_to_idp',
      flow: 'biometric',
    });
  });
});
