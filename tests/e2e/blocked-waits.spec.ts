/**
 * Issue 16, items 1, 2 and 8: the payment blocks' own pages, the temporary block and the rate
 * limits that say how long to wait (kept across a reload), and Back from the identity service.
 * In English and Arabic, axe on each new view.
 */
import { PRODUCT } from '../../src/site-config.ts';
import { catalogMessage, expect, FLOW_LOCALES, test } from './fixtures.ts';
import {
  expectView,
  openLogin,
  PASSWORD,
  submitButton,
  submitPhone,
  view,
} from './login-helpers.ts';

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: blocked accounts and waits`, () => {
    for (const [nn, variant, image, title] of [
      ['18', 'USER_BLOCKED_CASH_UNDERPAYMENT', 'blocked-cash-trip.svg', 'cash'],
      ['19', 'USER_BLOCKED_OUTSTANDING_PAYMENTS', 'blocked-outstanding.svg', 'outstanding'],
    ] as const) {
      test(`+9715000000${nn}: its own blocked page, reason, what to do, back`, async ({ page }) => {
        await openLogin(page, locale);
        await submitPhone(page, nn);
        await expectView(page, 'redirect_to_blocked_user');
        const notice = view(page).locator('.login-blocked');
        await expect(notice).toHaveAttribute('data-variant', variant);
        await expect(notice.locator('img')).toHaveAttribute('src', `/images/${image}`);
        await expect(notice.getByRole('heading')).toHaveText(
          catalogMessage(locale, `login:blocked.${title}Title`),
        );
        await expect(notice).toContainText(catalogMessage(locale, `login:blocked.${title}Body`));
        await expect(notice).toContainText(catalogMessage(locale, `login:blocked.${title}Action`));
        await expect(notice.locator(`a[href="${PRODUCT.contactUrl}"]`)).toBeVisible();
        await notice.locator('button').click();
        await expectView(page, 'phone_form', false);
      });
    }

    test('+971500000008 temporarily blocked: when to try again, kept across a reload', async ({
      page,
    }) => {
      await openLogin(page, locale);
      await submitPhone(page, '08');
      await expectView(page, 'password_form', false);
      await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
      await submitButton(page).click();
      await expect(view(page).getByRole('alert')).toHaveText(
        catalogMessage(locale, 'spring_security_error:USER_TEMPORARILY_BLOCKED'),
      );
      const wait = view(page).locator('.wait-notice');
      await expect(wait).toHaveText(catalogMessage(locale, 'common:wait.minutes', { count: 30 }));
      await expect(submitButton(page)).toBeDisabled();
      await expectView(page, 'password_form');

      // The same page again: the same number waits, and no login is sent.
      let logins = 0;
      page.on('request', (request) => {
        if (request.url().includes('/login/phone')) logins += 1;
      });
      await page.reload();
      await openLogin(page, locale);
      await submitPhone(page, '08');
      await expect(view(page).getByRole('alert')).toHaveText(
        catalogMessage(locale, 'common:wait.kept'),
      );
      await expect(wait).toHaveText(catalogMessage(locale, 'common:wait.minutes', { count: 30 }));
      await expect(submitButton(page)).toBeDisabled();
      expect(logins).toBe(0);
      await expectView(page, 'phone_form');
    });

    test('+971500000015 code rate limit: Retry-After 120 s, resends held, kept on reload', async ({
      page,
      sandbox,
    }) => {
      await openLogin(page, locale);
      await submitPhone(page, '15');
      await expectView(page, 'otp', false);
      const wait = view(page).locator('.wait-notice');
      await expect(wait).toHaveText(catalogMessage(locale, 'common:wait.minutes', { count: 2 }));
      // Both ways to resend (a text, a call), each held.
      const resends = view(page).locator('.login-resend-actions button');
      await expect(resends).toHaveCount(2);
      for (const button of await resends.all()) await expect(button).toBeDisabled();
      await expectView(page, 'otp');

      let sends = 0;
      page.on('request', (request) => {
        if (request.url().includes('/otp/send')) sends += 1;
      });
      await page.reload();
      await openLogin(page, locale);
      await submitPhone(page, '15');
      await expectView(page, 'otp', false);
      await expect(wait).toHaveText(catalogMessage(locale, 'common:wait.minutes', { count: 2 }));
      await expect(view(page).locator('.login-resend-actions button').first()).toBeDisabled();
      expect(sends).toBe(0);
      expect(await sandbox.outbox('+971500000015')).toEqual([]);
    });

    test('a 429 of the login with the wait in its body; a limit without a time', async ({
      page,
      sandbox,
    }) => {
      await sandbox.fault({
        path: '/_be/identity-api/login/phone',
        status: 429,
        body: { error_code: 'APP-0020', additional_information: { retry_after: 45 } },
        times: 1,
      });
      await page.clock.install();
      await openLogin(page, locale);
      await submitPhone(page, '01');
      const wait = view(page).locator('.wait-notice');
      await expect(wait).toContainText(/\d/);
      const seconds = Number((await wait.textContent())?.match(/\d+/)?.[0]);
      expect(seconds).toBeGreaterThan(30);
      expect(seconds).toBeLessThanOrEqual(45);
      // It counts down: one second of the page's time later, one second less.
      await page.clock.runFor(1000);
      await expect(wait).toHaveText(
        catalogMessage(locale, 'common:wait.seconds', { count: seconds - 1 }),
      );
      await expect(submitButton(page)).toBeDisabled();
      await expectView(page, 'phone_form');

      await sandbox.fault({
        path: '/_be/identity-api/login/phone',
        status: 400,
        body: { error_code: 'US-0150' },
        times: 1,
      });
      await page.reload();
      await openLogin(page, locale);
      await page.evaluate(() => sessionStorage.removeItem('acct:waits'));
      await submitPhone(page, '02');
      await expect(view(page).locator('.wait-notice')).toHaveText(
        catalogMessage(locale, 'common:wait.unknown'),
      );
      await expect(submitButton(page)).toBeEnabled();
    });
  });
}
