import { describe, expect, it, vi } from 'vitest';
import { STORES } from '../../../../src/config.ts';
import { createSigninAppFlow, transition } from '../../../../src/stores/flows/signin-app.ts';

describe('signin app: transition', () => {
  it('checking, then the store or unsupported; nothing after', () => {
    expect(transition({ view: 'checking' }, { type: 'device', store: STORES.ios })).toEqual({
      view: 'store',
      url: STORES.ios,
    });
    expect(transition({ view: 'checking' }, { type: 'device', store: undefined })).toEqual({
      view: 'unsupported',
    });
    const done = { view: 'unsupported' } as const;
    expect(transition(done, { type: 'device', store: STORES.ios })).toBe(done);
  });
});

describe('signin app: flow', () => {
  it('Android goes to Google Play, once', () => {
    const navigate = vi.fn();
    const f = createSigninAppFlow({ userAgent: 'Mozilla/5.0 (Linux; Android 14)', navigate });
    expect(f.$state.get()).toEqual({ view: 'checking' });
    f.start();
    f.start();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(STORES.android);
    expect(f.$state.get()).toEqual({ view: 'store', url: STORES.android });
  });

  it('an iPad in desktop mode goes to the App Store', () => {
    const navigate = vi.fn();
    const f = createSigninAppFlow({
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
      maxTouchPoints: 5,
      navigate,
    });
    f.start();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(STORES.ios);
  });

  it('a computer stays, with the message', () => {
    const navigate = vi.fn();
    const f = createSigninAppFlow({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', navigate });
    f.start();
    expect(navigate).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'unsupported' });
  });
});
