/**
 * SMS pumping (issue 33, item 1): with the `phoneCountries` flag naming the countries a code may
 * go to, a number from elsewhere (typed in international form here) is told so at its field, in
 * the picker's name for its country, and nothing that sends a code is called: no login, code or
 * recovery request leaves the page and the sandbox's outbox for the number stays empty. Login,
 * sign-up and the recovery form, in English and Arabic, axe on the view with the message.
 */
import type { Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/config.ts';
import {
  catalogMessage,
  expect,
  expectAccessible,
  FLOW_LOCALES,
  holdRequests,
  localizedPath,
  settleTasks,
  test,
  type Sandbox,
} from './fixtures.ts';
import { openLogin, submitButton, view } from './login-helpers.ts';
import { open, signupUrl, translator } from './signup-helpers.ts';

/** An Egyptian mobile number, typed in international form; the flags allow the UAE and Saudi Arabia. */
const TYPED = '+20 100 123 4567';
const E164 = '+201001234567';
const ALLOWED = 'AE,SA';

/** The calls that send a code (or may answer with one): login, one-click, code, recovery. */
const SENDS = /\/(login\/phone|one-click\/login|otp\/send|recovery\/challenges\/)/;

/** The paths of the page's requests that would send a code, as they are made. */
function sendingRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (SENDS.test(pathname)) seen.push(pathname);
  });
  return seen;
}

/** The message, naming Egypt as the picker names it in `locale` (the browser's region names). */
function refusal(locale: Locale): string {
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of('EG') ?? 'EG';
  return catalogMessage(locale, 'fields:phone.countryRefused', { country });
}

async function expectNothingSent(sandbox: Sandbox, seen: readonly string[]): Promise<void> {
  expect(seen).toEqual([]);
  expect(await sandbox.outbox(E164)).toEqual([]);
}

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: a number from a country the flags leave out`, () => {
    test.beforeEach(async ({ sandbox }) => {
      await sandbox.flags({ phoneCountries: ALLOWED });
    });

    test('login: told at the field, no login call', async ({ page, sandbox }) => {
      const seen = sendingRequests(page);
      await openLogin(page, locale);
      await page.locator('input[type=tel]').fill(TYPED);
      await submitButton(page).click();
      const error = view(page).locator('.field-error');
      await expect(error).toHaveText(refusal(locale));
      await expect(page.locator('input[type=tel]')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, `${locale} login, country refused`);
      await expectNothingSent(sandbox, seen);
    });

    test('login link that opens the code step: no code, the phone form says why', async ({
      page,
      sandbox,
    }) => {
      const seen = sendingRequests(page);
      await openLogin(
        page,
        locale,
        `clientId=sandbox-web&view=otp&fullMobileNumber=${E164.slice(1)}`,
      );
      const error = view(page).locator('.field-error');
      await expect(error).toHaveText(refusal(locale));
      await expect(page.locator('input[type=tel]')).toHaveValue('1001234567');
      await expectAccessible(page, `${locale} login link, country refused`);
      await expectNothingSent(sandbox, seen);
    });

    test('sign-up: told as the field is left, the form not sent', async ({ page, sandbox }) => {
      const t = translator(locale);
      const seen = sendingRequests(page);
      const f = await open(page, t, signupUrl(locale, { clientId: 'sandbox-web' }));
      await f.name.fill('Mona Saeed');
      await f.phone.fill(TYPED);
      // Leaving the phone field for the password says what is wrong with it.
      await f.password.fill('Sandbox-Pass9');
      await expect(page.locator('.signup-phone .field-error')).toHaveText(refusal(locale));
      // A number no code may go to cannot be sent, as an invalid one cannot.
      await expect(f.submit).toBeDisabled();
      await f.phone.press('Enter');
      await expect(page.locator('.signup-phone .field-error')).toHaveText(refusal(locale));
      await expectAccessible(page, `${locale} sign-up, country refused`);
      await expectNothingSent(sandbox, seen);
    });

    test('recovery form: told at the field, no code sent', async ({ page, sandbox }) => {
      const seen = sendingRequests(page);
      await page.goto(localizedPath(locale, '/recovery?clientId=sandbox-web'));
      const title = catalogMessage(locale, 'recovery:form.title', {});
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await page.locator('input[type=tel]').fill(TYPED);
      const fullName = catalogMessage(locale, 'recovery:form.method.full_name', {});
      await page.getByRole('radio', { name: fullName }).check();
      const label = catalogMessage(locale, 'recovery:form.fullName.label', {});
      await page.getByRole('textbox', { name: label, exact: true }).fill('Layla Haddad');
      const send = catalogMessage(locale, 'recovery:form.sendCode', {});
      await page.getByRole('button', { name: send }).click();
      await expect(page.locator('.field-error').first()).toHaveText(refusal(locale));
      await expectAccessible(page, `${locale} recovery, country refused`);
      await expectNothingSent(sandbox, seen);
    });

    test('recovery form: sent before the phone rules arrive, the refusal stays', async ({
      page,
      sandbox,
    }) => {
      // The rules held: the number typed in international form picks its country once they are
      // here, which must not undo the refusal of the submit that waited for them as well.
      const release = await holdRequests(page, /\/_astro\/phone-rules\.[\w-]+\.js$/);
      const seen = sendingRequests(page);
      await page.goto(localizedPath(locale, '/recovery?clientId=sandbox-web'));
      await page.locator('input[type=tel]').fill(TYPED);
      const fullName = catalogMessage(locale, 'recovery:form.method.full_name', {});
      await page.getByRole('radio', { name: fullName }).check();
      const label = catalogMessage(locale, 'recovery:form.fullName.label', {});
      await page.getByRole('textbox', { name: label, exact: true }).fill('Layla Haddad');
      await page
        .getByRole('button', { name: catalogMessage(locale, 'recovery:form.sendCode', {}) })
        .click();
      release();
      await expect(page.locator('input[type=tel]')).toHaveValue('1001234567');
      await settleTasks(page);
      await expect(page.locator('.field-error').first()).toHaveText(refusal(locale));
      await expectNothingSent(sandbox, seen);
    });
  });
}

test('without the flag, the same number gets its code at sign-up', async ({ page, sandbox }) => {
  const t = translator('en');
  const f = await open(page, t, signupUrl('en', { clientId: 'sandbox-web' }));
  await f.name.fill('Mona Saeed');
  await f.phone.fill(TYPED);
  await f.password.fill('Sandbox-Pass9');
  await f.submit.click();
  await expect.poll(async () => (await sandbox.outbox(E164)).length).toBeGreaterThan(0);
});
