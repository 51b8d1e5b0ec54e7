import { localizedPath, splitLocale, toLocale } from '../i18n/config.ts';

/** The parameters that ask for a language: a choice in the picker replaces them. */
const LANGUAGE_PARAMS = ['ui_locales', 'lang'];

/**
 * The same page in another language: same route, token and query, in the path prefix, without the
 * parameters that ask for a language (the door, src/routing/door.ts, would move back to theirs);
 * the hash is never carried. (The e-mail routes carry the language in `?lang=` and need no script.)
 */
export function languageHref(target: string, here: Pick<Location, 'pathname' | 'search'>): string {
  const page = localizedPath(toLocale(target), splitLocale(here.pathname).path);
  const params = new URLSearchParams(here.search);
  if (!LANGUAGE_PARAMS.some((name) => params.has(name))) return `${page}${here.search}`;
  for (const name of LANGUAGE_PARAMS) params.delete(name);
  const rest = params.toString();
  return `${page}${rest ? `?${rest}` : ''}`;
}
