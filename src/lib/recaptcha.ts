/**
 * reCAPTCHA v2 (login, sign-up and recovery): shown only when the `recaptchaV2` flag is on; its token
 * is posted as `g-recaptcha-response`. A sandbox build uses a local check that needs no network.
 */
import { RECAPTCHA_SITE_KEY } from '../config.ts';
import { loadScript } from './trusted-types.ts';

/** The sandbox accepts tokens of this form; anything else fails verification. */
export const SANDBOX_RECAPTCHA_PREFIX = 'sandbox-recaptcha-';

export function sandboxRecaptchaToken(uuid: () => string = () => crypto.randomUUID()): string {
  return `${SANDBOX_RECAPTCHA_PREFIX}${uuid()}`;
}

interface Grecaptcha {
  render(element: HTMLElement, options: Record<string, unknown>): number;
  ready(callback: () => void): void;
}

let script: Promise<Grecaptcha> | undefined;

/**
 * Loads Google's v2 script once (production builds only; src/routing/headers.ts, SDK_CSP, has its
 * sources). `trustedtypes=true` asks for the loader that adds its release script through a
 * Trusted Types policy, as the site's `require-trusted-types-for 'script'` requires.
 */
export function loadGoogleRecaptcha(): Promise<Grecaptcha> {
  script ??= loadScript(
    'https://www.google.com/recaptcha/api.js?render=explicit&trustedtypes=true',
  ).then(
    () =>
      new Promise<Grecaptcha>((resolve, reject) => {
        const api = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
        if (api) api.ready(() => resolve(api));
        else reject(new Error('reCAPTCHA did not load'));
      }),
    (error: unknown) => {
      script = undefined;
      throw error;
    },
  );
  return script;
}

export function renderGoogleRecaptcha(
  api: Grecaptcha,
  element: HTMLElement,
  onToken: (token: string) => void,
  onExpired: () => void,
): void {
  api.render(element, {
    sitekey: RECAPTCHA_SITE_KEY,
    callback: onToken,
    'expired-callback': onExpired,
  });
}
