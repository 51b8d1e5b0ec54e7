import { SHELL_TOKEN } from '../routing/routes.ts';
import { LOCALES, langParam, type Locale } from './config.ts';

/** getStaticPaths for a route built once per language (English unprefixed). */
export function localePaths(extra: Record<string, string> = {}) {
  return LOCALES.map((locale: Locale) => ({
    params: { lang: langParam(locale), ...extra },
    props: { locale },
  }));
}

/** getStaticPaths for a token route: one shell per language at the `_` token. */
export function tokenShellPaths(param: string) {
  return localePaths({ [param]: SHELL_TOKEN });
}
