/**
 * The language picked in the picker, remembered on this device: a cookie that the hosts' edge
 * reads (src/routing/door.ts) and local storage, which the pages' head script also reads. A
 * preference, not a secret: readable by scripts, sent to this site only.
 */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_STORAGE_KEY = 'acct:lang';
/** A year: a language is a lasting choice. */
export const LANGUAGE_COOKIE_MAX_AGE = 31_536_000;

export function rememberLanguage(locale: string, secure = location.protocol === 'https:'): void {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // A full or refused storage keeps the cookie only.
  }
}
