/**
 * Recovery from a session link (/session_init and /): the full-name challenge of Layla Haddad,
 * a wrong name, missing parameters, a failed fetch, recovery without a phone number, another
 * challenge type, the session-expired screen; en and ar, axe on every view.
 */
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  FLOW_LOCALES,
  holdRequests,
  localizedPath,
  test,
} from './fixtures.ts';
import { LAYLA, msg, RECOVERY_LINK } from './recovery-support.ts';

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: session recovery`, () => {
    test('Layla confirms her full name and gets the reset link', async ({ page, sandbox }) => {
      // The session's challenges are held while the running loader is checked.
      const releaseChallenges = await holdRequests(page, '**/recovery/challenges/**');
      await page.goto(localizedPath(locale, RECOVERY_LINK));
      await expect(page.getByRole('status')).toHaveText(msg(locale, 'recovery:loading'));
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      await expectAccessible(page, `${locale} loading`);
      releaseChallenges();
      const heading = page.getByRole('heading', { name: msg(locale, 'recovery:challenge.title') });
      await expect(heading).toBeVisible();
      // The code and the phone number leave the address at once; the client id stays.
      await expect(page).toHaveURL(/\?clientId=sandbox-web$/);
      // The masked hint keeps its own direction inside the page's.
      const hint = page.locator('.masked-name');
      await expect(hint).toHaveText('L*** H*****');
      await expect(hint).toHaveAttribute('dir', 'ltr');
      await expectAccessible(page, `${locale} challenge`);

      const field = page.getByRole('textbox', {
        name: msg(locale, 'recovery:challenge.label'),
        exact: true,
      });
      await field.fill(LAYLA.name);
      // The answer is held while the submitting form is checked.
      const releaseAnswer = await holdRequests(page, '**/recovery/notification/**');
      await page.getByRole('button', { name: msg(locale, 'recovery:challenge.submit') }).click();
      await expect(field).toHaveAttribute('readonly', '');
      await expectAccessible(page, `${locale} submitting`);
      releaseAnswer();
      const sent = page.getByRole('heading', { name: msg(locale, 'recovery:linkSent.title') });
      await expect(sent).toBeFocused();
      await expect(page.getByText(msg(locale, 'recovery:linkSent.body'))).toBeVisible();
      await expectNoRawKeys(page);
      await expectAccessible(page, `${locale} link sent`);
      const back = page.getByRole('link', { name: msg(locale, 'common:backToLogin') });
      await expect(back).toHaveAttribute(
        'href',
        `${localizedPath(locale, '/login')}?clientId=sandbox-web`,
      );

      const [sms] = await sandbox.outbox(LAYLA.e164);
      expect(sms?.channel).toBe('sms');
      expect(sms?.link).toMatch(/\/password\/reset_[\w-]+$/);
    });

    test('a wrong name is shown at the field, and the answer is kept', async ({ page }) => {
      await page.goto(localizedPath(locale, RECOVERY_LINK));
      const field = page.getByRole('textbox', {
        name: msg(locale, 'recovery:challenge.label'),
        exact: true,
      });
      const submit = page.getByRole('button', { name: msg(locale, 'recovery:challenge.submit') });
      await submit.click();
      await expect(page.getByText(msg(locale, 'recovery:challenge.required'))).toBeVisible();
      await field.fill('Layla Khan');
      await submit.click();
      const error = page.getByText(msg(locale, 'error:INVALID_FULL_NAME'));
      await expect(error).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveValue('Layla Khan');
      await expectAccessible(page, `${locale} wrong name`);
      await field.fill(LAYLA.name);
      await expect(error).toBeHidden();
      await field.press('Enter');
      await expect(page.getByText(msg(locale, 'recovery:linkSent.body'))).toBeVisible();
    });

    test('another challenge type is not configured (client without a full-name challenge)', async ({
      page,
    }) => {
      await page.goto(
        localizedPath(
          locale,
          '/session_init?otp=123456&clientId=sandbox-nologo&phoneNumber=%2B971500000001',
        ),
      );
      await expect(page.getByText(msg(locale, 'recovery:notConfigured.body'))).toBeVisible();
      await expect(
        page.getByRole('heading', { name: msg(locale, 'recovery:notConfigured.title') }),
      ).toBeFocused();
      await expectAccessible(page, `${locale} not configured`);
    });

    test('another challenge type is not configured (any unknown type)', async ({
      page,
      sandbox,
    }) => {
      await sandbox.fault({
        method: 'GET',
        path: '/_be/identity-api/recovery/challenges',
        status: 200,
        body: { challenges: [{ challengeIdentifier: 'SECURITY_QUESTION_CHALLENGE' }] },
      });
      await page.goto(localizedPath(locale, RECOVERY_LINK));
      await expect(page.getByText(msg(locale, 'recovery:notConfigured.body'))).toBeVisible();
    });

    test('missing parameters go to /session_unknown', async ({ page }) => {
      await page.clock.install();
      await page.goto(
        localizedPath(locale, '/session_init?clientId=sandbox-web&phoneNumber=%2B971500000001'),
      );
      await page.waitForURL(`**${localizedPath(locale, '/session_unknown')}`);
      await page.goto(
        localizedPath(locale, '/session_init?otp=123456&phoneNumber=%2B971500000001'),
      );
      await page.waitForURL(`**${localizedPath(locale, '/session_unknown')}`);
      await expect(page.getByText(msg(locale, 'session:unknownTitle'))).toBeVisible();
    });

    test('a failed fetch goes to /session_unknown', async ({ page }) => {
      await page.clock.install();
      await page.goto(
        localizedPath(
          locale,
          '/session_init?otp=000000&clientId=sandbox-web&phoneNumber=%2B971500000001',
        ),
      );
      await page.waitForURL(`**${localizedPath(locale, '/session_unknown')}`);
    });

    test('recovery without a phone number goes to login with social buttons off', async ({
      page,
    }) => {
      await page.clock.install();
      await page.goto(
        localizedPath(locale, '/session_init?otp=123456&clientId=sandbox-web&csrf=csrf-1'),
      );
      await page.waitForURL(
        `**${localizedPath(locale, '/login')}?csrf=csrf-1&clientId=sandbox-web&showApple=false&showGoogle=false`,
      );
    });

    test('without recovery parameters it shows the session-expired screen', async ({ page }) => {
      // The way to the login page answers 204 No Content, so the screen stays to be checked
      // (a route left unanswered can hang the test's end).
      const leaving = new Promise<string>((resolve) => {
        void page.route('**/login*', async (route) => {
          resolve(route.request().url());
          await route.fulfill({ status: 204 });
        });
      });
      await page.goto(localizedPath(locale, '/session_init'));
      await expect(
        page.getByRole('heading', { name: msg(locale, 'session:unknownTitle') }),
      ).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(msg(locale, 'session:unknownBody'));
      await expectAccessible(page, `${locale} session expired`);
      expect(new URL(await leaving).pathname).toBe(localizedPath(locale, '/login'));
    });

    test('the session-expired screen goes to login after 2 s', async ({ page }) => {
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await page.goto(localizedPath(locale, '/session_init'));
      await expect(
        page.getByRole('heading', { name: msg(locale, 'session:unknownTitle') }),
      ).toBeVisible();
      await page.clock.runFor(1900);
      expect(new URL(page.url()).pathname).toBe(localizedPath(locale, '/session_init'));
      await page.clock.runFor(200);
      await page.waitForURL(`**${localizedPath(locale, '/login')}`);
    });

    test('/ behaves like /session_init', async ({ page }) => {
      const [, query] = RECOVERY_LINK.split('?');
      await page.goto(`${localizedPath(locale, '/')}?${query}`);
      await expect(page.locator('.masked-name')).toHaveText('L*** H*****');
    });

    test('says so when the server cannot be reached, and retries', async ({ page, pageGuards }) => {
      pageGuards.provokes({ requests: /\/recovery\/challenges\// });
      await page.route('**/recovery/challenges/**', (route) => route.abort('internetdisconnected'));
      await page.goto(localizedPath(locale, RECOVERY_LINK));
      await expect(
        page.getByRole('heading', { name: msg(locale, 'recovery:unreachable.title') }),
      ).toBeVisible({ timeout: 10_000 });
      await expect(page.getByRole('alert')).toHaveText(msg(locale, 'common:networkError'));
      await expectAccessible(page, `${locale} unreachable`);
      await page.unroute('**/recovery/challenges/**');
      await page.getByRole('button', { name: msg(locale, 'common:retry') }).click();
      await expect(page.locator('.masked-name')).toHaveText('L*** H*****');
    });
  });
}

test('keyboard only: the challenge is answered with the keyboard', async ({ page }) => {
  await page.goto(RECOVERY_LINK);
  await expect(page.locator('.masked-name')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Full name', exact: true });
  await page.keyboard.press('Tab');
  while (!(await field.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type(LAYLA.name);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send me the link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeFocused();
});

test('analytics: the recovery page is forgot_password, with no name or phone', async ({
  page,
  sandbox,
}) => {
  await page.goto(RECOVERY_LINK);
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(LAYLA.name);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByText('A link to reset your password has been sent to you')).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await expect
    .poll(async () => JSON.stringify(await sandbox.events()))
    .toContain('forgot_password');
  const events = JSON.stringify(await sandbox.events());
  expect(events).toContain('recovery_link_sent');
  expect(events).not.toContain('Layla');
  expect(events).not.toContain('500000001');
});
