/**
 * deploy/nginx.conf, generated from the same rewrite table and header rules as the CDN files,
 * so self-hosting behaves exactly like the CDN. `npm run write:nginx` rewrites it; a unit test
 * fails when the committed file is out of date.
 */
import { DEFAULT_LOCALE, LOCALES, localizedPath } from '../i18n/config.ts';
import { POPUP_OPENER_POLICY, SECURITY_HEADERS } from './headers.ts';
import { ROUTES } from './routes.ts';
import { REWRITES, type Rewrite } from './rewrites.ts';

const ROOT = '/srv/account/dist';
const SNIPPET = `include ${ROOT}/_nginx/headers.conf;`;
const COOP = `add_header Cross-Origin-Opener-Policy "${SECURITY_HEADERS['Cross-Origin-Opener-Policy']}" always;`;
/** The site-wide headers plus the default opener policy (popup pages set their own). */
const HEADERS = `${SNIPPET}\n    ${COOP}`;

function patternRegex(pattern: string): string {
  const body = pattern
    .replace(/(.)\/$/, '$1')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body}/?$`;
}

function location(regex: string, lines: string[]): string {
  return [`  location ~ ${regex} {`, ...lines.map((line) => `    ${line}`), '  }'].join('\n');
}

function tokenLocations(rules: readonly Rewrite[]): string[] {
  const blocks: string[] = [];
  const byPattern = new Map<string, Rewrite[]>();
  for (const rule of rules) {
    if (rule.status !== 200) continue;
    byPattern.set(rule.from, [...(byPattern.get(rule.from) ?? []), rule]);
  }
  for (const [pattern, group] of byPattern) {
    const perLang = group.filter((rule) => rule.lang);
    const fallback = group.find((rule) => !rule.lang);
    if (!fallback) continue;
    const target = perLang.length > 0 ? fallback.to.replace(/^\//, '/$lang_prefix') : fallback.to;
    blocks.push(
      location(patternRegex(pattern), [
        HEADERS,
        `add_header Referrer-Policy "no-referrer" always;`,
        `add_header Cache-Control "no-store" always;`,
        `try_files ${target.replace('/$lang_prefix', '$lang_prefix/')} =404;`,
      ]),
    );
  }
  return blocks;
}

export function renderNginxConf(rules: readonly Rewrite[] = REWRITES): string {
  const otherLocales = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);
  const langMap = [
    '  # ?lang= of the e-mail routes picks the pre-rendered language (default English).',
    '  map $arg_lang $lang_prefix {',
    '    default "";',
    ...otherLocales.map((locale) => `    ${locale} "/${locale}";`),
    '  }',
  ].join('\n');
  const popupBlocks = LOCALES.flatMap((locale) =>
    [ROUTES.login, ROUTES.signup].map((route) =>
      location(patternRegex(localizedPath(locale, route.pattern)), [
        SNIPPET,
        `add_header Cross-Origin-Opener-Policy "${POPUP_OPENER_POLICY}" always;`,
        `add_header Referrer-Policy "${SECURITY_HEADERS['Referrer-Policy']}" always;`,
        `add_header Cache-Control "no-cache" always;`,
        `try_files ${localizedPath(locale, route.shell)}index.html =404;`,
      ]),
    ),
  );
  const localeBlocks = otherLocales.map((locale) =>
    [
      `  location /${locale}/ {`,
      `    ${HEADERS}`,
      `    add_header Referrer-Policy "${SECURITY_HEADERS['Referrer-Policy']}" always;`,
      `    add_header Cache-Control "no-cache" always;`,
      `    error_page 404 /${locale}/404/index.html;`,
      '    try_files $uri $uri/index.html =404;',
      '  }',
    ].join('\n'),
  );
  return `# Generated from src/routing/nginx.ts (npm run write:nginx). Do not edit by hand.
# Self-hosting: serve the built site (dist/) with the same rewrites and headers as the CDN.
# Copy dist/ to ${ROOT} (it contains _nginx/headers.conf, the CSP built from the pages).
# The map below belongs in the http {} context; the server block as it is.
${langMap.replace(/^ {2}/gm, '')}

server {
  listen 8080;
  root ${ROOT};
  index index.html;
  charset utf-8;
  server_tokens off;
  gzip on;
  gzip_types text/css application/javascript application/json image/svg+xml;

  # Hashed assets never change.
  location /_astro/ {
    ${HEADERS}
    add_header Referrer-Policy "${SECURITY_HEADERS['Referrer-Policy']}" always;
    add_header Cache-Control "public, max-age=31536000, immutable" always;
    try_files $uri =404;
  }

  # Hosting files are for the hosts, not for browsers.
  location ~ ^/(_headers|_redirects|_nginx/) {
    return 404;
  }

  # Token routes: the real path is served from the pre-rendered shell; no Referer leaves them.
${tokenLocations(rules).join('\n\n')}

  # Sign-in pages open Apple's and Google's popups: their opener must survive.
${popupBlocks.join('\n\n')}

  # Other languages: their own invalid-session page for unknown paths.
${localeBlocks.join('\n\n')}

  location / {
    ${HEADERS}
    add_header Referrer-Policy "${SECURITY_HEADERS['Referrer-Policy']}" always;
    add_header Cache-Control "no-cache" always;
    error_page 404 /404.html;
    try_files $uri $uri/index.html =404;
  }
}
`;
}
