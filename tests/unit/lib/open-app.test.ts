import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORES } from '../../../src/config.ts';
import { OPEN_APP_DELAY_MS, openApp, platformOf, storeFor } from '../../../src/lib/open-app.ts';

const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOld:
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.15063',
};

describe('platformOf / storeFor', () => {
  it.each([
    ['android', UA.android, 0, 'android'],
    ['iPhone', UA.iphone, 5, 'ios'],
    ['iPad (old user agent)', UA.ipadOld, 5, 'ios'],
    ['iPad in desktop mode (Macintosh with a touch screen)', UA.ipadDesktopMode, 5, 'ios'],
    ['a Mac (no touch screen)', UA.ipadDesktopMode, 0, 'other'],
    ['Windows', UA.windows, 0, 'other'],
    ['Linux', UA.linux, 0, 'other'],
    ['Windows Phone (claims Android)', UA.windowsPhone, 0, 'other'],
    ['an empty user agent', '', 0, 'other'],
  ] as const)('%s', (_name, ua, touch, platform) => {
    expect(platformOf(ua, touch)).toBe(platform);
    expect(storeFor(ua, touch)).toBe(platform === 'other' ? undefined : STORES[platform]);
  });
});

describe('openApp', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 1000 ms, then opens the Android store', () => {
    const navigate = vi.fn();
    openApp({ userAgent: UA.android, navigate });
    vi.advanceTimersByTime(OPEN_APP_DELAY_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(STORES.android);
    expect(OPEN_APP_DELAY_MS).toBe(1000);
  });

  it('opens the App Store on an iPhone', () => {
    const navigate = vi.fn();
    openApp({ userAgent: UA.iphone, maxTouchPoints: 5, navigate });
    vi.advanceTimersByTime(1000);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(STORES.ios);
  });

  it('does nothing on a computer but tell the caller', () => {
    const navigate = vi.fn();
    const onNoStore = vi.fn();
    openApp({ userAgent: UA.windows, navigate, onNoStore });
    vi.advanceTimersByTime(1000);
    expect(navigate).not.toHaveBeenCalled();
    expect(onNoStore).toHaveBeenCalledOnce();
  });

  it('can be cancelled before the wait is over', () => {
    const navigate = vi.fn();
    const cancel = openApp({ userAgent: UA.android, navigate });
    vi.advanceTimersByTime(500);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('uses the injected timer functions', () => {
    const setTimer = vi.fn((_run: () => void, _ms: number) => 42);
    const clearTimer = vi.fn();
    const cancel = openApp({ userAgent: UA.android, navigate: vi.fn(), setTimer, clearTimer });
    expect(setTimer).toHaveBeenCalledWith(expect.any(Function), 1000);
    cancel();
    expect(clearTimer).toHaveBeenCalledWith(42);
  });
});
