/** Addresses of this site's own pages that keep the client a person signs in to. */
import { localizedPath, type Locale } from '../i18n/config.ts';

/** `path` in `locale`, with `?clientId=` when the client is known. */
export function pageHref(locale: Locale, path: string, clientId?: string | null): string {
  const query = clientId ? `?${new URLSearchParams({ clientId }).toString()}` : '';
  return `${localizedPath(locale, path)}${query}`;
}

/** The login page, for the same client. */
export function loginHref(locale: Locale, clientId?: string | null): string {
  return pageHref(locale, '/login', clientId);
}
