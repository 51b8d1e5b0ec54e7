/**
 * The sign-up's effects (src/stores/flows/signup/effects.ts): a social click opens the provider's
 * window in the click itself.
 */
import { describe, expect, it } from 'vitest';
import {
  createSignupFlow,
  DEFAULT_SIGNUP_PRESETS,
} from '../../../../../src/stores/flows/signup/index.ts';
import { fakeDeps } from './deps.ts';

describe('sign-up: the effects', () => {
  it('a social click opens the window in the click itself', async () => {
    const { deps } = fakeDeps();
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    const signedIn = flow.socialSignIn('google');
    // In the click itself: a window opened after a wait would be blocked.
    expect(deps.socialSignIn).toHaveBeenCalledWith('google');
    await signedIn;
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', flow: 'google' });
    flow.destroy();
  });
});
