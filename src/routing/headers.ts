/**
 * The HTTP headers every host applies (CDN `_headers`, nginx, the sandbox server).
 * The Content-Security-Policy header is added at build time from the pages' own hashes.
 */
import { ROUTES, type RouteDef } from './routes.ts';
import { matchesPattern } from './rewrites.ts';
import { LOCALES, localizedPath } from '../i18n/config.ts';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Path patterns of pages whose URL carries a secret: they send no Referer at all. */
export const SECRET_PATTERNS: readonly string[] = (Object.values(ROUTES) as RouteDef[])
  .filter((route) => route.secretInPath)
  .flatMap((route) =>
    route.langFromQuery
      ? [route.pattern]
      : LOCALES.map((locale) => localizedPath(locale, route.pattern)),
  );

/**
 * Pages that open a sign-in popup (Apple, Google): their opener must survive the popup's
 * navigation, so they allow popups in their opener policy.
 */
export const POPUP_PATTERNS: readonly string[] = LOCALES.flatMap((locale) =>
  [ROUTES.login.pattern, ROUTES.signup.pattern].map((pattern) => localizedPath(locale, pattern)),
);
export const POPUP_OPENER_POLICY = 'same-origin-allow-popups';

export function hasSecretInPath(pathname: string): boolean {
  return SECRET_PATTERNS.some((pattern) => matchesPattern(pattern, pathname));
}

/** Headers for a response to `pathname` (an HTML page or an asset). */
export function headersFor(pathname: string): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS };
  if (pathname.startsWith('/_astro/')) {
    headers['Cache-Control'] = 'public, max-age=31536000, immutable';
  } else {
    headers['Cache-Control'] = 'no-cache';
  }
  if (POPUP_PATTERNS.some((pattern) => matchesPattern(pattern, pathname))) {
    headers['Cross-Origin-Opener-Policy'] = POPUP_OPENER_POLICY;
  }
  if (hasSecretInPath(pathname)) {
    headers['Referrer-Policy'] = 'no-referrer';
    headers['Cache-Control'] = 'no-store';
  }
  return headers;
}
