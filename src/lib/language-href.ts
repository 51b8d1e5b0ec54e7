import { localizedPath, splitLocale, toLocale } from '../i18n/config.ts';

/**
 * The same page in another language: same route, token and query; the hash is never carried.
 * The e-mail routes (`langInQuery`) carry the language in `?lang=`, every other route in the
 * path prefix.
 */
export function languageHref(
  target: string,
  here: Pick<Location, 'pathname' | 'search'>,
  langInQuery = false,
): string {
  const locale = toLocale(target);
  const query = new URLSearchParams(here.search);
  if (langInQuery) {
    query.set('lang', locale);
    return `${here.pathname}?${query.toString()}`;
  }
  const { path } = splitLocale(here.pathname);
  const search = query.toString();
  return `${localizedPath(locale, path)}${search ? `?${search}` : ''}`;
}
