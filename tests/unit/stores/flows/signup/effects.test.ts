/**
 * The sign-up's effects load later (src/stores/flows/signup/effects.ts): an action taken before
 * they are here waits for them and then runs as it would have, one taken once they are here runs
 * at once (a click opens the provider's window synchronously), and a flow destroyed meanwhile
 * does nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../failures.ts';
import { fakeDeps } from './deps.ts';
import { PHONE } from './states.ts';

// A fresh module graph per test: the effects' code has not loaded yet.
const fresh = () => import('../../../../../src/stores/flows/signup/index.ts');

describe('sign-up: the effects, loaded later', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('an action taken before they are here waits for them, then does what it would have', async () => {
    const { createSignupFlow, DEFAULT_SIGNUP_PRESETS } = await fresh();
    const { deps, calls } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    flow.change('fullName', 'Mona Saeed');
    flow.changePhone(PHONE);
    flow.change('password', 'Sandbox-Pass9');
    const submitted = flow.submit();
    expect(flow.$state.get().view).toBe('signup_form');
    // Typing goes on meanwhile: the form the submit checks is the one there when it runs.
    flow.change('fullName', 'Mona A. Saeed');
    await submitted;
    expect(flow.$state.get()).toMatchObject({
      view: 'otp',
      phone: '971500000003',
      values: { fullName: 'Mona A. Saeed' },
    });
    expect(calls).toEqual(['page:signup_form', 'track:signup_submitted', 'page:otp_verify']);
    flow.destroy();
  });

  it('once they are here, a social click opens the window at once', async () => {
    const { createSignupFlow, DEFAULT_SIGNUP_PRESETS } = await fresh();
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    await flow.blur('fullName');
    const signedIn = flow.socialSignIn('google');
    expect(deps.socialSignIn).toHaveBeenCalledWith('google');
    expect(flow.$state.get().social).toBe('google');
    await signedIn;
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', flow: 'google' });
    flow.destroy();
  });

  it('bring the transition past the typing: before them such an event changes nothing', async () => {
    const { createSignupFlow, DEFAULT_SIGNUP_PRESETS, firstViewTransition, initialState } =
      await fresh();
    const challenge = http(400, {
      error: 'challenge_required',
      additional_information: { challenge: 'email' },
    });
    const state = initialState();
    expect(firstViewTransition(state, { type: 'failed', failure: challenge })).toBe(state);
    expect(firstViewTransition(state, { type: 'submitted', phone: '971500000003' })).toBe(state);
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    flow.change('fullName', 'Mona Saeed');
    const before = flow.$state.get();
    expect(before.values.fullName).toBe('Mona Saeed');
    flow.dispatch({ type: 'failed', failure: challenge });
    flow.dispatch({ type: 'fieldChecked', field: 'email', error: { key: 'fields:required' } });
    expect(flow.$state.get()).toBe(before);
    await flow.blur('fullName');
    flow.dispatch({ type: 'failed', failure: challenge });
    expect(flow.$state.get()).toMatchObject({
      view: 'signup_form',
      error: { key: 'signup:error.challenge.email' },
    });
    flow.destroy();
  });

  it('offline before they are here: said at once, nothing sent, the form kept', async () => {
    const { createSignupFlow, DEFAULT_SIGNUP_PRESETS } = await fresh();
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    flow.change('fullName', 'Mona Saeed');
    vi.stubGlobal('navigator', { onLine: false });
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({
      view: 'signup_form',
      submitting: false,
      error: { key: 'common:offline' },
      values: { fullName: 'Mona Saeed' },
    });
    expect(deps.sendOtp).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    flow.destroy();
  });

  it('a flow destroyed before they arrive does nothing', async () => {
    const { createSignupFlow, DEFAULT_SIGNUP_PRESETS } = await fresh();
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init({ ...DEFAULT_SIGNUP_PRESETS, otp: '123456' });
    flow.change('fullName', 'Mona Saeed');
    flow.changePhone(PHONE);
    flow.change('password', 'Sandbox-Pass9');
    const submitted = flow.submit();
    const social = flow.socialSignIn('apple');
    flow.destroy();
    await Promise.all([submitted, social]);
    expect(deps.onboard).not.toHaveBeenCalled();
    expect(deps.socialSignIn).not.toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({ view: 'signup_form', submitting: false });
  });
});
