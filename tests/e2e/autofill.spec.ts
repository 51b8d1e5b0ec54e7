/**
 * Autofill (issue 16, items 4 and 5): the SMS code fills itself through WebOTP, armed once for the
 * life of a code step; password managers find the account's identifier beside every password
 * and never take a PIN or card digits for one. English and Arabic, axe on the views changed.
 */
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  FLOW_LOCALES,
  localizedPath,
  openHydrated,
  test,
} from './fixtures.ts';
import { e164, expectView, openLogin, submitPhone, view } from './login-helpers.ts';
import { fillDetails, LAYLA, msg, toNewPasswordStep } from './recovery-support.ts';

interface WebOtpProbe {
  calls: number;
  aborted: number;
  fill?: (code: string) => void;
}

/**
 * A browser with WebOTP whose requests the test answers: every `credentials.get` asking for an
 * SMS code is counted (and every abort), and `__webOtp.fill(code)` answers the pending one.
 */
async function fakeWebOtp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: WebOtpProbe = { calls: 0, aborted: 0 };
    Object.assign(window, { __webOtp: probe, OTPCredential: function OTPCredential() {} });
    const original = navigator.credentials.get.bind(navigator.credentials);
    Object.defineProperty(navigator.credentials, 'get', {
      value: (options?: CredentialRequestOptions & { otp?: unknown }) => {
        if (!options?.otp) return original(options);
        probe.calls += 1;
        return new Promise((resolve, reject) => {
          let pending = true;
          probe.fill = (code) => {
            pending = false;
            resolve({ id: '', type: 'otp', code });
          };
          options.signal?.addEventListener('abort', () => {
            if (!pending) return;
            pending = false;
            probe.aborted += 1;
            reject(new DOMException('Aborted', 'AbortError'));
          });
        });
      },
    });
  });
}

const webOtp = (page: Page) =>
  page.evaluate(() => {
    const { calls, aborted } = (window as unknown as { __webOtp: WebOtpProbe }).__webOtp;
    return { calls, aborted };
  });

