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
  if (hasSecretInPath(pathname)) {
    headers['Referrer-Policy'] = 'no-referrer';
    headers['Cache-Control'] = 'no-store';
  }
  return headers;
}
