/**
 * The sign-up's calls: the onboarding, the Apple and Google logins (the flow's effects make them)
 * and the code step's, the device record and id they send, and the waits this tab keeps. None is
 * made on the first view: Signup.tsx loads them later.
 */
import { onboard } from '../../api/signup.ts';
import type { OnboardBody } from '../../contract/onboarder.ts';
import type { Locale } from '../../i18n/config.ts';
import { deviceIdentity } from '../../lib/device.ts';
import { reportError } from '../../lib/error-reporting.ts';

export { appleLogin, googleLogin } from '../../api/login.ts';
export { sendOtp, verifyOtp } from '../../api/otp.ts';
export { sessionWaits } from '../../lib/wait-store.ts';
export { profiling, shieldParams } from '../../stores/flows/device-deps.ts';

/** The onboarding, in the page's language, with this browser's device id and session. */
export function onboardFrom(
  language: Locale,
  body: OnboardBody,
  context: { clientId?: string | undefined },
): Promise<string> {
  return onboard(body, { clientId: context.clientId, language, device: deviceIdentity() });
}

let fallbackReported = false;

/** The device id sent in the body; a missing one falls back to a random uuid, reported once. */
export function deviceId(): string {
  const identity = deviceIdentity();
  if (identity.fallback && !fallbackReported) {
    fallbackReported = true;
    reportError(new Error('Device id unavailable: a random uuid was sent'));
  }
  return identity.deviceId;
}
