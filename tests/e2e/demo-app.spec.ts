/**
 * Issue 30: the demo app (a relying party of the identity service, openid-client) signs people in
 * and out through the front end, in English and Arabic: its language choice reaches the login page
 * (`ui_locales`), the ID token it verified names the person and how they signed in (`amr`); the
 * e-mail and name challenges each end there; RP-initiated logout asks, then signs out; the partner
 * client's one-click checkout asks for consent once and carries the merchant's `acr_values` as
 * `acr`; after an accepted invitation, the business web app signs in with the session (SSO).
 */
import type { Page } from '@playwright/test';
import { BUSINESS_WEB_APP_LOGIN } from '../../src/site-config.ts';
import { expect, FLOW_LOCALES, localizedPath, test, type Locale } from './fixtures.ts';
import { message, signIn } from './identity-helpers.ts';
import { expectSignedIn, expectView, submitButton, submitPhone, view } from './login-helpers.ts';
import { DESKTOP_UA, hurryPolls, submitPhone as submitOneClick } from './one-click-helpers.ts';

/** The demo app's own page, at the path given (the sandbox knows the worker's demo app). */
const demo = (path: string) => `/_sandbox/demo-app${path}`;

/** 'Sign in with Masar' from the demo app's page, in `locale` (chosen there). */
async function signInFromDemo(page: Page, locale: Locale): Promise<void> {
  await page.getByRole('combobox', { name: 'Language' }).selectOption(locale);
  await page.getByRole('button', { name: 'Sign in with Masar' }).click();
  await page.waitForURL((url) => url.pathname === localizedPath(locale, '/login'));
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('input[type=tel]')).toBeEditable();
}

/** 'Sign out' at the demo app: the identity service asks, then the demo app's page again. */
async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign out of Masar?' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in with Masar' })).toBeVisible();
}

for (const locale of FLOW_LOCALES) {
  test.describe(`demo app (${locale})`, () => {
    test('signs in from the app in its language, and each of the e-mail and name challenges ends there; sign-out asks', async ({
      page,
    }) => {
      test.slow(); // three sign-ins and two sign-outs
      // `?ui_locales=` on the demo app's address is the language it starts with.
      await page.goto(demo(`/?ui_locales=${locale}`));
      await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue(locale);
      await signInFromDemo(page, locale);
      await submitPhone(page, '01');
      await expectView(page, 'password_form', false);
      await page.locator('input[autocomplete=current-password]').fill('Sandbox-Pass1');
      await submitButton(page).click();
      await expectSignedIn(page, 'Layla Haddad', { amr: 'pwd' });
      await expect(page.locator('[data-claim="sub"]')).toHaveText('sbx-layla');
      await signOut(page);

      // Yusuf answers the e-mail challenge, then (signed out again) the name challenge.
      // 'Try another way' goes PIN, card, e-mail, name.
      for (const [challenge, tries, field, answer] of [
        ['verify_email_challenge', 2, 'input[type=email]', 'yusuf@example.com'],
        ['verify_full_name_challenge', 3, 'input[autocomplete=name]', 'Yusuf Ali'],
      ] as const) {
        await signInFromDemo(page, locale);
        await submitPhone(page, '05');
        await expectView(page, 'verify_pin_challenge', false);
        for (let i = 0; i < tries; i += 1) await view(page).locator('button.button-link').click();
        await expectView(page, challenge, false);
        await view(page).locator(field).fill(answer);
        await submitButton(page).click();
        await expectSignedIn(page, 'Yusuf Ali', { amr: 'kba' });
        await signOut(page);
      }
    });

    test.describe('on a computer', () => {
      test.use({ userAgent: DESKTOP_UA });

      test('one-click checkout at the merchant: consent once, then signed in with the merchant’s acr', async ({
        page,
      }) => {
        test.slow();
        await page.goto(demo(`/?ui_locales=${locale}`));
        await page.getByRole('link', { name: /one-click checkout/ }).click();
        await page.waitForURL((url) => url.pathname === localizedPath(locale, '/login/one-click'));
        const section = page.locator('section.one-click');
        await expect(section.locator('.one-click-merchant-name')).toHaveText('Cafe Sandbox');
        await expect(section).not.toHaveAttribute('aria-busy', 'true');
        // +971500000011: the sandbox 'phone' approves the push by itself.
        await submitOneClick(page, locale, '11');
        await expect(section).toHaveAttribute('data-view', 'push_notification');
        await hurryPolls(page);
        // Not first-party, not yet approved: the identity service asks once.
        await expect(
          page.getByRole('heading', { level: 1, name: 'Allow Sandbox No Logo to sign you in?' }),
        ).toBeVisible({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Allow', exact: true }).click();
        await expectSignedIn(page, 'Fatima Noor', { amr: 'swk' });
        await expect(page.locator('body')).toContainText('to Sandbox No Logo');
        await expect(page.locator('[data-claim="acr"]')).toContainText('merchant:Cafe%20Sandbox');
        await expect(page.locator('[data-claim="acr"]')).toContainText('invoice_id:INV-1001');
      });
    });
  });
}

test('after an accepted invitation, the business web app signs in with the session (SSO)', async ({
  page,
  baseURL,
}) => {
  // The business web app of this build stands for the demo app's partner client here.
  await page.route(
    (url) => url.href === BUSINESS_WEB_APP_LOGIN.production,
    (route) =>
      route.fulfill({
        status: 302,
        headers: { location: new URL(demo('/partner/signin'), baseURL).href },
      }),
  );
  await signIn(page);
  await page.goto('/invitation/inv-valid');
  await page.getByRole('button', { name: message('en', 'invitation:accept') }).click();
  // No login page of this site on the way (the business web app's own entry, stood in for by
  // the route above, is one): the identity service knows the person, and the app is approved.
  const site = new URL(baseURL ?? '').origin;
  const logins: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.isNavigationRequest() && url.origin === site && url.pathname.endsWith('/login')) {
      logins.push(r.url());
    }
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Signed in' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('body')).toContainText(
    'You are signed in as Layla Haddad to Sandbox No Logo',
  );
  expect(logins).toEqual([]);
});
