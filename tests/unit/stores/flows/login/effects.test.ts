/**
 * The login's effects (src/stores/flows/login/effects.ts): a social click opens the provider's
 * window in the click itself, and a login reads the device record first, sending nothing if the
 * person left meanwhile.
 */
import { describe, expect, it, vi } from 'vitest';
import { createLoginFlow, DEFAULT_PRESETS } from '../../../../../src/stores/flows/login/index.ts';
import { fakeLoginDeps as fakeDeps } from './deps.ts';

const PHONE = { country: 'AE' as const, input: '500000001' };

describe('login: the effects', () => {
  it('a social click opens the window in the click itself, and the login reads its answer', async () => {
    const deps = fakeDeps();
    const flow = createLoginFlow(deps);
    await flow.init(DEFAULT_PRESETS);
    const signedIn = flow.socialSignIn('google');
    // In the click itself: a window opened after a wait would be blocked.
    expect(deps.socialSignIn).toHaveBeenCalledWith('google');
    await signedIn;
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', flow: 'google' });
    expect(deps.googleLogin).toHaveBeenCalledWith('tok', { clientId: undefined });
    flow.destroy();
  });

  it('reads the device record before the call, and sends nothing if the person left meanwhile', async () => {
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
});
