/**
 * The path rewrites that map real paths (with tokens, with `?lang=`) onto the pre-rendered pages,
 * and the localized 404s. One list feeds every host: the `_redirects` file (Cloudflare Pages and
 * Netlify), `netlify.toml` (the rules only Netlify can express), the Cloudflare function of the
 * e-mail routes (`functions/email/`), the nginx configuration and the sandbox server.
 */
import { DEFAULT_LOCALE, LOCALES, localizedPath, type Locale } from '../i18n/config.ts';
import { FILE_PATTERNS } from './headers.ts';
import { pageFile, ROUTES, shellPath, type RouteDef } from './routes.ts';

export interface Rewrite {
  /** Path pattern: `:name` is one segment, a trailing `*` the rest. */
  readonly from: string;
  /** Only when `?lang=` has this value. */
  readonly lang?: Locale;
  /** The page path to serve (`/password/_`); `pageFile()` gives its file. */
  readonly to: string;
  readonly status: 200 | 404;
  /**
   * A rule of a route whose language comes from `?lang=`: only Netlify's rules and nginx can
   * match a query, so Cloudflare runs these in a function and `_redirects` leaves them out.
   */
  readonly byQuery?: true;
}

const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** The localized 404 page of a language (`/404`, `/ar/404`): file `404.html`, `ar/404.html`. */
export function notFoundPage(locale: Locale): string {
  return localizedPath(locale, '/404');
}

export function buildRewrites(): Rewrite[] {
  const rules: Rewrite[] = [];
  for (const route of Object.values(ROUTES) as RouteDef[]) {
    if (!route.pattern.includes(':')) continue;
    const shell = shellPath(route);
    if (route.langFromQuery) {
      for (const lang of OTHER_LOCALES) {
        const to = localizedPath(lang, shell);
        rules.push({ from: route.pattern, lang, to, status: 200, byQuery: true });
      }
      rules.push({ from: route.pattern, to: shell, status: 200, byQuery: true });
    } else {
      for (const locale of LOCALES) {
        const from = localizedPath(locale, route.pattern);
        rules.push({ from, to: localizedPath(locale, shell), status: 200 });
      }
    }
  }
  for (const locale of OTHER_LOCALES) {
    rules.push({ from: `/${locale}/*`, to: notFoundPage(locale), status: 404 });
  }
  rules.push({ from: '/*', to: notFoundPage(DEFAULT_LOCALE), status: 404 });
  return rules;
}

export const REWRITES: readonly Rewrite[] = buildRewrites();

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = trimSlash(pattern).split('/');
  const have = trimSlash(pathname).split('/');
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i];
    if (part === '*') return true;
    const got = have[i];
    if (got === undefined) return false;
    if (part?.startsWith(':')) {
      if (got === '') return false;
    } else if (part !== got) {
      return false;
    }
  }
  return want.length === have.length;
}

/** The rewrite that serves a request for which no file exists, or undefined. */
export function findRewrite(pathname: string, search: URLSearchParams): Rewrite | undefined {
  const lang = search.get('lang');
  return REWRITES.find(
    (rule) =>
      (rule.lang === undefined || rule.lang === lang) && matchesPattern(rule.from, pathname),
  );
}

/**
 * `_redirects`, read by Cloudflare Pages and Netlify: the token routes whose language is in the
 * path, each onto its page path (Cloudflare serves `/password/_` from `password/_.html`; a target
 * ending in `.html` would be redirected). Cloudflare's `_redirects` knows no query conditions and
 * no 404 status: those rules are in `netlify.toml` and, on Cloudflare, in its function and its
 * nearest-`404.html` rule.
 */
export function renderRedirectsFile(rules: readonly Rewrite[] = REWRITES): string {
  const lines = rules
    .filter((rule) => rule.status === 200 && !rule.byQuery)
    .map((rule) => `${rule.from}  ${rule.to}  200`);
  return `# Generated from src/routing/rewrites.ts by the build. Do not edit.\n${lines.join('\n')}\n`;
}

/**
 * `netlify.toml`: the build settings, the edge function of the door (netlify/edge-functions/door.ts,
 * on every address but the files), and the rules only Netlify can express in configuration, read
 * after `_redirects`: the e-mail routes by `?lang=` (then English), and the localized 404s.
 */
export function renderNetlifyToml(rules: readonly Rewrite[] = REWRITES): string {
  const blocks = rules
    .filter((rule) => rule.byQuery || rule.status === 404)
    .map((rule) =>
      [
        '[[redirects]]',
        `from = "${rule.from}"`,
        `to = "${pageFile(rule.to)}"`,
        `status = ${rule.status}`,
        ...(rule.lang ? [`query = { lang = "${rule.lang}" }`] : []),
      ].join('\n'),
    );
  return `# Generated from src/routing/rewrites.ts (npm run write:hosting). Do not edit by hand.
# Netlify: the build, and the rules _redirects cannot carry for every host (see README, Deploying).
[build]
command = "npm run build"
publish = "dist"

# A Git deploy is a production build: without the back ends' URLs (the site's environment
# variables) it fails at build time, naming the first one missing (src/integrations/build-env.ts).
[build.environment]
PUBLIC_SANDBOX = "false"

# Language at the door (src/routing/door.ts), before any page is sent.
[[edge_functions]]
function = "door"
path = "/*"
excludedPath = [${FILE_PATTERNS.map((pattern) => `"${pattern}"`).join(', ')}]

${blocks.join('\n\n')}
`;
}
