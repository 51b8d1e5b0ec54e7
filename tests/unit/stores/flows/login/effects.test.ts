/**
 * The login's effects load later (src/stores/flows/login/effects.ts): an action taken before they
 * are here waits for them and then runs as it would have, one taken once they are here runs at
 * once (a click opens the provider's window synchronously), the first view's transition knows
 * only its own events until they bring the whole one, and a flow destroyed meanwhile does nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../failures.ts';
import { fakeLoginDeps as fakeDeps } from './deps.ts';

// A fresh module graph per test: the effects' code has not loaded yet.
const fresh = () => import('../../../../../src/stores/flows/login/index.ts');

const PHONE = { country: 'AE' as const, input: '500000001' };

describe('login: the effects, loaded later', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('an action taken before they are here waits for them, then does what it would have', async () => {
    const { createLoginFlow, DEFAULT_PRESETS } = await fresh();
    const deps = fakeDeps();
    const flow = createLoginFlow(deps);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    const submitted = flow.submitPhone();
    expect(flow.$state.get()).toMatchObject({ view: 'phone_form', submitting: false });
    await submitted;
    expect(deps.phoneLogin).toHaveBeenCalledTimes(1);
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', token: 'proof' });
    flow.destroy();
  });

  it('once they are here, a social click opens the window at once', async () => {
    const { createLoginFlow, DEFAULT_PRESETS } = await fresh();
    const deps = fakeDeps();
    const flow = createLoginFlow(deps);
    await flow.init(DEFAULT_PRESETS);
    await flow.submitEmail(); // an empty e-mail: refused, but the effects are here now
    const signedIn = flow.socialSignIn('google');
    expect(deps.socialSignIn).toHaveBeenCalledWith('google');
    expect(flow.$state.get().social).toBe('google');
    await signedIn;
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', flow: 'google' });
    flow.destroy();
  });

  it('bring the transition past the first view: before them such an event changes nothing', async () => {
    const { createLoginFlow, DEFAULT_PRESETS, firstViewTransition, initialState } = await fresh();
    const password = http(400, {
      error: 'challenge_required',
      additional_information: { challenge: 'password' },
    });
    const state = initialState();
    expect(firstViewTransition(state, { type: 'failed', failure: password })).toBe(state);
    expect(firstViewTransition(state, { type: 'submitted' })).toBe(state);
    const flow = createLoginFlow(fakeDeps());
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    const before = flow.$state.get();
    flow.dispatch({ type: 'submitted', attempt: { kind: 'phone', phone: '971500000001' } });
    expect(flow.$state.get()).toBe(before);
    // The first view's own events work before them: the e-mail form, a passkey's sign-in.
    flow.switchMethod('email');
    expect(flow.$state.get().view).toBe('email_form');
    flow.switchMethod('phone');
    await flow.submitEmail(); // on the phone form: does nothing, but brings the effects
    flow.dispatch({ type: 'submitted', attempt: { kind: 'phone', phone: '971500000001' } });
    flow.dispatch({ type: 'failed', failure: password });
    expect(flow.$state.get().view).toBe('password_form');
    flow.destroy();
  });

  it('reads the device record before the call, and sends nothing if the person left meanwhile', async () => {
    const { createLoginFlow, DEFAULT_PRESETS } = await fresh();
    let record: (value: Record<string, unknown>) => void = () => {};
    const deps = {
      ...fakeDeps(),
      profiling: vi.fn(() => new Promise<Record<string, unknown>>((resolve) => (record = resolve))),
    };
    const flow = createLoginFlow(deps);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    const submitted = flow.submitPhone();
    await vi.waitFor(() => expect(deps.profiling).toHaveBeenCalled());
    flow.back();
    record({ platform: 'web' });
    await submitted;
    expect(deps.phoneLogin).not.toHaveBeenCalled();
    flow.destroy();
  });

  it('offline before they are here: said at once, nothing sent, the number kept', async () => {
    const { createLoginFlow, DEFAULT_PRESETS } = await fresh();
    const deps = fakeDeps();
    const flow = createLoginFlow(deps);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    vi.stubGlobal('navigator', { onLine: false });
    await flow.submitPhone();
    expect(flow.$state.get()).toMatchObject({
      view: 'phone_form',
      submitting: false,
      error: { key: 'common:offline' },
      phoneInput: PHONE,
    });
    expect(deps.phoneLogin).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    await flow.submitPhone();
    expect(deps.phoneLogin).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('a flow destroyed before they arrive does nothing', async () => {
    const { createLoginFlow, DEFAULT_PRESETS } = await fresh();
    const deps = fakeDeps();
    const flow = createLoginFlow(deps);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    const submitted = flow.submitPhone();
    const social = flow.socialSignIn('apple');
    flow.destroy();
    await Promise.all([submitted, social]);
    expect(deps.phoneLogin).not.toHaveBeenCalled();
    expect(deps.socialSignIn).not.toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({ view: 'phone_form', submitting: false });
  });
});
