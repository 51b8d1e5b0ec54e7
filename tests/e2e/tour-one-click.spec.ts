/**
 * The views tour of one-click checkout (/login/one-click) in the tour languages: every view of the
 * one-click flow and every variant that tests/e2e/one-click.spec.ts checks with axe in English
 * and Arabic (the phone form with its error, the push wait after a resend, every ending, the
 * hand-overs), on a computer and on a phone, reached with the same personas, control API and
 * page.clock as that spec.
 */
import type { Page } from '@playwright/test';
import type { Translate } from '../../src/i18n/t.ts';
import type { OneClickView } from '../../src/stores/flows/one-click/index.ts';
import { expect, hurryTimers, localizedPath, test } from './fixtures.ts';
import {
  ACR,
  catalogs,
  DESKTOP_UA,
  newPush,
  open,
  openStopped,
  pause,
  pushCount,
  pushNumber,
  submitPhone,
} from './one-click-helpers.ts';
import { viewsTour } from './tour.ts';

const views: Record<OneClickView, true | string> = {
  phone_form: true,
  push_notification: true,
  confirm_via_app: true,
  redirect_to_otp: true,
  redirect_to_signup: true,
  redirect_to_idp: true,
  rejected_user: true,
  max_tries_reached: true,
  error: true,
};

/**
 * The tour's tests run on the phone the config emulates; a computer leg gives the page a
 * computer's user agent (all the flow reads to choose the push wait or the open-app button), as
 * the spec's `test.use({ userAgent })` does for its computer tests.
 */
async function onComputer(page: Page) {
  await page.addInitScript((userAgent) => {
    Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => userAgent });
  }, DESKTOP_UA);
}

function section(page: Page) {
  return page.locator('section.one-click');
}

async function tryAgain(page: Page, t: Translate) {
  await page.getByRole('button', { name: t('one_click:tryAgain') }).click();
  await expect(section(page)).toHaveAttribute('data-view', 'phone_form');
}

viewsTour<OneClickView>({
  flow: 'one-click',
  views,
  // The island's section, or the identity-service card it gives way to at the end.
  viewOf: (page) => page.locator('section.one-click, section[data-view=redirect_to_idp]'),
  legs: [
    {
      name: 'on a computer: the form with its error, every ending, the identity service',
      views: [
        'phone_form',
        'redirect_to_signup',
        'error',
        'push_notification',
        'rejected_user',
        'redirect_to_idp',
      ],
      walk: async ({ page, sandbox, locale }, check) => {
        test.slow(); // six views and a push answered twice, on a shared machine
        await onComputer(page);
        const t = catalogs(locale);
        await page.clock.install();
        await open(page, locale, ACR.cashback, '&clientId=sandbox-web');
        await page
          .getByRole('button', { name: t('one_click:phone.continue'), exact: true })
          .click();
        await expect(section(page).locator('.field-error')).toHaveText(t('fields:phone.empty'));
        await check('phone_form', 'with error');

        await submitPhone(page, locale, '14');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          t('one_click:signup.title'),
        );
        await check('redirect_to_signup');
        await tryAgain(page, t);

        await submitPhone(page, locale, '06');
        await expect(section(page).getByRole('alert')).toHaveText(
          t('spring_security_error:USER_BLOCKED'),
        );
        await check('error');
        await tryAgain(page, t);

        await submitPhone(page, locale, '17');
        await expect(section(page).locator('.one-click-phone')).toHaveText('+971500000017');
        await check('push_notification');
        const first = await newPush(sandbox, '17');
        await sandbox.push(first, 'reject');
        await page.clock.runFor(5_000); // the next poll, at once
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          t('one_click:rejected.title'),
          { timeout: 10_000 },
        );
        await check('rejected_user');
        await tryAgain(page, t);

        // The identity service's answer is held back (204 keeps the page) to check the screen.
        let posted = 0;
        await page.route('**/_be/idp/login', async (route) => {
          posted += 1;
          await route.fulfill({ status: 204 });
        });
        await submitPhone(page, locale, '17');
        await expect(section(page)).toHaveAttribute('data-view', 'push_notification');
        const second = await newPush(sandbox, '17', [first]);
        await sandbox.push(second, 'approve', await pushNumber(sandbox, '17', second));
        await page.clock.runFor(5_000);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          t('redirect:welcome', { client: 'Sandbox Web' }),
          { timeout: 10_000 },
        );
        await hurryTimers(page, () => posted > 0);
        await expect.poll(() => posted, { timeout: 10_000 }).toBe(1);
        await check('redirect_to_idp');
      },
    },
    {
      name: 'on a computer: the push wait after a resend, then maximum retries',
      views: ['push_notification', 'max_tries_reached'],
      walk: async ({ page, sandbox, locale }, check) => {
        await onComputer(page);
        const t = catalogs(locale);
        await openStopped(page, locale);
        await submitPhone(page, locale, '17');
        const resend = section(page).locator('.one-click-resend');
        await expect(resend).toHaveText(t('one_click:push.resendIn', { count: 90 }));
        for (let retry = 1; retry <= 5; retry += 1) {
          await page.clock.runFor(90_000);
          await expect(resend).toHaveText(t('one_click:push.resend'));
          await resend.click();
          // The answer has arrived (the countdown starts again) before the clock moves on.
          await expect(resend).toHaveText(t('one_click:push.resendIn', { count: 90 }));
          await expect.poll(() => pushCount(sandbox, '17')).toBe(1 + retry);
          if (retry === 1) {
            await expect(section(page).locator('.one-click-status')).toHaveText(
              new RegExp(t('one_click:push.sentTick')),
            );
            // axe waits on timers: let the clock run for it, then stop it again.
            await page.clock.resume();
            await check('push_notification', 'after a resend');
            await pause(page);
          }
        }
        await page.clock.runFor(90_000);
        await resend.click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          t('one_click:maxTries.title'),
        );
        await page.clock.resume();
        await check('max_tries_reached');
      },
    },
    {
      name: 'on a phone: confirm via the app, the push wait, the hand-over to the login code',
      views: ['confirm_via_app', 'push_notification', 'phone_form', 'redirect_to_otp'],
      walk: async ({ page, sandbox, locale }, check) => {
        const t = catalogs(locale);
        await sandbox.flags({ oneClickSignup: true });
        await page.clock.install();
        await open(page, locale);
        await submitPhone(page, locale, '17');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('one_click:app.title'));
        await check('confirm_via_app');
        await page.getByRole('button', { name: t('one_click:app.usePush') }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('one_click:push.title'));
        await check('push_notification', 'on a phone');
        await page.getByRole('button', { name: t('one_click:push.changeLabel') }).click();
        await expect(page.locator('input[type=tel]')).toHaveValue('500000017');
        await check('phone_form', 'on a phone, back from the push');

        // The hand-over to the login page answers 204: the page stays, to check the screen.
        const isLogin = (url: URL) =>
          url.pathname === localizedPath(locale, '/login') && url.search !== '';
        await page.route(isLogin, (route) => route.fulfill({ status: 204 }));
        await submitPhone(page, locale, '14');
        await expect(section(page).locator('.one-click-phone')).toHaveText('+971500000014');
        await check('redirect_to_otp');
      },
    },
  ],
});
