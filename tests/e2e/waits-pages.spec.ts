/**
 * Issue 16, item 2 beyond the login page: the rate limits of the recovery form (sending and
 * checking codes), the new password, one-click checkout (its login and its resend), sign-up (its
 * code step and its onboarding) and the code check of the login's and sign-up's code step (issue
 * 32, item 9) say how long to wait, hold the action until then, keep the deadline across a
 * reload, and say when the wait is over (the polite live region beside the timer). In English and
 * Arabic, axe on each new state.
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
  type Sandbox,
} from './fixtures.ts';
import {
  DESKTOP_UA,
  open as openOneClick,
  openStopped as openOneClickStopped,
  pushCount,
  submitPhone as submitOneClick,
} from './one-click-helpers.ts';
import { beginSignIn, csrfOf } from './identity-helpers.ts';
import { openLogin, submitPhone as submitLoginPhone } from './login-helpers.ts';
import { passwordField } from './recovery-support.ts';
import {
  form,
  latestCode,
  open as openSignup,
  PASSWORD,
  signupUrl,
  translator,
} from './signup-helpers.ts';

const IDENTITY_API = '/_be/identity-api';
const ONBOARD = '/_be/onboarder/onboard';
/** The sandbox answers the next onboarding with a rate limit (429): this body, this Retry-After. */
const limitOnboarding = (sandbox: Sandbox, body?: unknown, retryAfter?: string) =>
  sandbox.fault({
    method: 'POST',
    path: ONBOARD,
    status: 429,
    times: 1,
    ...(body === undefined ? {} : { body }),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  });
/** The sandbox answers the next code check with its rate limit: 429, APP-0020, Retry-After 120. */
const limitCodeCheck = (sandbox: Sandbox) =>
  sandbox.fault({
    method: 'POST',
    path: `${IDENTITY_API}/otp/verify`,
    status: 429,
    body: {
      error: 'error_rate_limit_reached',
      message: 'ERROR_RATE_LIMIT_REACHED',
      error_code: 'APP-0020',
    },
    retryAfter: '120',
    times: 1,
  });
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

/** The sign-up form filled for +9715000000nn and sent, then its code given: the onboarding. */
async function signUpThroughCode(page: Page, locale: Locale, sandbox: Sandbox, nn: string) {
  const t = translator(locale);
  const f = await openSignup(page, t, signupUrl(locale, { clientId: 'sandbox-web' }));
  await fillSignup(page, locale, nn);
  await f.submit.click();
  await page.getByLabel(t('fields:otp.label')).fill(await latestCode(sandbox, `+9715000000${nn}`));
  await page.getByRole('button', { name: t('login_otp:submit') }).click();
  return f;
}

