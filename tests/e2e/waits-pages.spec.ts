/**
 * Issue 16, item 2 beyond the login page: the rate limits of the recovery form (sending and
 * checking codes), the new password, one-click checkout and sign-up say how long to wait, hold
 * the action until then, keep the deadline across a reload, and say when the wait is over
 * (the polite live region beside the timer). In English and Arabic, axe on each new state.
 */
import type { Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/config.ts';
import {
  catalogMessage,
  expect,
  expectAccessible,
  FLOW_LOCALES,
  localizedPath,
  openHydrated,
  test,
} from './fixtures.ts';
import { open as openOneClick, submitPhone as submitOneClick } from './one-click-helpers.ts';
import { passwordField } from './recovery-support.ts';
import { open as openSignup, PASSWORD, signupUrl, translator } from './signup-helpers.ts';

const IDENTITY_API = '/_be/identity-api';
const waitNotice = (page: Page) => page.locator('.wait-notice');
const spoken = (page: Page) => page.locator('.wait-spoken');

/** Counts the page's calls whose address contains `part`. */
function countCalls(page: Page, part: string): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes(part)) calls += 1;
  });
  return () => calls;
}

async function recoveryDetails(page: Page, locale: Locale, national: string) {
  await page.locator('input[type=tel]').fill(national);
  await page
    .getByRole('textbox', { name: catalogMessage(locale, 'recovery:form.fullName.label') })
    .fill('Layla Haddad');
  await page
    .getByRole('button', { name: catalogMessage(locale, 'recovery:form.sendCode') })
    .click();
}

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: waits on the other pages`, () => {
    const recovery = localizedPath(locale, '/recovery?clientId=sandbox-web');

    test('recovery: a rate-limited code (Retry-After 120 s) holds Send code, kept on reload', async ({
      page,
      sandbox,
    }) => {
      await openHydrated(page, recovery);
      await recoveryDetails(page, locale, '500000015');
      await expect(page.getByRole('alert')).toHaveText(
        catalogMessage(locale, 'otp:error.ERROR_RATE_LIMIT_REACHED'),
      );
      const minutes = catalogMessage(locale, 'common:wait.minutes', { count: 2 });
      await expect(waitNotice(page)).toHaveText(minutes);
      await expect(spoken(page)).toHaveText(minutes);
      const send = page.getByRole('button', {
        name: catalogMessage(locale, 'recovery:form.sendCode'),
      });
      await expect(send).toBeDisabled();
      await expectAccessible(page, `recovery wait ${locale}`);

      const sends = countCalls(page, '/otp/send');
      await page.reload();
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      await recoveryDetails(page, locale, '500000015');
      await expect(page.getByRole('alert')).toHaveText(catalogMessage(locale, 'common:wait.kept'));
      await expect(waitNotice(page)).toHaveText(minutes);
      await expect(send).toBeDisabled();
      expect(sends()).toBe(0);
      expect(await sandbox.outbox('+971500000015')).toEqual([]);
    });

    test('recovery: a rate-limited check of the code waits, then says so and verifies', async ({
      page,
      sandbox,
    }) => {
      await openHydrated(page, recovery);
      await recoveryDetails(page, locale, '500000001');
      await expect(
        page.getByRole('heading', { name: catalogMessage(locale, 'recovery:form.codeTitle') }),
      ).toBeVisible();
      const [sms] = await sandbox.outbox('+971500000001');
      await sandbox.fault({
        path: `${IDENTITY_API}/otp/verify`,
        status: 429,
        body: { error: 'too_many_requests', additional_information: { retry_after: 4 } },
        times: 1,
      });
      await page
        .getByLabel(catalogMessage(locale, 'fields:otp.label'), { exact: true })
        .fill(sms?.code ?? '');
      const verify = page.getByRole('button', {
        name: catalogMessage(locale, 'recovery:form.verify'),
      });
      await verify.click();
      await expect(waitNotice(page)).toContainText(/\d/);
      await expect(verify).toBeDisabled();
      const seconds = Number((await waitNotice(page).textContent())?.match(/\d+/)?.[0]);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(4);
      // The live region says the minute, not every second, and then that the wait is over.
      await expect(spoken(page)).toHaveText(
        catalogMessage(locale, 'common:wait.minutes', { count: 1 }),
      );
      await expect(spoken(page)).toHaveText(catalogMessage(locale, 'common:wait.over'), {
        timeout: 8000,
      });
      await expect(waitNotice(page)).toHaveCount(0);
      await expect(verify).toBeEnabled();
      await verify.click();
      await expect(
        page.getByRole('heading', { name: catalogMessage(locale, 'recovery:form.passwordTitle') }),
      ).toBeVisible();
    });

    test('new password: a 429 with the wait in its body holds Save, kept on reload', async ({
      page,
      sandbox,
    }) => {
      await sandbox.fault({
        method: 'PUT',
        path: `${IDENTITY_API}/recovery/password`,
        status: 429,
        body: { error: 'too_many_requests', additional_information: { retry_after: 150 } },
        times: 1,
      });
      await openHydrated(page, localizedPath(locale, '/password/reset-valid'));
      await passwordField(page, locale).fill('Recovered-Pass9');
      const save = page.getByRole('button', { name: catalogMessage(locale, 'password:submit') });
      await save.click();
      const minutes = catalogMessage(locale, 'common:wait.minutes', { count: 3 });
      await expect(waitNotice(page)).toHaveText(minutes);
      await expect(spoken(page)).toHaveText(minutes);
      await expect(save).toBeDisabled();
      await expectAccessible(page, `new password wait ${locale}`);

      const puts = countCalls(page, '/recovery/password');
      await page.reload();
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      await passwordField(page, locale).fill('Recovered-Pass9');
      await save.click();
      await expect(page.getByRole('alert')).toHaveText(catalogMessage(locale, 'common:wait.kept'));
      await expect(waitNotice(page)).toHaveText(minutes);
      await expect(save).toBeDisabled();
      expect(puts()).toBe(0);
    });

    test('one-click: a rate-limited login holds Continue for that number, kept on reload', async ({
      page,
      sandbox,
    }) => {
      await sandbox.fault({
        method: 'POST',
        path: `${IDENTITY_API}/one-click/login`,
        status: 429,
        body: { error_code: 'APP-0020', additional_information: { retry_after: 100 } },
        // The one-click login is idempotent (its key): the client retries a 429 twice first.
        times: 3,
      });
      await openOneClick(page, locale);
      await submitOneClick(page, locale, '11');
      const minutes = catalogMessage(locale, 'common:wait.minutes', { count: 2 });
      await expect(waitNotice(page)).toHaveText(minutes);
      await expect(spoken(page)).toHaveText(minutes);
      const next = page.getByRole('button', {
        name: catalogMessage(locale, 'one_click:phone.continue'),
        exact: true,
      });
      await expect(next).toBeDisabled();
      await expectAccessible(page, `one-click wait ${locale}`);

      const logins = countCalls(page, '/one-click/login');
      await page.reload();
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      await submitOneClick(page, locale, '11');
      await expect(page.getByRole('alert')).toHaveText(catalogMessage(locale, 'common:wait.kept'));
      await expect(next).toBeDisabled();
      expect(logins()).toBe(0);
      // Another number is another shopper: it goes on to the push.
      await submitOneClick(page, locale, '17');
      await expect.poll(logins).toBe(1);
    });

    test('sign-up: the code step of a rate-limited number waits, and a reload keeps the deadline', async ({
      page,
      sandbox,
    }) => {
      const t = translator(locale);
      const url = signupUrl(locale, { clientId: 'sandbox-web' });
      const signUp = async () => {
        const f = await openSignup(page, t, url);
        await f.name.fill('Rate Limited');
        await f.phone.fill('500000015');
        await f.password.fill(PASSWORD);
        await f.submit.click();
      };
      await signUp();
      const minutes = catalogMessage(locale, 'common:wait.minutes', { count: 2 });
      await expect(waitNotice(page)).toHaveText(minutes);
      await expect(spoken(page)).toHaveText(minutes);
      const resend = page.locator('.login-resend-actions button');
      await expect(resend.first()).toBeVisible();
      for (const button of await resend.all()) await expect(button).toBeDisabled();
      const deadline = await waitNotice(page).getAttribute('data-wait');
      await expectAccessible(page, `sign-up code wait ${locale}`);

      const sends = countCalls(page, '/otp/send');
      await page.reload();
      await signUp();
      await expect(waitNotice(page)).toHaveText(minutes);
      // The same deadline as before the reload, not a new one.
      await expect(waitNotice(page)).toHaveAttribute('data-wait', deadline ?? '');
      for (const button of await resend.all()) await expect(button).toBeDisabled();
      expect(sends()).toBe(0);
      expect(await sandbox.outbox('+971500000015')).toEqual([]);
    });
  });
}
