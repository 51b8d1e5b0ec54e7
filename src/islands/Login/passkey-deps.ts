/**
 * The browser's side of the passkey deps (src/stores/flows/passkey.ts). Only the support check is
 * in the page's first load; the ceremonies and the passkey calls load when one starts.
 */
import { profiling } from '../../stores/flows/browser-deps.ts';
import { NO_SUPPORT, type PasskeyDeps, type PasskeySupport } from '../../stores/flows/passkey.ts';
import { passkeyDevice } from '../../lib/passkey-device.ts';

type Helpers = typeof PublicKeyCredential & {
  parseRequestOptionsFromJSON?: unknown;
  parseCreationOptionsFromJSON?: unknown;
};

/** Passkeys run where WebAuthn has its JSON helpers (Chromium 129+, Firefox 119+, Safari 18.4+). */
async function support(): Promise<PasskeySupport> {
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

const load = () =>
  Promise.all([import('../../lib/passkey-ceremony.ts'), import('../../api/passkeys.ts')]);

export const browserPasskeys: Pick<PasskeyDeps, 'support' | 'signIn' | 'enrol' | 'device'> = {
  support,
  async signIn(mode, signal, onAsserted, context) {
    const [ceremony, api] = await load();
    const options = await api.passkeyLoginOptions(context, signal);
    const credential = await ceremony.getPasskey(options, mode, signal);
    onAsserted();
    return api.passkeyLogin(credential, profiling(), context);
  },
  async enrol(token, signal) {
    const [ceremony, api] = await load();
    const options = await api.passkeyRegistrationOptions(token);
    const credential = await ceremony.createPasskey(options, signal);
    await api.registerPasskey(token, credential);
  },
  device: passkeyDevice,
};
