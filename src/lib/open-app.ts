/**
 * 'Open the app': wait 1000 ms, then go to the Android or iOS store by device;
 * on any other device do nothing. The store addresses come only from src/config.ts.
 */
import { STORES } from '../config.ts';

export type Platform = 'android' | 'ios' | 'other';

/** How long the button waits before leaving for the store. */
export const OPEN_APP_DELAY_MS = 1000;

/**
 * The phone platform of a user agent. iPadOS 13+ says 'Macintosh' like a Mac: a touch screen
 * (`maxTouchPoints > 1`) tells them apart. Windows Phone claims Android and iPhone: it is neither.
 */
export function platformOf(userAgent: string, maxTouchPoints = 0): Platform {
  if (/windows phone|iemobile/i.test(userAgent)) return 'other';
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

/** The app store for this device, or undefined on a computer (or any other device). */
export function storeFor(userAgent: string, maxTouchPoints = 0): string | undefined {
  const platform = platformOf(userAgent, maxTouchPoints);
  return platform === 'other' ? undefined : STORES[platform];
}

export interface OpenAppDeps {
  userAgent: string;
  maxTouchPoints?: number;
  navigate: (url: string) => void;
  /** Called when the wait is over on a device without a store (to show a hint, say). */
  onNoStore?: () => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

/**
 * Starts the wait; returns a function that cancels it (call it when the page or view goes away,
 * so no store opens after the user has moved on).
 */
export function openApp(deps: OpenAppDeps): () => void {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
  const id = setTimer(() => {
    const store = storeFor(deps.userAgent, deps.maxTouchPoints);
    if (store) deps.navigate(store);
    else deps.onNoStore?.();
  }, OPEN_APP_DELAY_MS);
  return () => clearTimer(id);
}