/** The sign-up form's fields for +9715000000nn (the page open). */
async function fillSignup(page: Page, locale: Locale, nn: string) {
  const f = form(page, translator(locale));
  await f.name.fill('Rate Limited');
  await f.phone.fill(`5000000${nn}`);
  await f.password.fill(PASSWORD);
  return f;
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
      await page.clock.install();
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
      // The live region says the minute, not every second, and then that the wait is over (the
      // 4 s pass on Playwright's clock; the tick after them reads the deadline as passed).
      await expect(spoken(page)).toHaveText(
        catalogMessage(locale, 'common:wait.minutes', { count: 1 }),
      );
      await page.clock.runFor(4000);
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
        // The one-click login is idempotent (its key), but a wait over 10 s is not retried.
        times: 1,
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
      // Both ways to resend (a text, a call), each held.
      const resend = page.locator('.login-resend-actions button');
      await expect(resend).toHaveCount(2);
      for (const button of await resend.all()) await expect(button).toBeDisabled();
      const deadline = await waitNotice(page).getAttribute('data-wait');
      await expectAccessible(page, `sign-up code wait ${locale}`);

      const sends = countCalls(page, '/otp/send');
      await page.reload();
      await signUp();
      await expect(waitNotice(page)).toHaveText(minutes);
      // The same deadline as before the reload, not a new one.
      await expect(waitNotice(page)).toHaveAttribute('data-wait', deadline ?? '');
      await expect(resend).toHaveCount(2);
      for (const button of await resend.all()) await expect(button).toBeDisabled();
      expect(sends()).toBe(0);
      expect(await sandbox.outbox('+971500000015')).toEqual([]);
    });

    for (const step of ['login', 'sign-up'] as const) {
      test(`${step}: a rate-limited code check (Retry-After 120 s) holds Verify until its wait ends (item 9)`, async ({
        page,
        sandbox,
      }) => {
        const t = translator(locale);
        await page.clock.install();
        if (step === 'login') {
          await openLogin(page, locale);
          await submitLoginPhone(page, '02');
        } else {
          // The csrf of a sign-in the demo app started: the identity service finishes it.
          const csrf = csrfOf(await beginSignIn(page, `/signin?ui_locales=${locale}`));
          const f = await openSignup(page, t, signupUrl(locale, { clientId: 'sandbox-web', csrf }));
          await fillSignup(page, locale, '03');
          await f.submit.click();
        }
        const code = page.getByLabel(t('fields:otp.label'));
        await code.fill(
          await latestCode(sandbox, step === 'login' ? '+971500000002' : '+971500000003'),
        );
        // The identity API's rate-limit answer (the one persona 15 gets on sending) on the check.
        await limitCodeCheck(sandbox);
        const verify = page.getByRole('button', { name: t('login_otp:submit') });
        await verify.click();
        await expect(page.getByRole('alert')).toHaveText(
          catalogMessage(locale, 'otp:error.ERROR_RATE_LIMIT_REACHED'),
        );
        const minutes = catalogMessage(locale, 'common:wait.minutes', { count: 2 });
        await expect(waitNotice(page)).toHaveText(minutes);
        await expect(spoken(page)).toHaveText(minutes);
        await expect(verify).toBeDisabled();
        const resends = await page.locator('.login-resend-actions button').all();
        expect(resends.length).toBeGreaterThan(0);
        for (const button of resends) await expect(button).toBeDisabled();
        await expectAccessible(page, `${step} code check wait ${locale}`);
        const checks = countCalls(page, '/otp/verify');
        await verify.click({ force: true });
        expect(checks()).toBe(0);

        // The wait runs out: the page says so, frees Verify, and the code signs the person in.
        await page.clock.runFor(120_000);
        await expect(spoken(page)).toHaveText(catalogMessage(locale, 'common:wait.over'));
        await expect(waitNotice(page)).toHaveCount(0);
        await expect(verify).toBeEnabled();
        await verify.click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          step === 'login'
            ? t('redirect:welcome', { client: 'Sandbox Web' })
            : t('redirect:registered', { client: 'Sandbox Web' }),
        );
      });
    }

    test('sign-up: a rate-limited onboarding (Retry-After 150 s) holds Create account, kept on reload', async ({
      page,
      sandbox,
    }) => {
      await limitOnboarding(sandbox, { error: 'too_many_requests', error_code: 'APP-0020' }, '150');
      const f = await signUpThroughCode(page, locale, sandbox, '03');
      // Back on the form, which says why and how long; Create account waits until then.
      await expect(page.getByRole('alert')).toHaveText(
        catalogMessage(locale, 'spring_security_error:ERROR_RATE_LIMIT_REACHED'),
      );
      const minutes = catalogMessage(locale, 'common:wait.minutes', { count: 3 });
      await expect(waitNotice(page)).toHaveText(minutes);
      await expect(spoken(page)).toHaveText(minutes);
      await expect(f.submit).toBeDisabled();
      await expect(f.name).toBeEditable();
      const deadline = await waitNotice(page).getAttribute('data-wait');
      await expectAccessible(page, `sign-up onboarding wait ${locale}`);

      // The same page again, the same number: it still waits, and nothing is sent.
      const sends = countCalls(page, '/otp/send');
      const onboards = countCalls(page, ONBOARD);
      await page.reload();
      await expect(page.locator('section.signup')).toHaveAttribute('data-flags', 'ready');
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      await fillSignup(page, locale, '03');
      await f.submit.click();
      await expect(page.getByRole('alert')).toHaveText(catalogMessage(locale, 'common:wait.kept'));
      await expect(waitNotice(page)).toHaveText(minutes);
      await expect(waitNotice(page)).toHaveAttribute('data-wait', deadline ?? '');
      await expect(f.submit).toBeDisabled();
      expect(sends()).toBe(0);
      expect(onboards()).toBe(0);
      await expectAccessible(page, `sign-up onboarding wait kept ${locale}`);
      // Another number is another person: the form is free again.
      await f.phone.fill('500000021');
      await expect(waitNotice(page)).toHaveCount(0);
      await expect(f.submit).toBeEnabled();
    });

    test("sign-up: Retry-After as an HTTP date, the body's own seconds, and a limit without a time", async ({
      page,
      sandbox,
    }) => {
      await limitOnboarding(
        sandbox,
        { error: 'too_many_requests' },
        new Date(Date.now() + 150_000).toUTCString(),
      );
      const f = await signUpThroughCode(page, locale, sandbox, '03');
      await expect(waitNotice(page)).toHaveText(
        catalogMessage(locale, 'common:wait.minutes', { count: 3 }),
      );
      await expect(f.submit).toBeDisabled();

      // Another number, rate-limited with the wait only in the body: it counts the seconds down.
      await limitOnboarding(sandbox, {
        error: 'too_many_requests',
        additional_information: { retry_after: 40 },
      });
      await f.phone.fill('500000021');
      await f.submit.click();
      const t = translator(locale);
      await page.getByLabel(t('fields:otp.label')).fill(await latestCode(sandbox, '+971500000021'));
      await page.getByRole('button', { name: t('login_otp:submit') }).click();
      await expect(waitNotice(page)).toContainText(/\d/);
      const seconds = Number((await waitNotice(page).textContent())?.match(/\d+/)?.[0]);
      expect(seconds).toBeGreaterThan(25);
      expect(seconds).toBeLessThanOrEqual(40);
      await expect(waitNotice(page)).toHaveText(
        catalogMessage(locale, 'common:wait.seconds', { count: seconds - 1 }),
        { timeout: 3000 },
      );
      await expect(f.submit).toBeDisabled();

      // A third number, and no time at all: the page says so, and holds nothing.
      await limitOnboarding(sandbox);
      await f.phone.fill('500000022');
      await f.submit.click();
      await page.getByLabel(t('fields:otp.label')).fill(await latestCode(sandbox, '+971500000022'));
      await page.getByRole('button', { name: t('login_otp:submit') }).click();
      await expect(waitNotice(page)).toHaveText(catalogMessage(locale, 'common:wait.unknown'));
      await expect(page.getByRole('alert')).toHaveText(
        catalogMessage(locale, 'spring_security_error:ERROR_RATE_LIMIT_REACHED'),
      );
      await expect(f.submit).toBeEnabled();
      await expectAccessible(page, `sign-up wait without a time ${locale}`);
      // The code was verified already: Create account onboards at once, and signs the person up.
      await f.submit.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:registered', { client: 'Sandbox Web' }),
      );
    });

    test.describe('on a computer', () => {
      test.use({ userAgent: DESKTOP_UA });

      test('one-click: a rate-limited resend waits on the push view, kept on reload', async ({
        page,
        sandbox,
      }) => {
        const section = await openOneClickStopped(page, locale);
        await submitOneClick(page, locale, '17');
        await expect(section).toHaveAttribute('data-view', 'push_notification');
        await page.clock.runFor(90_000);
        const resend = section.locator('.one-click-resend');
        await expect(resend).toHaveText(catalogMessage(locale, 'one_click:push.resend'));
        await sandbox.fault({
          method: 'POST',
          path: `${IDENTITY_API}/one-click/login`,
          status: 429,
          body: { additional_information: { error_code: 'APP-0020' } },
          retryAfter: '300',
          // One answer: a retry by the client would get a push, and the test would see it.
          times: 1,
        });
        const logins = countCalls(page, '/one-click/login');
        await resend.click();
        // The push view stays, saying why and how long; the resend waits, the rest is usable.
        await expect(section.getByRole('alert')).toHaveText(
          catalogMessage(locale, 'spring_security_error:ERROR_RATE_LIMIT_REACHED'),
        );
        const minutes = catalogMessage(locale, 'common:wait.minutes', { count: 5 });
        await expect(waitNotice(page)).toHaveText(minutes);
        await expect(spoken(page)).toHaveText(minutes);
        await expect(section).toHaveAttribute('data-view', 'push_notification');
        await expect(resend).toHaveAttribute('aria-disabled', 'true');
        const deadline = await waitNotice(page).getAttribute('data-wait');
        await resend.click({ force: true });
        // A wait longer than 10 s is not retried by the client: one call, and no second push.
        expect(logins()).toBe(1);
        expect(await pushCount(sandbox, '17')).toBe(1);
        await expect(
          section.getByRole('button', { name: catalogMessage(locale, 'one_click:push.useSms') }),
        ).toBeEnabled();
        await expect(
          section.getByRole('button', {
            name: catalogMessage(locale, 'one_click:push.changeLabel'),
          }),
        ).toBeEnabled();
        await page.clock.resume();
        await expectAccessible(page, `one-click resend wait ${locale}`);

        // The same page again, the same number: Continue waits, and nothing is sent.
        await page.reload();
        await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
        await submitOneClick(page, locale, '17');
        await expect(page.getByRole('alert')).toHaveText(
          catalogMessage(locale, 'common:wait.kept'),
        );
        await expect(waitNotice(page)).toHaveAttribute('data-wait', deadline ?? '');
        await expect(
          page.getByRole('button', {
            name: catalogMessage(locale, 'one_click:phone.continue'),
            exact: true,
          }),
        ).toBeDisabled();
        expect(logins()).toBe(1);
      });
    });
  });
}
