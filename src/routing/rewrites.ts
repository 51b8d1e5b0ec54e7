/**
 * The path rewrites that map real paths (with tokens, with `?lang=`) onto the pre-rendered shells.
 * One list feeds the CDN `_redirects`, the nginx configuration and the sandbox server.
 */
import { DEFAULT_LOCALE, LOCALES, localizedPath, type Locale } from '../i18n/config.ts';
import { ROUTES, type RouteDef } from './routes.ts';

export interface Rewrite {
  /** Path pattern: `:name` is one segment, a trailing `*` the rest. */
  readonly from: string;
  /** Only when `?lang=` has this value. */
  readonly lang?: Locale;
  /** The file to serve. */
  readonly to: string;
  readonly status: 200 | 404;
}

const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

function shellFile(locale: Locale, route: RouteDef): string {
  return `${localizedPath(locale, route.shell)}index.html`;
}

export function buildRewrites(): Rewrite[] {
  const rules: Rewrite[] = [];
  for (const route of Object.values(ROUTES) as RouteDef[]) {
    if (!route.pattern.includes(':')) continue;
    if (route.langFromQuery) {
      for (const locale of OTHER_LOCALES) {
        rules.push({
          from: route.pattern,
          lang: locale,
          to: shellFile(locale, route),
          status: 200,
        });
      }
      rules.push({ from: route.pattern, to: shellFile(DEFAULT_LOCALE, route), status: 200 });
    } else {
      for (const locale of LOCALES) {
        rules.push({
          from: localizedPath(locale, route.pattern),
          to: shellFile(locale, route),
          status: 200,
        });
      }
    }
  }
  for (const locale of OTHER_LOCALES) {
    rules.push({ from: `/${locale}/*`, to: `/${locale}/404/index.html`, status: 404 });
  }
  rules.push({ from: '/*', to: '/404.html', status: 404 });
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

/** Netlify/Cloudflare-style `_redirects`. */
export function renderRedirectsFile(rules: readonly Rewrite[] = REWRITES): string {
  const lines = rules.map((rule) =>
    [rule.from, rule.lang ? `lang=${rule.lang}` : '', rule.to, String(rule.status)]
      .filter(Boolean)
      .join('  '),
  );
  return `# Generated from src/routing/rewrites.ts by the build. Do not edit.\n${lines.join('\n')}\n`;
}
