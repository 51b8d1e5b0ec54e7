/**
 * The HTTP headers of every response, as one ordered rule table that every host applies: the
 * `_headers` file (Cloudflare Pages and Netlify), nginx and the sandbox server. The site-wide rule
 * comes first; a later rule replaces the value of a header an earlier one set. The
 * Content-Security-Policy is added at build time from the pages' own hashes.
 *
 * The site-wide rule is the one for addresses that may carry a secret (security review, L2): never
 * stored, no Referer. Most pages' addresses do (a token in the path, a csrf, codes, a phone number
 * or id tokens in the query, a bearer token in the hash), and so may an unknown address; the route
 * table (./routes.ts) names the few pages that differ. One default keeps the rule table within
 * Cloudflare's 100 rules, and a new page safe until it says otherwise.
 */
import { LOCALES, localizedPath } from '../i18n/config.ts';
import { matchesPattern } from './rewrites.ts';
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
};

/**
 * Pages whose address may carry a secret are never stored (the site's default, which the
 * invalid-session page that answers unknown addresses with 404 shares: Cloudflare sends `no-store`
 * with every 404 whatever `_headers` says, so every host does); public pages and the files of
 * `public/` are revalidated on every visit; hashed assets never change.
 */
export const CACHE = {
  page: 'no-cache',
  asset: 'public, max-age=31536000, immutable',
  secret: 'no-store',
} as const;

/**
 * What a page lets its requests carry as Referer. None where its address may carry a secret (the
 * site's default). The origin alone from the pages that finish a sign-in with a form post to the
 * identity service (`postsToIdentityService`): with no referrer at all, that cross-origin post's
 * `Origin` would be `null`, which the service could not tell from an attacker's sandboxed frame,
 * and Google's sign-in checks the origin its library is used from. The browsers' default from the
 * pages with nothing to hide (`public`).
 */
export const REFERRER = {
  secret: 'no-referrer',
  signIn: 'strict-origin',
  public: 'strict-origin-when-cross-origin',
} as const;

/** The files of `public/`, shared by every page: revalidated like a public page. */
export const STATIC_PATTERNS: readonly string[] = ['/favicon.svg', '/images/*'];
/** Every file of the site that is not a page: the hashed assets and public/'s. */
export const FILE_PATTERNS: readonly string[] = ['/_astro/*', ...STATIC_PATTERNS];

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
 *   tests/production/vendors.spec.ts; violations are reported to Sentry: src/lib/error-reporting.ts).
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

const ALL_ROUTES = Object.values(ROUTES) as RouteDef[];

/**
 * Paths of pages whose path carries a secret (reports replace their token: src/lib/redact.ts).
 * Besides the route patterns, the pages that serve them as the hosts match them: the `?lang=`
 * shells that Cloudflare's e-mail function fetches (`/ar/email/_/verify`), and the files Netlify's
 * local runtime matches rules against after a rewrite (`/email/_/verify.html`).
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
 * navigation, so they allow popups in their opener policy.
 */
const POPUP_ROUTES: readonly RouteDef[] = [ROUTES.login, ROUTES.signup];

/** The referrer policy of a route's page (its `<meta name="referrer">` says the same). */
export function pageReferrer(route: RouteDef | undefined): string {
  if (route?.public) return REFERRER.public;
  return route?.postsToIdentityService ? REFERRER.signIn : REFERRER.secret;
}

/** What a page's own rule changes from the site-wide one (nothing for most pages). */
function pageHeaders(route: RouteDef): Record<string, string> {
  return {
    ...(POPUP_ROUTES.includes(route) ? { 'Cross-Origin-Opener-Policy': POPUP_OPENER_POLICY } : {}),
    ...(pageReferrer(route) === REFERRER.secret ? {} : { 'Referrer-Policy': pageReferrer(route) }),
    ...(route.public ? { 'Cache-Control': CACHE.page } : {}),
  };
}

/**
 * The rules of the pages whose headers are their own, at their path in every language and at
 * their file, which Netlify's local runtime matches rules against.
 */
function pageRules(): HeaderRule[] {
  return ALL_ROUTES.filter((route) => !route.secretInPath).flatMap((route) => {
    const headers = pageHeaders(route);
    if (Object.keys(headers).length === 0) return [];
    return LOCALES.flatMap((locale) => {
      const path = localizedPath(locale, route.pattern);
      return [path, pageFile(path)].map((pattern) => ({ pattern, headers }));
    });
  });
}

/** The rule table; `csp` is the site-wide policy of the build (none for the bare table). */
export function headerRules(csp?: string): HeaderRule[] {
  return [
    {
      pattern: '/*',
      headers: {
        ...SECURITY_HEADERS,
        'Referrer-Policy': REFERRER.secret,
        ...(csp ? { 'Content-Security-Policy': csp } : {}),
        'Cache-Control': CACHE.secret,
      },
    },
    { pattern: '/_astro/*', headers: { 'Cache-Control': CACHE.asset } },
    ...STATIC_PATTERNS.map((pattern) => ({ pattern, headers: { 'Cache-Control': CACHE.page } })),
    ...pageRules(),
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
