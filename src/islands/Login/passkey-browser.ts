/**
 * The browser's side of passkeys for the login: what it supports, the ceremonies, the calls and
 * the views (./PasskeyViews.tsx). Loaded once the page runs (./passkey-deps.ts), so /login's first
 * load does not carry them.
 */
import * as api from '../../api/passkeys.ts';
import { createPasskey, getPasskey } from '../../lib/passkey-ceremony.ts';
import { passkeyDevice } from '../../lib/passkey-device.ts';
import {
  pageRpId,
  signalCurrentUserDetails,
  signalUnknownCredential,
} from '../../lib/passkey-signals.ts';
import { profiling } from '../../stores/flows/browser-deps.ts';
import type { PasskeyDeps, PasskeySupport } from '../../stores/flows/passkey.ts';
import { ERROR, UNKNOWN_CREDENTIAL } from '../../contract/errors.ts';
import { toFailure, type ApiFailure } from '../../api/errors.ts';

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

/** The service does not (or no longer) know the passkey: the browser may stop offering it. */
export function isUnknownCredential(failure: ApiFailure): boolean {
  return (
    failure.kind === 'http' &&
    failure.body?.error === ERROR.invalidPasskey &&
    failure.body.additional_information?.['reason'] === UNKNOWN_CREDENTIAL
  );
}

/**
 * The sign-in, and what the browser's passkey manager is told of it (feature-detected, silent):
 * a passkey the service does not know, so it stops offering it; after a sign-in, the account's
 * current names.
 */
export const signIn: PasskeyDeps['signIn'] = async (mode, signal, onAsserted, context) => {
  const options = await api.passkeyLoginOptions(context, signal);
  const credential = await getPasskey(options, mode, signal);
  onAsserted();
  const rpId = options.rpId ?? pageRpId();
  try {
    const answer = await api.passkeyLogin(credential, profiling(), context);
    const user = answer.user;
    if (user) {
      signalCurrentUserDetails(
        { userId: user.id, name: user.name, displayName: user.displayName },
        rpId,
      );
    }
    return answer.token;
  } catch (error) {
    if (isUnknownCredential(toFailure(error))) signalUnknownCredential(credential.id, rpId);
    throw error;
  }
};

export const enrol: PasskeyDeps['enrol'] = async (token, signal) => {
  const options = await api.passkeyRegistrationOptions(token);
  const credential = await createPasskey(options, signal);
  await api.registerPasskey(token, credential);
};

export const device = passkeyDevice;
