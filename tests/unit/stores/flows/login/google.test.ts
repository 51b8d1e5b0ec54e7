import { describe, expect, it, vi } from 'vitest';
import type { SocialResult } from '../../../../../src/lib/social/types.ts';
import { createLoginFlow, DEFAULT_PRESETS } from '../../../../../src/stores/flows/login/index.ts';
import { createOneTap, type OneTapDeps } from '../../../../../src/stores/flows/social.ts';
import { fakeLoginDeps } from './deps.ts';

/** A One Tap whose prompt the test answers (`pick`). */
function fakeOneTap(available = true) {
  let onCredential: ((result: SocialResult) => void) | undefined;
  const oneTap = {
    available: () => available,
    prompt: vi.fn((next: (result: SocialResult) => void) => {
      onCredential = next;
    }),
    cancel: vi.fn(),
  } satisfies OneTapDeps;
  return { oneTap, pick: (result: SocialResult) => onCredential?.(result) };
}

function setup(oneTap?: OneTapDeps) {
  const deps = fakeLoginDeps({
    googleLogin: vi.fn(() => Promise.resolve('google-proof')),
    socialSignIn: vi.fn(() => Promise.reject(new Error('no window in these tests'))),
    oneTap,
    validatePhone: vi.fn(() => Promise.resolve(undefined)),
  });
  return { deps, flow: createLoginFlow(deps) };
}

const GOOGLE: SocialResult = { idToken: 'g-token', email: 'g@example.com' };

describe("login with Google's own button and One Tap", () => {
  it("signs in with the button's credential without opening anything", async () => {
    const { deps, flow } = setup();
    await flow.init(DEFAULT_PRESETS);
    await flow.socialSignIn('google', GOOGLE);
    expect(deps.socialSignIn).not.toHaveBeenCalled();
    expect(deps.googleLogin).toHaveBeenCalledWith('g-token', { clientId: undefined });
    expect(deps.analytics.track).toHaveBeenCalledWith('google_submitted', { flow: 'google' });
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', token: 'google-proof' });
  });

  it('ignores a credential while another sign-in is on its way', async () => {
    const { deps, flow } = setup();
    await flow.init(DEFAULT_PRESETS);
    const first = flow.socialSignIn('google', GOOGLE);
    await flow.socialSignIn('google', { idToken: 'second' });
    await first;
    expect(deps.googleLogin).toHaveBeenCalledTimes(1);
  });

  it('offers One Tap once, on the untouched phone view, when the flag is on', async () => {
    const { oneTap, pick } = fakeOneTap();
    const { deps, flow } = setup(oneTap);
    await flow.init(DEFAULT_PRESETS);
    flow.offerOneTap(false);
    expect(oneTap.prompt).not.toHaveBeenCalled();
    flow.offerOneTap(true);
    flow.offerOneTap(true);
    expect(oneTap.prompt).toHaveBeenCalledTimes(1);
    pick(GOOGLE);
    await vi.waitFor(() =>
      expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', token: 'google-proof' }),
    );
    expect(deps.googleLogin).toHaveBeenCalledWith('g-token', { clientId: undefined });
  });

  it('dismisses One Tap as soon as a phone is typed, and never offers it again', async () => {
    const { oneTap, pick } = fakeOneTap();
    const { deps, flow } = setup(oneTap);
    await flow.init(DEFAULT_PRESETS);
    flow.offerOneTap(true);
    // The start country changing keeps it; a digit typed ends it.
    flow.changePhone({ country: 'EG', input: '' });
    expect(oneTap.cancel).not.toHaveBeenCalled();
    flow.changePhone({ country: 'EG', input: '1' });
    expect(oneTap.cancel).toHaveBeenCalledTimes(1);
    pick(GOOGLE);
    expect(deps.googleLogin).not.toHaveBeenCalled();
    flow.changePhone({ country: 'EG', input: '' });
    flow.offerOneTap(true);
    expect(oneTap.prompt).toHaveBeenCalledTimes(1);
  });

  it('offers no One Tap when the page hides Google, a number is given, or the library is absent', async () => {
    const hidden = fakeOneTap();
    const a = setup(hidden.oneTap);
    await a.flow.init({ ...DEFAULT_PRESETS, showGoogle: false });
    a.flow.offerOneTap(true);
    expect(hidden.oneTap.prompt).not.toHaveBeenCalled();

    const given = fakeOneTap();
    const b = setup(given.oneTap);
    await b.flow.init(DEFAULT_PRESETS);
    b.flow.changePhone({ country: 'AE', input: '500000001' });
    b.flow.offerOneTap(true);
    expect(given.oneTap.prompt).not.toHaveBeenCalled();

    const sandbox = fakeOneTap(false);
    const c = setup(sandbox.oneTap);
    await c.flow.init(DEFAULT_PRESETS);
    c.flow.offerOneTap(true);
    expect(sandbox.oneTap.prompt).not.toHaveBeenCalled();
  });

  it('closes an open One Tap when the page goes away', async () => {
    const { oneTap } = fakeOneTap();
    const { flow } = setup(oneTap);
    await flow.init(DEFAULT_PRESETS);
    flow.offerOneTap(true);
    flow.destroy();
    expect(oneTap.cancel).toHaveBeenCalledTimes(1);
  });
});

describe('createOneTap', () => {
  it('hands over one credential at most, and nothing after a dismissal', () => {
    const { oneTap, pick } = fakeOneTap();
    const signIn = vi.fn();
    const tap = createOneTap(
      { socialSignIn: vi.fn(), analytics: { track: vi.fn() }, oneTap },
      signIn,
    );
    expect(tap.phase).toBe('idle');
    tap.offer(true);
    expect(tap.phase).toBe('shown');
    pick(GOOGLE);
    pick(GOOGLE);
    expect(signIn).toHaveBeenCalledTimes(1);
    tap.dismiss();
    expect(oneTap.cancel).not.toHaveBeenCalled();
    expect(tap.phase).toBe('done');
  });
});
