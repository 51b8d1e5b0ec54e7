/**
 * Trusted Types: the CSP requires them for every script sink. The only scripts the product ever
 * adds are the third-party SDKs of a production build (reCAPTCHA, Apple, Google), and only from
 * these addresses, through the site's one policy (`account-scripts`); the vendors' code creates
 * its own (src/routing/headers.ts, SDK_CSP.trustedTypes).
 */
export const SCRIPT_POLICY_NAME = 'account-scripts';

export const ALLOWED_SCRIPT_URLS = [
  'https://www.google.com/recaptcha/api.js',
  'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
  'https://accounts.google.com/gsi/client',
] as const;

export function isAllowedScriptUrl(url: string): boolean {
  return ALLOWED_SCRIPT_URLS.some((allowed) => url === allowed || url.startsWith(`${allowed}?`));
}

interface TrustedTypePolicyLike {
  createScriptURL(url: string): unknown;
}
interface TrustedTypesLike {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): TrustedTypePolicyLike;
}

let policy: TrustedTypePolicyLike | undefined;

/** A script URL the browser will accept under Trusted Types; throws for any other address. */
export function trustedScriptUrl(url: string): string {
  if (!isAllowedScriptUrl(url)) throw new Error('Script address not allowed');
  const factory = (globalThis as { trustedTypes?: TrustedTypesLike }).trustedTypes;
  if (!factory) return url;
  policy ??= factory.createPolicy(SCRIPT_POLICY_NAME, {
    createScriptURL: (value) => {
      if (!isAllowedScriptUrl(value)) throw new Error('Script address not allowed');
      return value;
    },
  });
  return policy.createScriptURL(url) as string;
}

/** Adds a third-party script from the allow-list, resolving when it has loaded. */
export function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const element = document.createElement('script');
    element.src = trustedScriptUrl(url);
    element.async = true;
    element.onload = () => resolve();
    element.onerror = () => reject(new Error('The script did not load'));
    document.head.append(element);
  });
}
