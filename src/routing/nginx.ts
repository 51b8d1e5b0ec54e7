/**
 * deploy/nginx.conf, generated from the same rewrite table and header rules as the CDN files,
 * so self-hosting behaves exactly like the CDN. `npm run write:hosting` rewrites it; a unit test
 * fails when the committed file is out of date.
 */
import { DEFAULT_LOCALE, LOCALES, localizedPath } from '../i18n/config.ts';
import { headersFor, STATIC_PATTERNS, type HeaderRule } from './headers.ts';
import { renderDoorMaps } from './nginx-door.ts';
import { notFoundPage, REWRITES, type Rewrite } from './rewrites.ts';
import { pageFile, ROUTES, type RouteDef } from './routes.ts';

const ROOT = '/srv/account/dist';
/** The site-wide headers (with the build's CSP), written by the build next to the pages. */
const SNIPPET = `include ${ROOT}/_nginx/headers.conf;`;
/** Headers that vary by path, so each location sets them (add_header does not merge levels). */
const PER_LOCATION = ['Cross-Origin-Opener-Policy', 'Referrer-Policy', 'Cache-Control'];
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** The snippet and the varying headers of a location, from the rule table for one of its paths. */
function headerLines(path: string): string[] {
  const headers = headersFor(path);
  return [
    SNIPPET,
    ...PER_LOCATION.map((name) => `add_header ${name} "${headers[name] ?? ''}" always;`),
    // Language at the door: the pages whose language depends on the request's headers say so.
    'add_header Vary $door_vary always;',
  ];
}

/** Whether a path's varying headers differ from those of the fallback location (the site's). */
function ownHeaders(path: string): boolean {
  const own = headersFor(path);
  const site = headersFor('/page');
  return PER_LOCATION.some((name) => own[name] !== site[name]);
}

function patternRegex(pattern: string): string {
  const body = pattern
    .replace(/(.)\/$/, '$1')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body}/?$`;
}

function location(match: string, lines: string[]): string {
  return [`  location ${match} {`, ...lines.map((line) => `    ${line}`), '  }'].join('\n');
}

/** Token routes: each served from its page; the e-mail routes by `?lang=` through the map. */
function tokenLocations(rules: readonly Rewrite[]): string[] {
  const byPattern = new Map<string, Rewrite>();
  for (const rule of rules) {
    // The English rule of a `?lang=` route comes last; its page takes the map's prefix.
    if (rule.status === 200 && !rule.lang) byPattern.set(rule.from, rule);
  }
  return [...byPattern.values()].map((rule) => {
    const file = pageFile(rule.to);
    return location(`~ ${patternRegex(rule.from)}`, [
      ...headerLines(rule.from.replace(/:[^/]+/g, 'token')),
      `try_files ${rule.byQuery ? `$lang_prefix${file}` : file} =404;`,
    ]);
  });
}

export function renderNginxConf(rules: readonly Rewrite[] = REWRITES): string {
  const langMap = [
    '# ?lang= of the e-mail routes picks the pre-rendered language (default English).',
    'map $arg_lang $lang_prefix {',
    '  default "";',
    ...OTHER_LOCALES.map((locale) => `  ${locale} "/${locale}";`),
    '}',
  ].join('\n');
  // Pages at their exact paths whose headers are not the site's (a route of ./routes.ts that is
  // public, opens a sign-in popup or posts the sign-in to the identity service).
  const pageBlocks = LOCALES.flatMap((locale) =>
    (Object.values(ROUTES) as RouteDef[])
      .filter((route) => !route.secretInPath)
      .map((route) => localizedPath(locale, route.pattern))
      .filter(ownHeaders)
      .map((path) =>
        location(`~ ${patternRegex(path)}`, [
          ...headerLines(path),
          `try_files ${pageFile(path)} =404;`,
        ]),
      ),
  );
  const staticBlocks = STATIC_PATTERNS.map((pattern) =>
    pattern.endsWith('/*')
      ? location(pattern.slice(0, -1), [
          ...headerLines(pattern.replace('*', 'file')),
          'try_files $uri =404;',
        ])
      : location(`= ${pattern}`, [...headerLines(pattern), 'try_files $uri =404;']),
  );
  const fallback = (prefix: string, locale: (typeof LOCALES)[number]) =>
    location(prefix, [
      ...headerLines(`${prefix}page`),
      `error_page 404 ${pageFile(notFoundPage(locale))};`,
      'try_files $uri $uri.html $uri/index.html =404;',
    ]);
  return `# Generated from src/routing/nginx.ts (npm run write:hosting). Do not edit by hand.
# Self-hosting: serve the built site (dist/) with the same rewrites and headers as the CDN.
# Copy dist/ to ${ROOT} (it contains _nginx/headers.conf, the CSP built from the pages).
# The maps below belong in the http {} context; the server block as it is.
${langMap}

${renderDoorMaps()}

server {
  listen 8080;
  root ${ROOT};
  index index.html;
  charset utf-8;
  server_tokens off;
  gzip on;
  gzip_types text/css application/javascript application/json image/svg+xml;
  # The door's moves (and nginx's own) keep the scheme and host the browser used.
  absolute_redirect off;

  # Language at the door: a page asked in another language than its address's moves to it before
  # anything is sent (the maps above); the hash stays in the browser.
  if ($door_to) {
    return 302 $door_to;
  }
  # Headers of that 302 only: every location below sets its own.
  add_header Vary $door_vary always;
  add_header Cache-Control "no-store" always;

  # Hashed assets never change.
${location('/_astro/', [...headerLines('/_astro/asset.js'), 'try_files $uri =404;'])}

  # Hosting files are for the hosts, not for browsers.
${location('~ ^/(_headers|_redirects|_routes\\.json|_nginx/)', ['return 404;'])}

  # The files of public/ are revalidated.
${staticBlocks.join('\n\n')}

  # Token routes: the real path is served from the pre-rendered page; no Referer leaves them.
${tokenLocations(rules).join('\n\n')}

  # Pages with headers of their own: public pages are revalidated; sign-in pages keep Apple's and
  # Google's popups as their openers and send their origin with the post to the identity service.
${pageBlocks.join('\n\n')}

  # Every other page, at its exact path (/login is login.html, /signup/ signup/index.html), and
  # unknown paths, which get their language's invalid-session page: an address that may carry a
  # secret, never stored, with no Referer.
${OTHER_LOCALES.map((locale) => fallback(`/${locale}/`, locale)).join('\n\n')}

${fallback('/', DEFAULT_LOCALE)}
}
`;
}

/** The nginx snippet: the site-wide headers of the build, included in every location. */
export function renderNginxHeaders(rules: readonly HeaderRule[]): string {
  const site = rules.find((rule) => rule.pattern === '/*');
  const lines = Object.entries(site?.headers ?? {})
    .filter(([name]) => !PER_LOCATION.includes(name))
    .map(([name, value]) => `add_header ${name} "${value.replace(/"/g, '\\"')}" always;`);
  return `# Generated by the build from src/routing/nginx.ts. Do not edit.\n${lines.join('\n')}\n`;
}
