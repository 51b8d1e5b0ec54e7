/** Helpers of the sign-up specs (signup.spec.ts and its views tour): language-independent. */
import type { Page } from '@playwright/test';
import type { Translate } from '../../src/i18n/t.ts';
import type { I18nKey } from '../../src/i18n/types.ts';
import { catalogT, expect, localizedPath, type Locale, type Sandbox } from './fixtures.ts';

const NAMESPACES = [
  'common',
  'fields',
  'login',
  'login_otp',
  'redirect',
  'signup',
  'spring_security_error',
] as const;

export function translator(locale: Locale): Translate {
  return catalogT(locale, NAMESPACES);
}

export const PERSONA_CODE = '123456';
export const PASSWORD = 'Sandbox-Pass9';

export function signupUrl(locale: Locale, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${localizedPath(locale, '/signup/')}${search ? `?${search}` : ''}`;
}

/** The sandbox's unsigned test id token for a social account, as its sign-in window hands it out. */
export async function socialToken(page: Page, provider: 'apple' | 'google', email: string) {
  const html = await (await page.request.get(`/_sandbox/social/${provider}`)).text();
  const button = new RegExp(
    `data-token="([^"]+)">[^<]*<span class="ltr">\\(${email.replace(/\./g, '\\.')}\\)`,
  );
  const token = button.exec(html)?.[1];
  expect(token, `a ${provider} token for ${email}`).toBeTruthy();
  return token ?? '';
}

export async function latestCode(sandbox: Sandbox, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = (await sandbox.outbox(to)).find((item) => item.code)?.code;
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

export function form(page: Page, t: Translate) {
  return {
    heading: page.getByRole('heading', { level: 1 }),
    name: page.getByLabel(t('signup:fullName.label'), { exact: true }),
    phone: page.getByLabel(t('fields:phone.label'), { exact: true }),
    email: page.getByLabel(t('fields:email.label'), { exact: true }),
    password: page.getByLabel(t('fields:password.label'), { exact: true }),
    invitation: page.getByLabel(t('signup:invitationCode.label'), { exact: true }),
    submit: page.locator('form.signup-form button[type=submit]'),
    apple: page.getByRole('button', { name: t('signup:social.apple') }),
    google: page.getByRole('button', { name: t('signup:social.google') }),
  };
}

/**
 * Opens the page and waits for its heading and the flags (the enhanced layout, `title`, is the
 * sandbox's default).
 */
export async function open(
  page: Page,
  t: Translate,
  url: string,
  title: I18nKey = 'signup:enhancedTitle',
) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(title));
  await expect(page.locator('section.signup')).toHaveAttribute('data-flags', 'ready');
  return form(page, t);
}

/**
 * A message at each field as it is left: the name required, the phone and the e-mail malformed,
 * the invitation code with spaces (the page shows the e-mail and invitation fields).
 */
export async function showFieldErrors(page: Page, t: Translate, f: ReturnType<typeof form>) {
  await f.name.focus();
  await f.phone.focus();
  await expect(page.getByText(t('fields:required'))).toBeVisible();
  await f.phone.fill('12');
  await f.email.focus();
  await expect(page.getByText(t('fields:phone.invalid'))).toBeVisible();
  await f.email.fill('not-an-email');
  await f.password.focus();
  await expect(page.getByText(t('fields:email.invalid'))).toBeVisible();
  await f.invitation.fill('no spaces!');
  await f.password.focus();
  await expect(page.getByText(t('signup:invitationCode.invalid'))).toBeVisible();
}
