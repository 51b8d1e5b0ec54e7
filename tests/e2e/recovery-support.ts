/** Helpers of the recovery specs: the catalogs' own words, in the page's language. */
import type { Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/config.ts';
import { catalogMessage } from './fixtures.ts';

/** The text of `ns:dotted.key` in a language, placeholders filled. */
export function msg(locale: Locale, key: string, params: Record<string, string> = {}): string {
  return catalogMessage(locale, key, params);
}

export const LAYLA = { e164: '+971500000001', national: '500000001', name: 'Layla Haddad' };
export const RECOVERY_LINK =
  '/session_init?otp=123456&clientId=sandbox-web&phoneNumber=%2B971500000001';
export const NEW_PASSWORD = 'Recovered-Pass9';

/** The new-password field, by its label. */
export function passwordField(page: Page, locale: Locale) {
  return page.getByLabel(msg(locale, 'password:label'), { exact: true });
}

/** A password rule's line (`minLength`, `digit` ...) under the new-password field. */
export function rule(page: Page, locale: Locale, name: string) {
  return page.locator('.password-rule', { hasText: msg(locale, `password:rules.${name}`) });
}
