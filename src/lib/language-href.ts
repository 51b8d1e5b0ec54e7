import { ROUTES, type RouteDef } from '../routing/routes.ts';
import { matchesPattern } from '../routing/rewrites.ts';
import { localizedPath, splitLocale, toLocale } from '../i18n/config.ts';

const QUERY_LANG_PATTERNS = (Object.values(ROUTES) as RouteDef[])
  .filter((route) => route.langFromQuery)
  .map((route) => route.pattern);

/**
 * The same page in another language: same route, token and query. The e-mail routes carry the
 * language in `?lang=`; every other route in the path prefix. The hash is never carried.
 */
export function languageHref(target: string, here: Pick<Location, 'pathname' | 'search'>): string {
  const locale = toLocale(target);
  const query = new URLSearchParams(here.search);
  if (QUERY_LANG_PATTERNS.some((pattern) => matchesPattern(pattern, here.pathname))) {
    query.set('lang', locale);
    return `${here.pathname}?${query.toString()}`;
  }
  const { path } = splitLocale(here.pathname);
  const search = query.toString();
  return `${localizedPath(locale, path === '/404.html' ? '/login' : path)}${search ? `?${search}` : ''}`;
}
