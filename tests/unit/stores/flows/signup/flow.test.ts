import type { Text } from '../../../../../src/i18n/types.ts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ErrorBody } from '../../../../../src/api/errors.ts';
import { SocialError } from '../../../../../src/lib/social/results.ts';
import {
  createSignupFlow,
  DEFAULT_SIGNUP_PRESETS,
} from '../../../../../src/stores/flows/signup/index.ts';
import { http } from '../failures.ts';
import { codeStepOf, fakeDeps, filledFlow } from './deps.ts';

const code = (error_code: string, extra: ErrorBody = {}) =>
  http(400, { error_code, additional_information: { error_code }, ...extra });
const PHONE = { country: 'AE' as const, input: '500000003' };

/** Fake deps whose phone rules (they read PHONE alone) arrive when `arrive()` is called. */
function lateRules() {
  let rules = false;
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const { deps } = fakeDeps({
    parsePhone: (value) =>
      rules && value.input === PHONE.input ? { digits: '971500000003', country: 'AE' } : undefined,
    loadPhone: () => arrived.then(() => void (rules = true)),
  });
  return { deps, arrive };
}

describe('signup flow (actions with fake deps)', () => {
  it('holds a password found in a data breach at its field: pending while asked, nothing sent', async () => {
    let answer!: (problem: Text) => void;
    const { deps, calls } = fakeDeps({
      checkPassword: vi.fn(() => new Promise<Text | undefined>((resolve) => (answer = resolve))),
    });
    const flow = await filledFlow(deps);
    const submitted = flow.submit();
    await vi.waitFor(() => expect(deps.checkPassword).toHaveBeenCalledWith('Sandbox-Pass9'));
    expect(flow.$state.get()).toMatchObject({ view: 'signup_form', submitting: true });
    answer({ key: 'fields:password.breached' });
    await submitted;
    expect(flow.$state.get()).toMatchObject({
      view: 'signup_form',
      submitting: false,
      fieldErrors: { password: { key: 'fields:password.breached' } },
    });
    expect(deps.sendOtp).not.toHaveBeenCalled();
    expect(calls).not.toContain('track:signup_submitted');
    // Another password goes on to the code step.
    vi.mocked(deps.checkPassword).mockResolvedValue(undefined);
    flow.change('password', 'Sandbox-Pass8');
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({ view: 'otp', fieldErrors: {} });
    flow.destroy();
  });

  it('asks nothing about a password the form does not have (a social sign-up)', async () => {
    const { deps } = fakeDeps();
    const flow = await filledFlow(deps, { googleIdToken: 'g.h.' });
    await flow.submit();
    expect(deps.checkPassword).not.toHaveBeenCalled();
    flow.destroy();
  });

  it('form → code sent → verified → onboarded → redirect, analytics flushed first', async () => {
    const { deps, calls } = fakeDeps();
    const flow = await filledFlow(deps, { clientId: 'sandbox-web' });
    await flow.submit();
    expect(flow.$state.get().view).toBe('otp');
    const otp = await codeStepOf(flow);
    expect(deps.sendOtp).toHaveBeenCalledWith(
      expect.objectContaining({ identifier: '971500000003', type: 'SMS', clientId: 'sandbox-web' }),
    );
    await vi.waitFor(() => expect(otp.$state.get().view).toBe('ready'));
    otp.changeCode('123456');
    await otp.verify();
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));
    expect(deps.onboard).toHaveBeenCalledWith(
      expect.objectContaining({ phone_number: '971500000003', otp: 'ver-1', deviceId: 'dev-1' }),
      { clientId: 'sandbox-web' },
    );
    expect(flow.$state.get()).toMatchObject({ token: 'proof-1', registered: true, flow: 'phone' });
    expect(calls).toEqual([
      'page:signup_form',
      'track:signup_submitted',
      'page:otp_verify',
      'track:signup_succeeded',
      'flush',
    ]);
    flow.destroy();
  });

  it('a number typed before the phone rules arrived is read by them when the form is sent', async () => {
    const { deps, arrive } = lateRules();
    const flow = createSignupFlow(deps);
    void flow.init(DEFAULT_SIGNUP_PRESETS);
    flow.change('fullName', 'Mona Saeed');
    flow.changePhone(PHONE);
    flow.change('password', 'Sandbox-Pass9');
    expect(flow.$state.get().phoneDigits).toBeUndefined();
    const submitted = flow.submit();
    arrive();
    await submitted;
    expect(flow.$state.get()).toMatchObject({ view: 'otp', phone: '971500000003' });
    flow.destroy();
  });

  it('a number left before the phone rules arrived keeps its message once they are here', async () => {
    const invalid = { phone: { key: 'fields:phone.invalid' } };
    /** The field left with `input` before the rules came, then what the flow holds after them. */
    async function leftBeforeRules(input: string) {
      const { deps, arrive } = lateRules();
      const flow = createSignupFlow(deps);
      const started = flow.init(DEFAULT_SIGNUP_PRESETS);
      flow.changePhone({ country: 'AE', input });
      flow.blur('phone');
      expect(flow.$state.get().fieldErrors).toEqual(invalid);
      arrive();
      await started;
      const state = flow.$state.get();
      flow.destroy();
      return state;
    }
    // Still not a number: the message stays.
    expect((await leftBeforeRules('12')).fieldErrors).toEqual(invalid);
    // A number the rules read: the message goes.
    expect(await leftBeforeRules(PHONE.input)).toMatchObject({
      phoneDigits: '971500000003',
      fieldErrors: {},
    });
  });

  it('prefills the preset number and onboards at once with an OTP in the URL', async () => {
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init({ ...DEFAULT_SIGNUP_PRESETS, fullMobileNumber: '971500000003', otp: '123456' });
    expect(flow.$state.get().values.phone).toEqual(PHONE);
    expect(flow.$state.get().phoneDigits).toBe('971500000003');
    flow.change('fullName', 'Mona Saeed');
    flow.change('password', 'Sandbox-Pass9');
    await flow.submit();
    expect(deps.sendOtp).not.toHaveBeenCalled();
    expect(deps.onboard).toHaveBeenCalledWith(expect.objectContaining({ otp: '123456' }), {
      clientId: undefined,
    });
    expect(flow.$state.get().view).toBe('redirect_to_idp');
    flow.destroy();
  });

  it('uses the client id the shell kept when the address has none', async () => {
    const { deps } = fakeDeps({ fallbackClientId: () => 'kept-client' });
    const flow = await filledFlow(deps, { otp: '1' });
    await flow.submit();
    expect(deps.onboard).toHaveBeenCalledWith(
      expect.objectContaining({ clientId: 'kept-client' }),
      {
        clientId: 'kept-client',
      },
    );
    flow.destroy();
  });

  it('waits for a device id and record that load with the calls, and sends nothing if left', async () => {
    let loaded!: () => void;
    const module = new Promise<void>((resolve) => (loaded = resolve));
    const { deps } = fakeDeps({
      deviceId: () => module.then(() => 'dev-later'),
      profiling: () => module.then(() => ({ platform: 'later' })),
    });
    const flow = await filledFlow(deps, { otp: '1' });
    const submitted = flow.submit();
    expect(deps.onboard).not.toHaveBeenCalled();
    loaded();
    await submitted;
    expect(deps.onboard).toHaveBeenCalledWith(
      expect.objectContaining({ deviceId: 'dev-later', profiling: { platform: 'later' } }),
      { clientId: undefined },
    );

    let later!: () => void;
    const late = new Promise<void>((resolve) => (later = resolve));
    const { deps: leaving } = fakeDeps({ deviceId: () => late.then(() => 'dev-late') });
    const left = await filledFlow(leaving, { otp: '1' });
    const leftSubmit = left.submit();
    left.destroy();
    later();
    await leftSubmit;
    expect(leaving.onboard).not.toHaveBeenCalled();
    flow.destroy();
  });

  it('refuses to send an invalid form and says why', async () => {
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init({ ...DEFAULT_SIGNUP_PRESETS, showEmail: true });
    flow.change('email', 'nope');
    flow.change('password', 'abc');
    await flow.submit();
    expect(flow.$state.get().fieldErrors).toEqual({
      fullName: { key: 'fields:required' },
      phone: { key: 'fields:phone.invalid' },
      email: { key: 'fields:email.invalid' },
      password: { key: 'signup:password.tooShort', params: { count: 3, min: 6 } },
    });
    expect(deps.sendOtp).not.toHaveBeenCalled();
    flow.destroy();
  });

  it('checks a field when it is left', async () => {
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    flow.blur('fullName');
    flow.blur('phone'); // empty: nothing to say yet
    flow.changePhone({ country: 'AE', input: '12' });
    flow.blur('phone');
    flow.change('invitationCode', '??');
    flow.blur('invitationCode');
    flow.blur('password');
    expect(flow.$state.get().fieldErrors).toEqual({
      fullName: { key: 'fields:required' },
      phone: { key: 'fields:phone.invalid' },
      invitationCode: { key: 'signup:invitationCode.invalid' },
    });
    flow.destroy();
  });

  it('a challenge for the code from the URL OTP opens the code step', async () => {
    const { deps } = fakeDeps({
      onboard: vi
        .fn()
        .mockRejectedValueOnce(
          new ApiError(
            http(400, {
              error: 'challenge_required',
              additional_information: { challenge: 'otp', onboard_experience_id: 'oe-9' },
            }),
          ),
        )
        .mockResolvedValueOnce('proof-2'),
    });
    const flow = await filledFlow(deps, { otp: 'stale' });
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({ view: 'otp', experienceId: 'oe-9' });
    const otp = await codeStepOf(flow);
    expect(deps.sendOtp).toHaveBeenCalledTimes(1);
    otp.changeCode('123456');
    await otp.verify();
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));
    expect(deps.onboard).toHaveBeenLastCalledWith(
      expect.objectContaining({ otp: 'ver-1', onboard_experience_id: 'oe-9' }),
      { clientId: undefined },
    );
    flow.destroy();
  });

  it('ignores a late onboarding answer after going back', async () => {
    let resolve: (token: string) => void = () => undefined;
    const { deps } = fakeDeps({
      onboard: vi.fn(() => new Promise<string>((r) => (resolve = r))),
    });
    const flow = await filledFlow(deps);
    await flow.submit();
    const otp = await codeStepOf(flow);
    otp.changeCode('123456');
    await otp.verify();
    expect(flow.$state.get().submitting).toBe(true);
    flow.back();
    resolve('late');
    await Promise.resolve();
    await Promise.resolve();
    expect(flow.$state.get().view).toBe('signup_form');
    flow.destroy();
  });

  it('social button: a registered account goes straight to the redirect', async () => {
    const { deps } = fakeDeps({
      socialSignIn: vi.fn(() =>
        Promise.resolve({ idToken: 'g.h.', email: 'google.user@example.com' }),
      ),
    });
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    await flow.socialSignIn('google');
    expect(deps.googleLogin).toHaveBeenCalledWith('g.h.', { clientId: undefined });
    expect(flow.$state.get()).toMatchObject({
      view: 'redirect_to_idp',
      token: 'google-proof',
      registered: false,
      flow: 'google',
    });
    flow.destroy();
  });

  it('social button: a new account pre-fills, and Apple keeps and reuses the name', async () => {
    const store = new Map<string, string>();
    const unregistered = new ApiError(http(400, { error: 'unregistered_user' }));
    const { deps } = fakeDeps({
      socialSignIn: vi
        .fn()
        .mockResolvedValueOnce({
          idToken: 'a.b.',
          email: 'new.apple@example.com',
          fullName: 'New Apple',
        })
        .mockResolvedValueOnce({ idToken: 'a.c.' }),
      appleLogin: vi.fn(() => Promise.reject(unregistered)),
      persisted: {
        read: (key) => store.get(key),
        write: (key, value) => void store.set(key, value),
      },
    });
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    await flow.socialSignIn('apple');
    expect(flow.$state.get().prefill).toEqual({
      provider: 'apple',
      idToken: 'a.b.',
      email: 'new.apple@example.com',
      fullName: 'New Apple',
    });
    expect(store.get('appleFullName')).toBe('New Apple');
    flow.destroy();

    const again = createSignupFlow(deps);
    await again.init(DEFAULT_SIGNUP_PRESETS);
    await again.socialSignIn('apple');
    expect(again.$state.get().prefill?.fullName).toBe('New Apple');
    again.destroy();
  });

  it("'Don't link it': the sign-up goes on without the handed-over Google token (M3)", async () => {
    const { deps, calls } = fakeDeps();
    const flow = await filledFlow(deps, { googleIdToken: 'g.h.' });
    expect(flow.$state.get().prefill).toMatchObject({ provider: 'google' });
    flow.declineSocial();
    expect(flow.$state.get().prefill).toBeUndefined();
    expect(calls).toContain('track:social_link_declined');
    flow.change('fullName', 'Mona Saeed');
    flow.change('password', 'Sandbox-Pass9');
    await flow.submit();
    const otp = await codeStepOf(flow);
    await vi.waitFor(() => expect(otp.$state.get().view).toBe('ready'));
    otp.changeCode('123456');
    await otp.verify();
    await vi.waitFor(() => expect(flow.$state.get().view).toBe('redirect_to_idp'));
    const body = vi.mocked(deps.onboard).mock.calls[0]![0];
    expect(body).not.toHaveProperty('google_id_token');
    expect(body).toMatchObject({ full_name: 'Mona Saeed', password: 'Sandbox-Pass9' });
    expect(flow.$state.get()).toMatchObject({ flow: 'phone' });
    flow.destroy();
  });

  it('social button: failures are classed, other login errors shown', async () => {
    const { deps } = fakeDeps({
      socialSignIn: vi.fn(() => Promise.reject(new SocialError('popup_closed'))),
    });
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    await flow.socialSignIn('google');
    expect(flow.$state.get().error).toEqual({ key: 'login:social.popupClosed' });
    expect(deps.analytics.track).toHaveBeenCalledWith('google_failed_popup_closed', {
      flow: 'google',
    });
    flow.destroy();

    const { deps: deps2 } = fakeDeps({
      googleLogin: vi.fn(() => Promise.reject(new ApiError(code('US-0150')))),
    });
    const flow2 = createSignupFlow(deps2);
    await flow2.init(DEFAULT_SIGNUP_PRESETS);
    await flow2.socialSignIn('google');
    expect(flow2.$state.get()).toMatchObject({
      view: 'signup_form',
      social: undefined,
      error: { key: 'spring_security_error:MAX_LIMIT_EXCEEDED' },
    });
    flow2.destroy();
  });

  it('reports the failure reason to analytics without personal data', async () => {
    const { deps } = fakeDeps({
      onboard: vi.fn(() => Promise.reject(new ApiError(code('US-0089')))),
    });
    const flow = await filledFlow(deps, { otp: '1' });
    await flow.submit();
    expect(flow.$state.get().view).toBe('blocked_user');
    expect(deps.analytics.track).toHaveBeenCalledWith('signup_failed', {
      flow: 'phone',
      page: 'signup_form',
      properties: { reason: 'USER_BLOCKED_FOR_SIGNUP' },
    });
    expect(deps.analytics.page).toHaveBeenLastCalledWith('blocked_user', 'phone');
    flow.destroy();
  });
});
