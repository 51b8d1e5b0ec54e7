/**
 * The wider recovery form at /recovery: mobile number plus full name, e-mail or national id, the
 * code sent by SMS, a new password with confirmation; each recovery error at its field; no
 * account enumeration; en and ar, axe on every view.
 */
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  FLOW_LOCALES,
  holdRequests,
  localizedPath,
  openHydrated,
  stayBefore,
  test,
} from './fixtures.ts';
import {
  answerField,
  choosePassword,
  enterCode,
  fillDetails,
  LAYLA,
  msg,
  NEW_PASSWORD,
  rule,
} from './recovery-support.ts';

const FORM = '/recovery?clientId=sandbox-web';

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: recovery form`, () => {
    test('full name, code, new password: Layla gets back in', async ({
      page,
      sandbox,
      request,
    }) => {
      await page.goto(localizedPath(locale, FORM));
      await expect(
        page.getByRole('heading', { name: msg(locale, 'recovery:form.title') }),
      ).toBeVisible();
      await expectAccessible(page, `${locale} details`);
      await fillDetails(page, locale, LAYLA.national, 'full_name', LAYLA.name);
      await expect(page.getByText('+971500000001')).toBeVisible();
      await expectAccessible(page, `${locale} code`);
      await enterCode(page, locale, sandbox, LAYLA.e164);

      await expect(
        page.getByRole('heading', { name: msg(locale, 'recovery:form.passwordTitle') }),
      ).toBeFocused();
      const submit = page.getByRole('button', { name: msg(locale, 'password:submit') });
      await choosePassword(page, locale, 'abc', '');
      await expect(rule(page, locale, 'minLength')).toBeVisible();
      await expect(rule(page, locale, 'uppercase')).toBeVisible();
      await expect(rule(page, locale, 'digit')).toBeVisible();
      await expect(submit).toBeDisabled();
      await choosePassword(page, locale, NEW_PASSWORD, `${NEW_PASSWORD}!`);
      await expect(page.getByText(msg(locale, 'password:mismatch'))).toBeVisible();
      await expect(submit).toBeDisabled();
      await expectNoRawKeys(page);
      await expectAccessible(page, `${locale} password`);
      await choosePassword(page, locale, NEW_PASSWORD);
      await expect(page.getByText(msg(locale, 'password:mismatch'))).toBeHidden();
      // The page leaves for /password_success; 204 No Content keeps its last screen to be checked.
      await stayBefore(page, /\/password_success(\?.*)?$/);
      const leaving = page.waitForRequest(
        (r) =>
          r.isNavigationRequest() && r.url().endsWith(localizedPath(locale, '/password_success')),
      );
      await submit.click();
      await leaving;
      await expect(page.getByRole('status')).toHaveText(msg(locale, 'common:pleaseWait'));
      await expectAccessible(page, `${locale} done`);

      const login = await request.post('/_be/identity-api/login/phone', {
        data: { phone_number: '971500000001', password: NEW_PASSWORD },
      });
      expect(login.status()).toBe(200);
    });

    test('a wrong e-mail goes back to its field, and the fix needs no new code', async ({
      page,
      sandbox,
    }) => {
      await page.goto(localizedPath(locale, FORM));
      await fillDetails(page, locale, LAYLA.national, 'email', 'someone@example.com');
      await enterCode(page, locale, sandbox, LAYLA.e164);
      const field = answerField(page, locale, 'email');
      await expect(page.getByText(msg(locale, 'error:INVALID_EMAIL'))).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, `${locale} wrong e-mail`);
      await field.fill('layla@example.com');
      await page.getByRole('button', { name: msg(locale, 'recovery:form.sendCode') }).click();
      await expect(
        page.getByRole('heading', { name: msg(locale, 'recovery:form.passwordTitle') }),
      ).toBeVisible();
      expect(await sandbox.outbox(LAYLA.e164)).toHaveLength(1);
    });

    test('a wrong national id is shown at its field; the right one passes', async ({
      page,
      sandbox,
    }) => {
      await page.goto(localizedPath(locale, FORM));
      await fillDetails(page, locale, LAYLA.national, 'national_id', '784-1990-0000000-0');
      await enterCode(page, locale, sandbox, LAYLA.e164);
      const field = answerField(page, locale, 'national_id');
      await expect(page.getByText(msg(locale, 'error:INVALID_NATIONAL_ID'))).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      // Eastern Arabic digits are accepted.
      await field.fill('٧٨٤-١٩٩٠-١٢٣٤٥٦٧-١');
      await page.getByRole('button', { name: msg(locale, 'recovery:form.sendCode') }).click();
      await expect(
        page.getByRole('heading', { name: msg(locale, 'recovery:form.passwordTitle') }),
      ).toBeVisible();
    });

    test('a wrong full name and an unknown account get the same message', async ({
      page,
      sandbox,
    }) => {
      await page.goto(localizedPath(locale, FORM));
      await fillDetails(page, locale, LAYLA.national, 'full_name', 'Layla Khan');
      await enterCode(page, locale, sandbox, LAYLA.e164);
      const known = msg(locale, 'error:INVALID_FULL_NAME');
      await expect(page.getByText(known)).toBeVisible();

      await page.goto(localizedPath(locale, FORM));
      // +971500000003 has no account: a code is still sent, and the answer is the same.
      await fillDetails(page, locale, '500000003', 'full_name', 'Layla Khan');
      await enterCode(page, locale, sandbox, '+971500000003');
      await expect(page.getByText(known)).toBeVisible();
    });

    test("INVALID_OTP ('OTP or phone number is wrong.') and a wrong code at the code field", async ({
      page,
      sandbox,
    }) => {
      await page.goto(localizedPath(locale, FORM));
      await fillDetails(page, locale, LAYLA.national, 'full_name', LAYLA.name);
      const code = page.getByLabel(msg(locale, 'fields:otp.label'), { exact: true });
      await code.fill('000000');
      await page.getByRole('button', { name: msg(locale, 'recovery:form.verify') }).click();
      await expect(page.getByText(msg(locale, 'otp:error.ERROR_INVALID_PIN_CODE'))).toBeVisible();
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, `${locale} wrong code`);

      await sandbox.fault({
        method: 'POST',
        path: '/_be/identity-api/recovery/token',
        status: 400,
        body: { error: 'INVALID_OTP', message: 'INVALID_OTP' },
        times: 1,
      });
      await code.fill('123456');
      await page.getByRole('button', { name: msg(locale, 'recovery:form.verify') }).click();
      await expect(page.getByText(msg(locale, 'error:INVALID_OTP'))).toBeVisible();
      await expect(code).toHaveAttribute('aria-invalid', 'true');
    });

    test('checks the details before sending a code', async ({ page, sandbox }) => {
      await page.goto(localizedPath(locale, FORM));
      await page.getByRole('button', { name: msg(locale, 'recovery:form.sendCode') }).click();
      await expect(page.getByText(msg(locale, 'fields:phone.empty'))).toBeVisible();
      await expect(page.getByText(msg(locale, 'recovery:form.fullName.required'))).toBeVisible();
      await page.locator('input[type=tel]').fill('12');
      await page.getByRole('radio', { name: msg(locale, 'recovery:form.method.email') }).check();
      await answerField(page, locale, 'email').fill('layla@');
      await page.getByRole('button', { name: msg(locale, 'recovery:form.sendCode') }).click();
      await expect(page.getByText(msg(locale, 'fields:phone.invalid'))).toBeVisible();
      await expect(page.getByText(msg(locale, 'fields:email.invalid'))).toBeVisible();
      await expectAccessible(page, `${locale} details errors`);
      expect(await sandbox.outbox('+97112')).toHaveLength(0);
    });

    test('resend after 60 s, and change the details', async ({ page, sandbox }) => {
      await page.clock.install();
      await page.goto(localizedPath(locale, FORM));
      await fillDetails(page, locale, LAYLA.national, 'full_name', LAYLA.name);
      const resend = page.getByRole('button', { name: msg(locale, 'recovery:form.resend') });
      await expect(resend).toBeDisabled();
      // One second at a time: the countdown re-renders between ticks.
      for (let second = 0; second < 61; second += 1) await page.clock.runFor(1000);
      await expect(resend).toBeEnabled();
      await resend.click();
      await expect(page.getByText(msg(locale, 'recovery:form.codeResent'))).toBeVisible();
      await expect(resend).toBeDisabled();
      await expect.poll(async () => (await sandbox.outbox(LAYLA.e164)).length).toBe(2);
      await page.getByRole('button', { name: msg(locale, 'recovery:form.changeDetails') }).click();
      await expect(
        page.getByRole('heading', { name: msg(locale, 'recovery:form.title') }),
      ).toBeFocused();
      await expect(answerField(page, locale, 'full_name')).toHaveValue(LAYLA.name);
    });
  });
}

test('without a client it explains where to start', async ({ page }) => {
  await page.goto('/recovery');
  await expect(page.getByText(msg('en', 'recovery:form.noClient'))).toBeVisible();
  await expectAccessible(page, 'no client');
});

test('a link that expired while choosing the password starts again', async ({ page, sandbox }) => {
  await page.goto(FORM);
  await fillDetails(page, 'en', LAYLA.national, 'full_name', LAYLA.name);
  await enterCode(page, 'en', sandbox, LAYLA.e164);
  await sandbox.fault({
    method: 'PUT',
    path: '/_be/identity-api/recovery/password',
    status: 400,
    body: { error: 'INVALID_RESET_TOKEN', message: 'INVALID_RESET_TOKEN' },
    times: 1,
  });
  await choosePassword(page, 'en', NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText(msg('en', 'recovery:form.sessionExpired'));
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeFocused();
});

test('details typed before the page is interactive are all kept, and sent', async ({ page }) => {
  // The page's scripts are held until the details are typed into the pre-rendered form.
  const release = await holdRequests(page, /\/_astro\/.*\.js$/);
  await page.goto(FORM, { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(LAYLA.national);
  await page.getByRole('textbox', { name: 'Full name' }).fill(LAYLA.name);
  release();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(LAYLA.national);
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue(LAYLA.name);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the verification code' })).toBeFocused();
});

test('keyboard only: the whole form', async ({ page, sandbox }) => {
  await openHydrated(page, FORM);
  await page.locator('input[type=tel]').focus();
  await page.keyboard.type(LAYLA.national);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Full name' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type(LAYLA.name);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Enter the verification code' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press('Tab'); // show password
  await page.keyboard.press('Tab');
  await page.keyboard.type(NEW_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/password_success');
  expect(await sandbox.outbox(LAYLA.e164)).toHaveLength(1);
});
