/**
 * Issue 32: deviations of the feature audit (part 1.1) made right in the browser, in English and
 * Arabic: a temporary block that gives no time waits the spec's 30 minutes (D1); a session link's
 * e-mail leaves the address (D3); recovery without a phone number goes to the login without social
 * buttons (D7). The one-click proof's path (D2) is checked in one-click.spec.ts.
 */
import { catalogMessage, expect, FLOW_LOCALES, localizedPath, test } from './fixtures.ts';
import { expectView, openLogin, submitButton, submitPhone, view } from './login-helpers.ts';
import { msg, RECOVERY_LINK } from './recovery-support.ts';

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: spec fidelity`, () => {
    test('D1: a temporary block without a time says 30 minutes and counts down from the answer', async ({
      page,
      sandbox,
    }) => {
      await page.clock.install();
      // A bare US-0013, as the spec describes it: no Retry-After, no retry_after in the body.
      await sandbox.fault({
        path: '/_be/identity-api/login/phone',
        status: 400,
        body: {
          error: 'USER_TEMPORARILY_BLOCKED',
          error_code: 'US-0013',
          message: 'USER_TEMPORARILY_BLOCKED',
        },
        times: 1,
      });
      await openLogin(page, locale);
      await submitPhone(page, '01');
      await expect(view(page).getByRole('alert')).toHaveText(
        catalogMessage(locale, 'spring_security_error:USER_TEMPORARILY_BLOCKED'),
      );
      const wait = view(page).locator('.wait-notice');
      await expect(wait).toHaveText(catalogMessage(locale, 'common:wait.minutes', { count: 30 }));
      await expect(submitButton(page)).toBeDisabled();
      await expectView(page, 'phone_form');
      await page.clock.fastForward('10:00');
      await expect(wait).toHaveText(catalogMessage(locale, 'common:wait.minutes', { count: 20 }));
      await expect(submitButton(page)).toBeDisabled();
    });

    test('D3: the e-mail of a session link leaves the address with the other secrets', async ({
      page,
    }) => {
      await page.goto(localizedPath(locale, `${RECOVERY_LINK}&email=layla%40example.com`));
      await expect(page.locator('.masked-name')).toHaveText('L*** H*****');
      await expect(page).toHaveURL(/\?clientId=sandbox-web$/);
    });

    test('D3: an e-mail and no phone number open the login on its e-mail form, without it', async ({
      page,
    }) => {
      await page.goto(
        localizedPath(
          locale,
          '/session_init?otp=123456&clientId=sandbox-web&email=layla%40example.com',
        ),
      );
      await page.waitForURL(
        `**${localizedPath(locale, '/login')}?clientId=sandbox-web&showApple=false&showGoogle=false&showEmail=true`,
      );
      await expectView(page, 'email_form', false);
      await expect(page.locator('input[type=email]')).toHaveValue('');
      await expect(view(page).locator('.social-apple, .social-google')).toHaveCount(0);
    });

    test('D7: a client id and no phone number go to the login with csrf and no social buttons', async ({
      page,
    }) => {
      await page.goto(localizedPath(locale, '/session_init?clientId=sandbox-web&csrf=csrf-7'));
      await page.waitForURL(
        `**${localizedPath(locale, '/login')}?csrf=csrf-7&clientId=sandbox-web&showApple=false&showGoogle=false`,
      );
      await expectView(page, 'phone_form', false);
      await expect(view(page).locator('.social-apple, .social-google')).toHaveCount(0);
      // The login page took its csrf for the hand-off.
      await expect(page).toHaveURL(/\?clientId=sandbox-web&showApple=false&showGoogle=false$/);
      await expect(
        page.getByRole('heading', { name: msg(locale, 'session:unknownTitle') }),
      ).toHaveCount(0);
    });
  });
}
