/**
 * The WebAuthn signal API (WebAuthn Level 3, section 5.1.10): the page tells the browser's
 * passkey manager what the relying party knows, so it stops offering a passkey the account no
 * longer has and shows the account's current names. Each call is feature-detected and silent:
 * where the browser lacks the method, or refuses the signal, nothing happens and nothing is said.
 */

interface SignalApi {
  signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void>;
  signalAllAcceptedCredentials?: (options: {
    rpId: string;
    userId: string;
    allAcceptedCredentialIds: string[];
  }) => Promise<void>;
  signalCurrentUserDetails?: (options: {
    rpId: string;
    userId: string;
    name: string;
    displayName: string;
  }) => Promise<void>;
}

type SignalName = keyof SignalApi;

function send<N extends SignalName>(name: N, options: Parameters<NonNullable<SignalApi[N]>>[0]) {
  const api = (globalThis as { PublicKeyCredential?: SignalApi }).PublicKeyCredential;
  const method = api?.[name];
  if (!api || typeof method !== 'function') return;
  try {
    const call = method as (this: SignalApi, value: typeof options) => Promise<void>;
    void call.call(api, options).catch(() => undefined);
  } catch {
    // A browser that throws at once (a bad id, an insecure origin): nothing to tell anyone.
  }
}

/** The site's relying-party id: the page's host (as the sandbox and the identity API use it). */
export const pageRpId = (): string => location.hostname;

/** A passkey sign-in was refused as an unknown credential: the browser may hide it. */
export function signalUnknownCredential(credentialId: string, rpId = pageRpId()): void {
  send('signalUnknownCredential', { rpId, credentialId });
}

/** Every passkey the account still has on this site (`userId`: the user handle, base64url). */
export function signalAllAcceptedCredentials(
  userId: string,
  allAcceptedCredentialIds: string[],
  rpId = pageRpId(),
): void {
  send('signalAllAcceptedCredentials', { rpId, userId, allAcceptedCredentialIds });
}

/** The account's current names, after a sign-in. */
export function signalCurrentUserDetails(
  user: { userId: string; name: string; displayName: string },
  rpId = pageRpId(),
): void {
  send('signalCurrentUserDetails', { rpId, ...user });
}
