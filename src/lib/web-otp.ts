/**
 * WebOTP (Android's Chrome): the code of an SMS whose last line is `@{this host} #{code}` is
 * offered to the page. Safari fills the same SMS through `autocomplete=one-time-code` alone.
 */
interface OtpCredential extends Credential {
  code: string;
}

/**
 * Asks the browser for the code of the next SMS bound to this origin (WebOTP), again after each
 * code, until the returned cleanup aborts it. Nothing happens where the browser lacks WebOTP.
 */
export function armWebOtp(
  fill: (code: string) => void,
  credentials: CredentialsContainer | undefined = globalThis.navigator?.credentials,
  supported = typeof window !== 'undefined' && 'OTPCredential' in window,
): () => void {
  if (!supported || !credentials) return () => undefined;
  const abort = new AbortController();
  const request = () => {
    const options = {
      otp: { transport: ['sms'] },
      signal: abort.signal,
    } as CredentialRequestOptions;
    credentials.get(options).then(
      (credential) => {
        if (abort.signal.aborted) return;
        const code = (credential as OtpCredential | null)?.code;
        if (!code) return;
        fill(code);
        request();
      },
      () => undefined,
    );
  };
  request();
  return () => abort.abort();
}