/** The code of the origin-bound last line `@host #code` of the latest SMS to `to`. */
async function boundCode(
  sandbox: { outbox: (to: string) => Promise<{ channel: string; text: string }[]> },
  to: string,
  host: string,
): Promise<string> {
  let line = '';
  await expect
    .poll(async () => {
      const sms = (await sandbox.outbox(to)).find((item) => item.channel === 'sms');
      line = sms?.text.split('\n').at(-1) ?? '';
      return line;
    })
    .toMatch(/^@\S+ #\d{6}$/);
  const [origin, code] = line.split(' ');
  expect(origin).toBe(`@${host}`);
  return code?.slice(1) ?? '';
}

/**
 * Moves the page's clock (installed before the page opened) a second at a time, `ticks` times,
 * each time until the code step's resend countdown (`timer`) shows a new number: each tick
 * re-rendered the step.
 */
async function tickCountdown(page: Page, timer: Locator, ticks: number): Promise<void> {
  for (let tick = 0; tick < ticks; tick += 1) {
    const before = (await timer.textContent()) ?? '';
    await page.clock.runFor(1000);
    await expect(timer).not.toHaveText(before);
  }
}

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: SMS code autofill`, () => {
    test('/recovery keeps one WebOTP request through the countdown, and the SMS fills the field', async ({
      page,
      sandbox,
      baseURL,
    }) => {
      await fakeWebOtp(page);
      await page.clock.install();
      await openHydrated(page, localizedPath(locale, '/recovery?clientId=sandbox-web'));
      await fillDetails(page, locale, LAYLA.national, 'full_name', LAYLA.name);
      const code = page.getByLabel(msg(locale, 'fields:otp.label'), { exact: true });
      await expect(code).toBeVisible();
      await expect(code).toHaveAttribute('name', 'one-time-code');
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      // Three ticks of the resend countdown re-render the step: the request stays the same one.
      await tickCountdown(page, page.locator('p.muted[aria-live=off]'), 3);
      expect(await webOtp(page)).toEqual({ calls: 1, aborted: 0 });

      const host = new URL(baseURL ?? '').host;
      const sent = await boundCode(sandbox, LAYLA.e164, host);
      await page.evaluate((value) => {
        (window as unknown as { __webOtp: WebOtpProbe }).__webOtp.fill?.(value);
      }, sent);
      await expect(code).toHaveValue(sent);
      // Filled, never submitted on its own; armed again for a resent code.
      await expect(
        page.getByRole('button', { name: msg(locale, 'recovery:form.verify') }),
      ).toBeVisible();
      await expect.poll(() => webOtp(page)).toEqual({ calls: 2, aborted: 0 });

      // Leaving the step aborts its request.
      await page.getByRole('button', { name: msg(locale, 'recovery:form.changeDetails') }).click();
      await expect.poll(() => webOtp(page)).toEqual({ calls: 2, aborted: 1 });
    });

    test('the login code step arms WebOTP once and fills the code of the bound SMS', async ({
      page,
      sandbox,
      baseURL,
    }) => {
      await fakeWebOtp(page);
      await page.clock.install();
      await openLogin(page, locale);
      await submitPhone(page, '02');
      await expectView(page, 'otp', false);
      const sent = await boundCode(sandbox, e164('02'), new URL(baseURL ?? '').host);
      // Ticks of the resend countdown re-render the step: still the one request.
      await tickCountdown(page, page.getByRole('timer'), 2);
      expect(await webOtp(page)).toEqual({ calls: 1, aborted: 0 });
      await page.evaluate((value) => {
        (window as unknown as { __webOtp: WebOtpProbe }).__webOtp.fill?.(value);
      }, sent);
      await expect(view(page).locator('input[autocomplete=one-time-code]')).toHaveValue(sent);
    });
  });

  test.describe(`${locale}: password managers`, () => {
    test('login: the password view names the account; the e-mail identifier is the username', async ({
      page,
    }) => {
      await openLogin(page, locale);
      await expect(view(page).locator('input[type=tel]')).toHaveAttribute('name', 'phone');
      // /login offers saved passkeys in the same list as saved numbers (issue 21).
      await expect(view(page).locator('input[type=tel]')).toHaveAttribute(
        'autocomplete',
        'tel webauthn',
      );
      await submitPhone(page, '01');
      await expectView(page, 'password_form', false);
      const username = view(page).locator('input[autocomplete=username]');
      await expect(username).toHaveValue(e164('01'));
      await expect(username).toBeHidden();
      const password = view(page).locator('input[autocomplete=current-password]');
      await expect(password).toHaveAttribute('type', 'password');
      await expect(password).toHaveAttribute('name', 'password');
      await expect(password.locator('xpath=ancestor::form')).toContainText(
        msg(locale, 'login:password.submit'),
      );
      await expect(username.locator('xpath=ancestor::form')).toHaveCount(1);

      // With showEmail the page opens on the e-mail identifier.
      await openLogin(page, locale, 'clientId=sandbox-web&showEmail=true');
      const email = page.getByLabel(msg(locale, 'fields:email.label'), { exact: true });
      await expect(email).toHaveAttribute('autocomplete', 'username');
      await expect(email).toHaveAttribute('name', 'email');
      await expect(email).toHaveAttribute('type', 'email');
    });

    test('login: PIN and card digits are masked text no manager saves, with the show toggle', async ({
      page,
    }) => {
      await openLogin(page, locale);
      await submitPhone(page, '05');
      await expectView(page, 'verify_pin_challenge', false);
      const pin = view(page).locator('input[name=pin]');
      await expect(pin).toHaveAttribute('type', 'text');
      await expect(pin).toHaveAttribute('autocomplete', 'off');
      await expect(pin).toHaveAttribute('data-1p-ignore', '');
      await expect(pin).toHaveAttribute('data-lpignore', 'true');
      await expect(view(page).locator('input[type=password]')).toHaveCount(0);
      await pin.fill('1234');
      const masked = () =>
        pin.evaluate((input) => getComputedStyle(input).getPropertyValue('-webkit-text-security'));
      expect(await masked()).toBe('disc');
      const toggle = view(page).locator('button[aria-pressed]');
      await expect(toggle).toHaveText(msg(locale, 'login:challenge.show'));
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(toggle).toHaveText(msg(locale, 'login:challenge.hide'));
      expect(await masked()).toBe('none');
      await expectAccessible(page, `${locale} PIN`);

      await view(page).locator('form button.button-link').click();
      await expectView(page, 'verify__card_challenge', false);
      const card = view(page).locator('input[name=card-last4]');
      await expect(card).toHaveAttribute('type', 'text');
      await expect(card).toHaveAttribute('data-1p-ignore', '');
      await expect(view(page).locator('input[type=password]')).toHaveCount(0);
      await expectAccessible(page, `${locale} card`);
    });

    test('sign-up: the new password is saved under the +E.164 number', async ({ page }) => {
      await openHydrated(page, localizedPath(locale, '/signup/?clientId=sandbox-web'));
      const form = page.locator('form.signup-form');
      const phone = form.locator('input[type=tel]');
      await expect(phone).toHaveAttribute('name', 'phone');
      await expect(form.locator('input[autocomplete=username]')).toHaveCount(0);
      await phone.fill('500000003');
      const username = form.locator('input[autocomplete=username]');
      await expect(username).toHaveValue(e164('03'));
      await expect(username).toBeHidden();
      const password = form.locator('input[autocomplete=new-password]');
      await expect(password).toHaveAttribute('name', 'new-password');
      await expect(password).toHaveAttribute('type', 'password');
    });

    test('recovery: the new password step carries the verified number as the username', async ({
      page,
      sandbox,
    }) => {
      await openHydrated(page, localizedPath(locale, '/recovery?clientId=sandbox-web'));
      await toNewPasswordStep(page, locale, sandbox);
      await expect(
        page.getByRole('heading', { name: msg(locale, 'recovery:form.passwordTitle') }),
      ).toBeVisible();
      const username = page.locator('form input[autocomplete=username]');
      await expect(username).toHaveValue(LAYLA.e164);
      await expect(username).toBeHidden();
      await expect(page.locator('form input[autocomplete=new-password]')).toHaveCount(2);
      await expectAccessible(page, `${locale} recovery password`);
    });
  });
}
