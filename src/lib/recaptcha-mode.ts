/**
 * Whether reCAPTCHA v2 is shown, and whose: the `recaptchaV2` flag, the build (a sandbox build
 * checks locally) and the site key. A module of its own: the forms ask this on their first view,
 * while the check itself (src/lib/recaptcha.ts, src/ui/Recaptcha.tsx) loads only with the view
 * that shows it.
 */
import { RECAPTCHA_SITE_KEY, SANDBOX } from '../config.ts';

export type RecaptchaMode = 'off' | 'sandbox' | 'google';

export function recaptchaMode(flagOn: boolean): RecaptchaMode {
  if (!flagOn) return 'off';
  if (SANDBOX) return 'sandbox';
  return RECAPTCHA_SITE_KEY ? 'google' : 'off';
}
