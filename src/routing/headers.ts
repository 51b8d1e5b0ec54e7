/**
 * The HTTP headers of every response, as one ordered rule table that every host applies: the
 * `_headers` file (Cloudflare Pages and Netlify), nginx and the sandbox server. The site-wide rule
 * comes first; a later rule replaces the value of a header an earlier one set. The
 * Content-Security-Policy is added at build time from the pages' own hashes.
 */
import { LOCALES, localizedPath } from '../i18n/config.ts';
import { matchesPattern, notFoundPage } from './rewrites.ts';
import { pageFile, ROUTES, shellPath, type RouteDef } from './routes.ts';

export interface HeaderRule {
  readonly pattern: string;
  readonly headers: Readonly<Record<string, string>>;
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * HTML is revalidated on every visit; hashed assets never change; token pages are never stored,
 * nor the invalid-session page that answers unknown addresses with 404 (Cloudflare sends
 * `no-store` with every 404 whatever `_headers` says, so every host does).
 */
export const CACHE = {
  page: 'no-cache',
  asset: 'public, max-age=31536000, immutable',
  secret: 'no-store',
} as const;

export const POPUP_OPENER_POLICY = 'same-origin-allow-popups';

/**
 * What a production build's Content-Security-Policy allows for the vendors' scripts it loads on
 * demand (src/lib/trusted-types.ts lists their addresses), each source path-restricted as its
 * vendor documents it, and no wider (never a bare `https://www.google.com`, whose JSONP endpoints
 * would bypass `script-src`). A sandbox build allows none of them. Where each comes from:
 * - reCAPTCHA v2: Google's reCAPTCHA FAQ ("I'm using Content-Security-Policy (CSP) on my website.
 *   How can I configure it to work with reCAPTCHA?"): `script-src https://www.google.com/recaptcha/
 *   https://www.gstatic.com/recaptcha/` (api.js loads its release, recaptcha__{lang}.js, from
 *   www.gstatic.com) and `frame-src https://www.google.com/recaptcha/
 *   https://recaptcha.google.com/recaptcha/` (the checkbox and the challenge frames).
 * - Sign in with Google, Google Identity Services: its setup guide, "Content Security Policy":
 *   `script-src https://accounts.google.com/gsi/client`, `frame-src` and `connect-src
 *   https://accounts.google.com/gsi/` (the button's frame, the FedCM and One Tap calls),
 *   `style-src https://accounts.google.com/gsi/style`.
 * - Sign in with Apple JS: Apple's "Configuring your webpage for Sign in with Apple" loads
 *   appleid.auth.js from appleid.cdn-apple.com (`/appleauth/static/jsapi/appleid/1/{locale}/`);
 *   in popup mode its sign-in is a window on appleid.apple.com that answers with `postMessage`,
 *   which no directive of the opening page governs, so Apple needs no `frame-src`.
 * - `trustedTypes`: the policy names the vendors' code creates under `require-trusted-types-for
 *   'script'` besides the site's own (`account-scripts`): Google's Closure-compiled libraries
 *   (reCAPTCHA's release and its `trustedtypes=true` loader, Google Identity Services) each create
 *   `goog#html`, so a page with two of them needs `'allow-duplicates'` (none of the vendors
 *   documents its names: these are what the browser tests' vendor stand-ins show are needed,
 *   tests/production/vendors.spec.ts, and violations are reported to Sentry: see docs/production.md).
 */
export const SDK_CSP = {
  script: [
    'https://www.google.com/recaptcha/',
    'https://www.gstatic.com/recaptcha/',
    'https://accounts.google.com/gsi/client',
    'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/',
  ],
  frame: [
    'https://www.google.com/recaptcha/',
    'https://recaptcha.google.com/recaptcha/',
    'https://accounts.google.com/gsi/',
  ],
  connect: ['https://accounts.google.com/gsi/'],
  style: ['https://accounts.google.com/gsi/style'],
  trustedTypes: ['goog#html', "'allow-duplicates'"],
} as const satisfies Record<string, readonly string[]>;

/** The `report-to` group of the CSP (the `Reporting-Endpoints` header names its address). */
export const CSP_REPORT_GROUP = 'csp-endpoint';

const ALL_ROUTES = Object.values(ROUTES) as RouteDef[];

/**
 * Paths of pages whose URL carries a secret: they send no Referer and are never stored. Besides
 * the route patterns, the pages that serve them as the hosts match them: the `?lang=` shells that
 * Cloudflare's e-mail function fetches (`/ar/email/_/verify`), and the files Netlify's local
 * runtime matches rules against after a rewrite (`/email/_/verify.html`).
 */
export const SECRET_PATTERNS: readonly string[] = [
  ...new Set(
    ALL_ROUTES.filter((route) => route.secretInPath).flatMap((route) => {
      if (!route.langFromQuery) return LOCALES.map((l) => localizedPath(l, route.pattern));
      const shells = LOCALES.map((locale) => localizedPath(locale, shellPath(route)));
      return [route.pattern, ...shells.filter((shell) => shell !== shellPath(route))].flatMap(
        (path) => [path, pageFile(path)],
      );
    }),
  ),
];

/**
 * Pages that open a sign-in popup (Apple, Google): their opener must survive the popup's
 * navigation, so they allow popups in their opener policy. Their files too, which Netlify's
 * local runtime matches rules against.
 */
export const POPUP_PATTERNS: readonly string[] = LOCALES.flatMap((locale) =>
  [ROUTES.login.pattern, ROUTES.signup.pattern].flatMap((pattern) => {
    const path = localizedPath(locale, pattern);
    return [path, pageFile(path)];
  }),
);

/** The files of the invalid-session pages that unknown addresses get with status 404. */
export const NOT_FOUND_FILES: readonly string[] = LOCALES.map((l) => pageFile(notFoundPage(l)));

/**
 * The rule table; `csp` is the site-wide policy of the build (none for the bare table), and
 * `reportTo` where its violations are reported (src/routing/hosting.ts, `headerPolicy`), which
 * the `Reporting-Endpoints` header names for the policy's `report-to`.
 */
export function headerRules(csp?: string, reportTo?: string): HeaderRule[] {
  return [
    {
      pattern: '/*',
      headers: {
        ...SECURITY_HEADERS,
        ...(csp ? { 'Content-Security-Policy': csp } : {}),
        ...(csp && reportTo ? { 'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${reportTo}"` } : {}),
        'Cache-Control': CACHE.page,
      },
    },
    { pattern: '/_astro/*', headers: { 'Cache-Control': CACHE.asset } },
    ...POPUP_PATTERNS.map((pattern) => ({
      pattern,
      headers: { 'Cross-Origin-Opener-Policy': POPUP_OPENER_POLICY },
    })),
    ...SECRET_PATTERNS.map((pattern) => ({
      pattern,
      headers: { 'Referrer-Policy': 'no-referrer', 'Cache-Control': CACHE.secret },
    })),
    ...NOT_FOUND_FILES.map((pattern) => ({
      pattern,
      headers: { 'Cache-Control': CACHE.secret },
    })),
  ];
}

/** The headers for a path: every matching rule in order, a later value replacing an earlier one. */
export function headersForPath(
  rules: readonly HeaderRule[],
  pathname: string,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (matchesPattern(rule.pattern, pathname)) Object.assign(headers, rule.headers);
  }
  return headers;
}

const BARE_RULES = headerRules();

/** Headers for a response to `pathname` (an HTML page or an asset), without the build's CSP. */
export function headersFor(pathname: string): Record<string, string> {
  return headersForPath(BARE_RULES, pathname);
}

export function hasSecretInPath(pathname: string): boolean {
  return SECRET_PATTERNS.some((pattern) => matchesPattern(pattern, pathname));
}
