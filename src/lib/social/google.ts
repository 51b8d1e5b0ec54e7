/**
 * Google sign-in (production builds): Google Identity Services, loaded on first use. Google's own
 * button (`renderButton`, FedCM in button mode) instead of One Tap's prompt behind our button:
 * Google and Chrome stop showing a closed prompt for hours to weeks, which would lock a
 * Google-only account out; the button always works. One Tap is only ever an extra (a remote flag).
 * Every credential, from the button or One Tap, goes to the one handler `setGoogleHandler` set.
 * The library is initialised with a nonce of the identity API, which the credential carries and
 * the login sends back; each credential spends it, and the library is initialised again with a
 * new one (also before one expires: Google keeps the last `initialize`'s options).
 */
import { NONCE_MARGIN_MS, takeNonce } from '../../api/social-nonce.ts';
import { GOOGLE_CLIENT_ID } from '../../config.ts';
import { loadScript } from '../trusted-types.ts';
import { claimString, SocialError, tokenClaims } from './results.ts';
import type { SocialResult } from './types.ts';

export const GOOGLE_SDK_URL = 'https://accounts.google.com/gsi/client';

/** Under FedCM Google reports fewer moments: every method is optional here. */
interface PromptMoment {
  isNotDisplayed?(): boolean;
  isSkippedMoment?(): boolean;
}

/** The part of `google.accounts.id` this module calls. */
export interface GoogleId {
  initialize(options: Record<string, unknown>): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
  prompt(listener?: (moment: PromptMoment) => void): void;
  cancel(): void;
}

/** Google's button text, by page: sign in on /login, sign up on /signup/. */
export type GoogleButtonText = 'signin_with' | 'signup_with';

export interface GoogleButtonOptions {
  text: GoogleButtonText;
  /** The page's language (Google picks the nearest it has). */
  locale: string;
  /** Pixels, 200 to 400 (Google's limits). */
  width: number;
}

let loading: Promise<GoogleId> | undefined;
let handler: ((result: SocialResult) => void) | undefined;
let renewal: ReturnType<typeof setTimeout> | undefined;

/** A credential answer as a social result; an answer without a credential fails. */
export function googleResult(answer: { credential?: unknown }): SocialResult {
  const credential = answer.credential;
  if (typeof credential !== 'string' || credential === '') {
    throw new SocialError('other', 'Google returned no credential');
  }
  return { idToken: credential, email: claimString(tokenClaims(credential), 'email') };
}

/** Who receives the next credential (the page's flow). */
export function setGoogleHandler(next: ((result: SocialResult) => void) | undefined): void {
  handler = next;
}

/**
 * Initialises Google's library with a new nonce of the identity API, and again shortly before
 * that nonce expires.
 */
async function initializeWithNonce(id: GoogleId, options: Record<string, unknown>): Promise<void> {
  const { nonce, until } = await takeNonce();
  id.initialize({ ...options, nonce });
  clearTimeout(renewal);
  renewal = setTimeout(
    () => void initializeWithNonce(id, options).catch(() => undefined),
    Math.max(0, until - NONCE_MARGIN_MS - Date.now()),
  );
}

/** Loads the library once and initialises it: FedCM for the button and for One Tap. */
export function loadGoogleId(context: 'signin' | 'signup' = 'signin'): Promise<GoogleId> {
  loading ??= loadScript(GOOGLE_SDK_URL)
    .catch(() => {
      throw new SocialError('script');
    })
    .then(async () => {
      const id = (window as unknown as { google?: { accounts?: { id?: GoogleId } } }).google
        ?.accounts?.id;
      if (!id) throw new SocialError('script');
      const options: Record<string, unknown> = {
        client_id: GOOGLE_CLIENT_ID,
        callback: (answer: { credential?: unknown }) => {
          try {
            handler?.(googleResult(answer));
          } catch {
            // No credential: nothing to sign in with; the button stays for another try.
          }
          // Its nonce is spent (or was refused): the next credential comes with a new one.
          void initializeWithNonce(id, options).catch(() => undefined);
        },
        context,
        ux_mode: 'popup',
        use_fedcm_for_button: true,
        use_fedcm_for_prompt: true,
        itp_support: true,
        cancel_on_tap_outside: true,
      };
      await initializeWithNonce(id, options);
      return id;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error instanceof SocialError ? error : new SocialError('other');
    });
  return loading;
}

/**
 * Draws Google's button into `parent`. Rejects when it cannot be shown (the library did not
 * load, or drew nothing): the page keeps its own button, which opens the OAuth popup.
 */
export async function renderGoogleButton(
  parent: HTMLElement,
  options: GoogleButtonOptions,
): Promise<void> {
  const id = await loadGoogleId(options.text === 'signup_with' ? 'signup' : 'signin');
  try {
    id.renderButton(parent, {
      type: 'standard',
      theme: 'outline',
      size: 'large',
      shape: 'rectangular',
      logo_alignment: 'center',
      text: options.text,
      locale: options.locale,
      width: Math.round(Math.min(400, Math.max(200, options.width))),
    });
  } catch {
    throw new SocialError('other', 'Google button not drawn');
  }
  if (parent.childElementCount === 0) throw new SocialError('other', 'Google button not drawn');
}

/** One Tap, once: resolves whether it was shown (a suppressed or skipped prompt is not). */
export async function promptOneTap(): Promise<boolean> {
  const id = await loadGoogleId();
  return new Promise((resolve) => {
    id.prompt((moment) => {
      if (moment.isNotDisplayed?.() || moment.isSkippedMoment?.()) resolve(false);
      else resolve(true);
    });
  });
}

/** Closes One Tap if it is open (the person started typing a number). */
export function cancelOneTap(): void {
  void loading?.then((id) => id.cancel()).catch(() => undefined);
}
