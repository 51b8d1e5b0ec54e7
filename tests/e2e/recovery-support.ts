/**
 * Helpers of the recovery specs: the catalogs' own words, in the page's language, and the walk
 * through the recovery form's steps.
 */
import type { Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/config.ts';
import { catalogMessage, expect, type Sandbox } from './fixtures.ts';

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

/** The recovery form's ways to prove the account. */
export type Method = 'full_name' | 'email' | 'national_id';
const ANSWER_LABEL = {
  full_name: 'recovery:form.fullName.label',
  email: 'recovery:form.email.label',
  national_id: 'recovery:form.nationalId.label',
} as const;

/** The field of a method's answer (full name, e-mail, national id). */
export function answerField(page: Page, locale: Locale, method: Method) {
  return page.getByRole('textbox', { name: msg(locale, ANSWER_LABEL[method]), exact: true });
}

/** The recovery form's first step: the number, a method and its answer, then Send code. */
export async function fillDetails(
  page: Page,
  locale: Locale,
  phone: string,
  method: Method,
  answer: string,
) {
  await page.locator('input[type=tel]').fill(phone);
  await page.getByRole('radio', { name: msg(locale, `recovery:form.method.${method}`) }).check();
  await answerField(page, locale, method).fill(answer);
  await page.getByRole('button', { name: msg(locale, 'recovery:form.sendCode') }).click();
}

/** The code step: the code from the sandbox's outbox, then Verify. */
export async function enterCode(page: Page, locale: Locale, sandbox: Sandbox, e164: string) {
  await expect(
    page.getByRole('heading', { name: msg(locale, 'recovery:form.codeTitle') }),
  ).toBeFocused();
  const [sms] = await sandbox.outbox(e164);
  expect(sms?.channel).toBe('sms');
  await page.getByLabel(msg(locale, 'fields:otp.label'), { exact: true }).fill(sms?.code ?? '');
  await page.getByRole('button', { name: msg(locale, 'recovery:form.verify') }).click();
}

/** Layla through the first two steps (full name, code): the form's new-password step. */
export async function toNewPasswordStep(page: Page, locale: Locale, sandbox: Sandbox) {
  await fillDetails(page, locale, LAYLA.national, 'full_name', LAYLA.name);
  await enterCode(page, locale, sandbox, LAYLA.e164);
}

/** The new password and its confirmation. */
export async function choosePassword(
  page: Page,
  locale: Locale,
  password: string,
  confirm = password,
) {
  await passwordField(page, locale).fill(password);
  await page.getByLabel(msg(locale, 'password:confirmLabel'), { exact: true }).fill(confirm);
}
