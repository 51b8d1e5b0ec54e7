import { localizedPath, splitLocale, toLocale } from '../i18n/config.ts';

/**
 * The same page in another language: same route, token and query, in the path prefix; the hash is
 * never carried. (The e-mail routes carry the language in `?lang=` and need no script.)
 */
export function languageHref(target: string, here: Pick<Location, 'pathname' | 'search'>): string {
  const locale = toLocale(target);
  const { path } = splitLocale(here.pathname);
  return `${localizedPath(locale, path)}${here.search}`;
}
