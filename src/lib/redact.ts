/**
 * Scrubbing for anything that leaves the page for a third party (analytics, error reports):
 * no tokens, passwords, codes, e-mails or full phone numbers.
 */
import { hasSecretInPath } from '../routing/headers.ts';
import { redactText } from './redact-text.ts';

export { redactText };

/** Query parameters whose values are secrets or personal data. */
const SECRET_PARAMS =
  /^(csrf|_csrf|token|access_token|id_token|code|otp|password|phone|phoneNumber|fullMobileNumber|email|appleIdToken|googleIdToken|corporateInvitationToken|verificationId|g-recaptcha-response)$/i;

/** A URL without its hash, with secret query values and token path segments replaced. */
export function redactUrl(raw: string, base = 'https://invalid.example'): string {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return '[url]';
  }
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) {
    if (SECRET_PARAMS.test(key)) url.searchParams.set(key, '[redacted]');
    else url.searchParams.set(key, redactText(url.searchParams.get(key) ?? ''));
  }
  if (hasSecretInPath(url.pathname)) {
    const segments = url.pathname.split('/');
    // The token is the last segment, except for /email/{id}/verify|unlink.
    const index = /\/email\/[^/]+\/(verify|unlink)\/?$/.test(url.pathname)
      ? segments.length - (url.pathname.endsWith('/') ? 3 : 2)
      : segments.length - (url.pathname.endsWith('/') ? 2 : 1);
    segments[index] = ':token';
    url.pathname = segments.join('/');
  }
  const path = `${url.pathname}${url.search}`;
  return url.origin === base ? path : `${url.origin}${path}`;
}
