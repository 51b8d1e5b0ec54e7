/**
 * The browser's side of passkeys for the login: what it supports, the ceremonies, the calls and
 * the views (./PasskeyViews.tsx). Loaded once the page runs (./passkey-deps.ts), so /login's first
 * load does not carry them.
 */
import * as api from '../../api/passkeys.ts';
import { createPasskey, getPasskey } from '../../lib/passkey-ceremony.ts';
import { passkeyDevice } from '../../lib/passkey-device.ts';
import { profiling } from '../../stores/flows/browser-deps.ts';
import type { PasskeyDeps, PasskeySupport } from '../../stores/flows/passkey.ts';

export { PasskeyOffer, PasskeySignIn } from './PasskeyViews.tsx';

type Helpers = typeof PublicKeyCredential & {
  parseRequestOptionsFromJSON?: unknown;
  parseCreationOptionsFromJSON?: unknown;
};

const NO_SUPPORT: PasskeySupport = { passkeys: false, autofill: false, platform: false };

/** Passkeys run where WebAuthn has its JSON helpers (Chromium 129+, Firefox 119+, Safari 18.4+). */
export async function support(): Promise<PasskeySupport> {
  const credential = globalThis.PublicKeyCredential as Helpers | undefined;
  if (
    !credential ||
    typeof credential.parseRequestOptionsFromJSON !== 'function' ||
    typeof credential.parseCreationOptionsFromJSON !== 'function'
  ) {
    return NO_SUPPORT;
  }
  const [autofill, platform] = await Promise.all([
    credential.isConditionalMediationAvailable?.().catch(() => false) ?? false,
    credential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false),
  ]);
  return { passkeys: true, autofill, platform };
}

export const signIn: PasskeyDeps['signIn'] = async (mode, signal, onAsserted, context) => {
  const options = await api.passkeyLoginOptions(context, signal);
  const credential = await getPasskey(options, mode, signal);
  onAsserted();
  return api.passkeyLogin(credential, profiling(), context);
};

export const enrol: PasskeyDeps['enrol'] = async (token, signal) => {
  const options = await api.passkeyRegistrationOptions(token);
  const credential = await createPasskey(options, signal);
  await api.registerPasskey(token, credential);
};

export const device = passkeyDevice;
