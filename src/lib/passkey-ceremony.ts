/**
 * The browser's side of a passkey ceremony, loaded only when one starts (the login page imports
 * it lazily): the server's JSON options become the platform's objects with
 * `PublicKeyCredential.parse*OptionsFromJSON`, the credential goes back with `toJSON()`. The
 * ceremony ends with a `TimeoutError` DOMException when the options' timeout passes (browsers
 * report a timeout and a cancel alike, as `NotAllowedError`), and with the caller's reason when
 * the caller aborts.
 */
import type {
  AuthenticationCredentialJSON,
  CreationOptionsJSON,
  RegistrationCredentialJSON,
  RequestOptionsJSON,
} from '../contract/passkeys.ts';

const DEFAULT_TIMEOUT_MS = 120_000;
/** The browser is given longer than the page waits, so the page's timeout is the one that ends it. */
const BROWSER_GRACE_MS = 5_000;

/** The options' timeout, and the options as the browser gets them (a little longer). */
function timing<T extends { timeout?: number | undefined }>(options: T): [number, T] {
  const ms = options.timeout ?? DEFAULT_TIMEOUT_MS;
  return [ms, { ...options, timeout: ms + BROWSER_GRACE_MS }];
}

/** A signal that aborts with the caller's, or with a `TimeoutError` after `ms`. */
function withTimeout(signal: AbortSignal, ms: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The passkey request timed out', 'TimeoutError')),
    ms,
  );
  const forward = () => controller.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', forward);
    },
  };
}

/** Runs `ceremony`, turning an abort into the signal's reason (timeout or the caller's). */
async function run<T>(signal: AbortSignal, ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    if (signal.aborted && signal.reason instanceof Error) throw signal.reason;
    throw error;
  }
}

/** A passkey assertion: the modal request (the button) or the autofill one (`conditional`). */
export async function getPasskey(
  options: RequestOptionsJSON,
  mode: 'modal' | 'conditional',
  outer: AbortSignal,
): Promise<AuthenticationCredentialJSON> {
  // Autofill waits for the person as long as the page shows the field; the modal request times out.
  const [ms, browserOptions] = timing(options);
  const timed = withTimeout(outer, mode === 'conditional' ? 2 ** 31 - 1 : ms);
  try {
    const credential = await run(timed.signal, () =>
      navigator.credentials.get({
        publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(
          browserOptions as PublicKeyCredentialRequestOptionsJSON,
        ),
        signal: timed.signal,
        ...(mode === 'conditional' ? { mediation: 'conditional' as const } : {}),
      }),
    );
    if (!(credential instanceof PublicKeyCredential)) throw new DOMException('', 'NotAllowedError');
    return credential.toJSON() as unknown as AuthenticationCredentialJSON;
  } finally {
    timed.done();
  }
}

/** A new passkey for the options' account on this device. */
export async function createPasskey(
  options: CreationOptionsJSON,
  outer: AbortSignal,
): Promise<RegistrationCredentialJSON> {
  const [ms, browserOptions] = timing(options);
  const timed = withTimeout(outer, ms);
  try {
    const credential = await run(timed.signal, () =>
      navigator.credentials.create({
        publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(
          browserOptions as PublicKeyCredentialCreationOptionsJSON,
        ),
        signal: timed.signal,
      }),
    );
    if (!(credential instanceof PublicKeyCredential)) throw new DOMException('', 'NotAllowedError');
    return credential.toJSON() as unknown as RegistrationCredentialJSON;
  } finally {
    timed.done();
  }
}
