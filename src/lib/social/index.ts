/**
 * Social sign-in entry. A sandbox build opens the sandbox's sign-in window (synchronously, inside
 * the click, so it is not blocked). A production build loads Apple's SDK on demand; for Google it
 * draws Google's own button (`google.ts`), whose credential arrives through the flow's
 * `socialSignIn(provider, result)`, and when that button cannot be drawn our button opens the
 * OAuth popup (`google-popup.ts`). No SDK loads on first paint.
 */
import { SANDBOX } from '../../config.ts';
import { later } from '../later.ts';
import { GOOGLE_POPUP_NAME, type SocialProvider, type SocialResult } from './types.ts';

export type { SocialProvider, SocialResult };

// The vendors' code, only when a person reaches for it (a hover, a focus, a click, a redirect).
const googlePopup = later(() => import('./google-popup.ts'), { when: 'demand' });
const apple = later(() => import('./apple.ts'), { when: 'demand' });
// The sandbox's window, in a sandbox build only: the build's own flag, not SANDBOX, so that the
// bundler drops the import and a production build holds no sandbox code.
const sandbox = later(
  () =>
    import.meta.env.PUBLIC_SANDBOX !== 'false'
      ? import('./sandbox.ts')
      : Promise.reject(new Error('no sandbox in a production build')),
  { when: 'demand' },
);
/** Google's library and button (src/ui/GoogleButton.tsx draws it). */
export const googleLibrary = later(() => import('./google.ts'), { when: 'demand' });

/**
 * Whether Google's own button and library are used: always in a production build. A sandbox build
 * keeps its sandbox window, unless a browser test set `window.__sandboxGoogleSdk` before the page
 * loaded, to run this production path against a fake Google library (tests/e2e/google.spec.ts).
 */
export function googleSdkMode(): boolean {
  if (!SANDBOX) return true;
  return (globalThis as { __sandboxGoogleSdk?: unknown }).__sandboxGoogleSdk === true;
}

export function socialSignIn(provider: SocialProvider): Promise<SocialResult> {
  if (provider === 'google' && googleSdkMode()) {
    // Opened blank inside the click (a popup opened after an import is blocked), then sent on.
    const popup = window.open('about:blank', GOOGLE_POPUP_NAME, 'popup,width=500,height=640');
    return googlePopup.load().then((module) => module.googlePopupSignIn(popup));
  }
  if (SANDBOX) {
    // Opened inside the click too; its answer is read by sandbox.ts, loaded meanwhile.
    const popup = openSandboxWindow(provider);
    return sandbox.load().then((module) => module.sandboxAnswer(provider, popup));
  }
  return apple.load().then((module) => module.appleSignIn());
}

/**
 * The sandbox's sign-in window for `provider`, blank until sandbox.ts sends it to its page with
 * the sign-in's nonce (null when the browser blocked it).
 */
export function openSandboxWindow(provider: SocialProvider, win: Window = window): Window | null {
  return win.open('about:blank', `sandbox-${provider}`, 'popup,width=480,height=640');
}

/**
 * Starts loading the SDK and asks for the sign-in's nonce early (button hover or focus), so the
 * popup opens at once.
 */
export function warmSocial(provider: SocialProvider): void {
  if (provider === 'google' && googleSdkMode()) {
    void googlePopup.load().then((module) => module.prepareNonce());
    return;
  }
  if (SANDBOX) {
    void sandbox.load().then((module) => module.prepareNonce());
    return;
  }
  if (provider === 'google') return;
  void apple.load().then((m) => m.prepareApple().catch(() => {}));
}

/**
 * On `/login` opened as Google's popup coming back: hands the answer to the page that opened it
 * and closes. True when this page is such a redirect (it must then do nothing else).
 */
export function takeGoogleRedirect(): boolean {
  if (typeof window === 'undefined') return false;
  const hash = window.location.hash;
  // Google's answer only: a state with a token or an error (window.name does not survive the
  // cross-site trip in every browser, so it is not relied on).
  if (!/[#&]state=/.test(hash) || !/[#&](id_token|error)=/.test(hash)) return false;
  void googlePopup.load().then((module) => module.finishGoogleRedirect());
  return true;
}

/** Google One Tap for the flows (`SocialDeps.oneTap`): only where Google's library is used. */
export const googleOneTap = {
  available: googleSdkMode,
  prompt: (onCredential: (result: SocialResult) => void): void => {
    void googleLibrary.load().then((module) => {
      module.setGoogleHandler(onCredential);
      return module.promptOneTap();
    });
  },
  cancel: (): void => {
    void googleLibrary.load().then((module) => module.cancelOneTap());
  },
};
