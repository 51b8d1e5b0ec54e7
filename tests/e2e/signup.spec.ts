/**
 * Sign-up (/signup/) against the sandbox, in English and Arabic: the full sign-up through the code
 * step to the identity service, an OTP in the address, the blocked, phone-used and e-mail-taken
 * personas, social and corporate pre-fill, every validation message, and axe on every view.
 */
import { PRODUCT } from '../../src/site-config.ts';
import type { Request } from '@playwright/test';
import {
  clickClosingWindow,
  expect,
  expectAccessible,
  expectNoRawKeys,
  FLOW_LOCALES,
  holdRequests,
  hurryTimers,
  localizedPath,
  test,
} from './fixtures.ts';
import {
  form,
  latestCode,
  open,
  PASSWORD,
  PERSONA_CODE,
  showFieldErrors,
  signupUrl,
  socialToken,
  translator,
} from './signup-helpers.ts';
import { beginSignIn, csrfOf } from './identity-helpers.ts';

for (const locale of FLOW_LOCALES) {
  const t = translator(locale);

  test.describe(`sign-up (${locale})`, () => {
    test('registers +971500000003 through the code step and finishes at the identity service', async ({
      page,
      sandbox,
    }) => {
      test.slow(); // four axe runs and a full round trip, on a shared machine
      // The csrf of a sign-in the demo app started (the identity service's interaction).
      const csrf = csrfOf(await beginSignIn(page, `/signin?ui_locales=${locale}`));
      const f = await open(page, t, signupUrl(locale, { clientId: 'sandbox-web', csrf }));
      // csrf leaves the address at once and waits in session storage.
      expect(new URL(page.url()).searchParams.has('csrf')).toBe(false);
      expect(new URL(page.url()).searchParams.get('clientId')).toBe('sandbox-web');
      expect(await page.evaluate(() => sessionStorage.getItem('acct:csrf'))).toBe(csrf);
      await expect(f.email).toHaveCount(0);
      await expect(f.invitation).toHaveCount(0);
      await expect(f.apple).toBeVisible();
      await expect(f.google).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: t('signup:termsLink') })).toHaveAttribute(
        'href',
        PRODUCT.termsUrl,
      );
      await expect(main.getByRole('link', { name: t('signup:privacyLink') })).toHaveAttribute(
        'href',
        PRODUCT.privacyUrl,
      );
      await expect(f.password).toHaveAttribute('autocomplete', 'new-password');
      await expect(f.submit).toBeDisabled();
      await expectAccessible(page, 'empty form');

      await f.name.fill('Mona  Saeed Rahman');
      await f.phone.fill('50 000 0003');
      await f.password.fill(PASSWORD);
      await expect(f.submit).toBeEnabled();
      await expectAccessible(page, 'filled form');
      await f.submit.click();

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('login_otp:title'));
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expect(page.getByRole('status').first()).toContainText('+971500000003');
      const code = await latestCode(sandbox, '+971500000003');
      await expectAccessible(page, 'otp view');
      await page.getByLabel(t('fields:otp.label')).fill(code);

      // The redirect screen posts its form by itself: the first post gets 204 No Content (the
      // browser stays on the screen to be checked), then the same form is sent for real.
      const posted: Record<string, string>[] = [];
      await page.route('**/_be/idp/login', async (route) => {
        posted.push(Object.fromEntries(new URLSearchParams(route.request().postData() ?? '')));
        await route.fulfill({ status: 204 });
      });
      const onboard = page.waitForRequest((r) => r.url().endsWith('/_be/onboarder/onboard'));
      await page.getByRole('button', { name: t('login_otp:submit') }).click();
      const request: Request = await onboard;
      const headers = request.headers();
      expect(headers['agent']).toBe('WEB');
      expect(headers['version']).toBe('1');
      expect(headers['client-version']).toMatch(/^\d+\.\d+\.\d+$/);
      // The page's language, then the spec's `en` (D4, docs/spec-decisions.md).
      expect(headers['accept-language']).toBe(locale === 'en' ? 'en' : `${locale}, en;q=0.5`);
      expect(headers['x-device-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(headers['x-session-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(headers['x-idp-client-id']).toBe('sandbox-web');
      const body = request.postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        deviceId: headers['x-device-id'],
        phone_number: '971500000003',
        full_name: 'Mona Saeed Rahman',
        password: PASSWORD,
        clientId: 'sandbox-web',
      });
      expect(typeof body['otp']).toBe('string');
      expect(body['profiling']).toMatchObject({ platform: 'web' });
      expect(body).not.toHaveProperty('email');
      expect(body).not.toHaveProperty('apple_id_token');

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:registered', { client: 'Sandbox Web' }),
      );
      // The countdown's seconds hurried: the post it ends with is what is checked.
      await hurryTimers(page, () => posted.length > 0);
      await expect.poll(() => posted.length, { timeout: 10_000 }).toBe(1);
      expect(posted[0]).toMatchObject({ _csrf: csrf, remember: 'false' });
      expect(posted[0]?.['token']).toBeTruthy();
      await expectNoRawKeys(page);
      await expectAccessible(page, 'redirect view');
      await page.unroute('**/_be/idp/login');
      await page
        .locator('form[action$="/_be/idp/login"]')
        .evaluate((form: HTMLFormElement) => form.submit());
      // The identity service finished the demo app's sign-in: its verified ID token names her.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signed in');
      await expect(page.locator('body')).toContainText('Mona Saeed Rahman');
      await expect(page.locator('body')).toContainText('Sandbox Web');
      await expect(page.locator('[data-claim="amr"]')).toHaveText('otp');
    });

    test('onboards at once with an OTP in the address, which leaves the address', async ({
      page,
    }) => {
      const f = await open(
        page,
        t,
        signupUrl(locale, { fullMobileNumber: '971500000003', otp: PERSONA_CODE }),
      );
      const search = new URL(page.url()).searchParams;
      expect(search.has('otp')).toBe(false);
      expect(search.has('fullMobileNumber')).toBe(false);
      await expect(f.phone).toHaveValue('500000003');
      await f.name.fill('Mona Saeed');
      await f.password.fill(PASSWORD);
      await f.submit.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:registered', { client: t('common:productName') }),
      );
    });

    test('shows the blocked page for +971500000007', async ({ page, sandbox }) => {
      const f = await open(page, t, signupUrl(locale, { clientId: 'sandbox-web' }));
      await f.name.fill('Blocked Person');
      await f.phone.fill('500000007');
      await f.password.fill(PASSWORD);
      await f.submit.click();
      await page.getByLabel(t('fields:otp.label')).fill(await latestCode(sandbox, '+971500000007'));
      await page.getByRole('button', { name: t('login_otp:submit') }).click();
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(t('login:blocked.signupTitle'));
      await expect(heading).toBeFocused();
      await expect(page.getByText(t('login:blocked.signupBody'))).toBeVisible();
      await expect(page.getByRole('link', { name: t('login:blocked.contact') })).toHaveAttribute(
        'href',
        PRODUCT.contactUrl,
      );
      await expect(page.getByRole('link', { name: t('login:blocked.back') })).toHaveAttribute(
        'href',
        `${localizedPath(locale, '/login')}?clientId=sandbox-web`,
      );
      await expectAccessible(page, 'blocked view');
    });

    test('says a recently used number cannot be registered again (+971500000016)', async ({
      page,
    }) => {
      const f = await open(
        page,
        t,
        signupUrl(locale, { fullMobileNumber: '971500000016', otp: PERSONA_CODE }),
      );
      await expect(f.phone).toHaveValue('500000016');
      await f.name.fill('Used Number');
      await f.password.fill(PASSWORD);
      await f.submit.click();
      await expect(page.getByRole('alert')).toHaveText(
        t('spring_security_error:PHONE_ALREADY_USED'),
      );
      await expect(f.phone).toHaveAttribute('aria-invalid', 'true');
      await expect(f.submit).toHaveText(t('signup:submit'));
      await expectAccessible(page, 'phone used');
    });

    test('says the e-mail is taken, with the contact link, and lets it be fixed', async ({
      page,
    }) => {
      const f = await open(
        page,
        t,
        signupUrl(locale, {
          showEmail: 'true',
          email: 'taken@example.com',
          fullMobileNumber: '971500000003',
          otp: PERSONA_CODE,
        }),
      );
      expect(new URL(page.url()).searchParams.has('email')).toBe(false);
      await expect(f.email).toHaveValue('taken@example.com');
      await f.name.fill('Mona Saeed');
      await f.password.fill(PASSWORD);
      await f.submit.click();
      const alert = page.locator('.alert-error');
      await expect(alert).toContainText(t('spring_security_error:EMAIL_ALREADY_USED'));
      await expect(alert.getByRole('link', { name: t('common:contactUs') })).toHaveAttribute(
        'href',
        PRODUCT.contactUrl,
      );
      await expectAccessible(page, 'e-mail taken');

      await f.email.fill('mona@example.com');
      await expect(alert).toHaveCount(0);
      await f.submit.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:registered', { client: t('common:productName') }),
      );
    });

    test('signs up with an Apple token from the address: no name, password or social buttons', async ({
      page,
      sandbox,
    }) => {
      const token = await socialToken(page, 'apple', 'new.apple@example.com');
      const f = await open(
        page,
        t,
        signupUrl(locale, {
          appleIdToken: token,
          showEmail: 'true',
          email: 'new.apple@example.com',
        }),
      );
      expect(new URL(page.url()).searchParams.has('appleIdToken')).toBe(false);
      await expect(page.getByText(t('signup:socialIntro', { provider: 'Apple' }))).toBeVisible();
      await expect(f.name).toHaveCount(0);
      await expect(f.password).toHaveCount(0);
      await expect(f.apple).toHaveCount(0);
      await expect(f.google).toHaveCount(0);
      await expect(f.email).toHaveValue('new.apple@example.com');
      await expectAccessible(page, 'apple pre-fill');
      await f.phone.fill('501234561');
      await f.submit.click();
      await page.getByLabel(t('fields:otp.label')).fill(await latestCode(sandbox, '+971501234561'));
      const onboard = page.waitForRequest((r) => r.url().endsWith('/_be/onboarder/onboard'));
      await page.getByRole('button', { name: t('login_otp:submit') }).click();
      const body = (await onboard).postDataJSON() as Record<string, unknown>;
      expect(body['apple_id_token']).toBe(token);
      expect(body).not.toHaveProperty('password');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:registered', { client: t('common:productName') }),
      );
    });

    test('Google from the button: a new account pre-fills, a registered one goes to the redirect', async ({
      page,
      sandbox,
    }) => {
      const f = await open(page, t, signupUrl(locale));
      const popup = page.waitForEvent('popup');
      await f.google.click();
      const window1 = await popup;
      await clickClosingWindow(window1.getByRole('button', { name: /new\.google@example\.com/ }));
      await expect(page.getByText(t('signup:socialIntro', { provider: 'Google' }))).toBeVisible();
      await expect(f.name).toHaveCount(0);
      await expect(f.password).toHaveCount(0);
      await expect(f.google).toHaveCount(0);
      await expectAccessible(page, 'google pre-fill');
      await f.phone.fill('501234562');
      await f.submit.click();
      await page.getByLabel(t('fields:otp.label')).fill(await latestCode(sandbox, '+971501234562'));
      await page.getByRole('button', { name: t('login_otp:submit') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:registered', { client: t('common:productName') }),
      );

      const again = await open(page, t, signupUrl(locale));
      const popup2 = page.waitForEvent('popup');
      await again.google.click();
      await clickClosingWindow(
        (await popup2).getByRole('button', { name: /google\.user@example\.com/ }),
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:welcome', { client: t('common:productName') }),
      );
    });

    test('corporate invitation: only the phone, then registered; a bad token tells to ask the administrator', async ({
      page,
      sandbox,
    }) => {
      const f = await open(
        page,
        t,
        signupUrl(locale, {
          corporateInvitationToken: 'corp-valid',
          showEmail: 'true',
          hideInvitationCode: 'false',
          fullMobileNumber: '971501234563',
        }),
      );
      expect(new URL(page.url()).searchParams.has('corporateInvitationToken')).toBe(false);
      await expect(page.getByText(t('signup:corporateIntro'))).toBeVisible();
      for (const hidden of [f.name, f.email, f.password, f.invitation, f.apple, f.google]) {
        await expect(hidden).toHaveCount(0);
      }
      await expect(f.phone).toHaveValue('501234563');
      await expectAccessible(page, 'corporate pre-fill');
      const onboard = page.waitForRequest((r) => r.url().endsWith('/_be/onboarder/onboard'));
      await f.submit.click();
      await page.getByLabel(t('fields:otp.label')).fill(await latestCode(sandbox, '+971501234563'));
      await page.getByRole('button', { name: t('login_otp:submit') }).click();
      const body = (await onboard).postDataJSON() as Record<string, unknown>;
      expect(body['corporate_invitation_token']).toBe('corp-valid');
      for (const hidden of ['full_name', 'email', 'password', 'invitation_code']) {
        expect(body).not.toHaveProperty(hidden);
      }
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:registered', { client: t('common:productName') }),
      );

      await page.goto(
        signupUrl(locale, {
          corporateInvitationToken: 'corp-invalid',
          fullMobileNumber: '971501234564',
          otp: PERSONA_CODE,
        }),
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('signup:enhancedTitle'));
      await expect(f.phone).toHaveValue('501234564');
      await f.submit.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('signup:error.corporateTitle'),
      );
      await expect(page.getByRole('alert')).toContainText(t('signup:error.corporateBody'));
      await expect(page.getByRole('alert')).toContainText(
        t('spring_security_error:USER_NOT_FOUND_FOR_SIGNUP_TOKEN'),
      );
      await expectAccessible(page, 'corporate error');
      await page.getByRole('button', { name: t('signup:error.tryAgain') }).click();
      await expect(f.submit).toBeVisible();
    });

    test('every validation message, the disabled submit and the please-wait label', async ({
      page,
    }) => {
      test.slow();
      const release = await holdRequests(page, '**/_be/onboarder/onboard');
      const f = await open(
        page,
        t,
        signupUrl(locale, { showEmail: 'true', hideInvitationCode: 'false', otp: PERSONA_CODE }),
      );
      await expect(f.invitation).toBeVisible();
      await expect(f.submit).toBeDisabled();

      await showFieldErrors(page, t, f);
      await expectAccessible(page, 'field errors');

      // Too short, plural-correct for 1 to 5, then the weak list.
      for (let count = 1; count <= 5; count += 1) {
        await f.password.fill('x'.repeat(count));
        await expect(
          page.getByText(t('signup:password.tooShort', { count, min: 6 })),
        ).toBeVisible();
      }
      await expectAccessible(page, 'password too short');
      await f.password.fill('PassWord');
      await expect(page.getByText(t('signup:password.weak'))).toBeVisible();
      await f.password.fill('Qwerty');
      await expect(page.getByText(t('signup:password.weak'))).toBeVisible();

      await f.name.fill('Mona Saeed');
      await f.phone.fill('500000003');
      await f.email.fill('mona@example.com');
      await f.invitation.fill('SANDBOX10');
      await expect(f.submit).toBeDisabled();
      await f.password.fill(PASSWORD);
      await expect(f.submit).toBeEnabled();
      await f.name.fill('');
      await expect(f.submit).toBeDisabled();
      await f.name.fill('Mona Saeed');
      await f.email.fill('');
      await expect(f.submit).toBeDisabled();
      await f.email.fill('mona@example.com');
      await f.phone.fill('5000');
      await expect(f.submit).toBeDisabled();
      await f.phone.fill('500000003');
      await expect(f.submit).toBeEnabled();

      await f.submit.click();
      await expect(f.submit).toHaveText(t('common:pleaseWait'));
      await expect(f.submit).toHaveAttribute('aria-busy', 'true');
      release();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:registered', { client: t('common:productName') }),
      );
    });

    test('a number left before the phone rules arrive keeps its message when they do', async ({
      page,
    }) => {
      // A slow network: the phone rules (loaded after the first view) come after the field is left.
      const release = await holdRequests(page, /\/_astro\/phone-rules\.[\w-]+\.js$/);
      const f = await open(page, t, signupUrl(locale));
      await f.phone.fill('12');
      await f.name.focus();
      const message = page.getByText(t('fields:phone.invalid'));
      await expect(message).toBeVisible();
      release();
      // The rules are here when the country's flag shows: the number is still not one.
      await expect(page.locator('.phone-flag img')).toBeVisible();
      await expect(message).toBeVisible();
      await expectAccessible(page, 'phone message after the rules');
      await f.phone.fill('500000003');
      await f.name.focus();
      await expect(message).toHaveCount(0);
    });

    test("shows 'Provide: …' for a challenge other than the code", async ({ page, sandbox }) => {
      await sandbox.fault({
        path: '/_be/onboarder/onboard',
        status: 400,
        body: { error: 'challenge_required', additional_information: { challenge: 'email' } },
        times: 1,
      });
      const f = await open(
        page,
        t,
        signupUrl(locale, { fullMobileNumber: '971500000003', otp: PERSONA_CODE }),
      );
      await f.name.fill('Mona Saeed');
      await f.password.fill(PASSWORD);
      await f.submit.click();
      await expect(page.getByRole('alert')).toHaveText(t('signup:error.challenge.email'));
    });

    test("an unknown challenge or a server's own message: never English in another language", async ({
      page,
      sandbox,
    }) => {
      const f = await open(
        page,
        t,
        signupUrl(locale, { fullMobileNumber: '971500000003', otp: PERSONA_CODE }),
      );
      await f.name.fill('Mona Saeed');
      await f.password.fill(PASSWORD);
      const generic = t('spring_security_error:ERROR_UNKNOWN');
      await sandbox.fault({
        path: '/_be/onboarder/onboard',
        status: 400,
        body: { error: 'odd', error_description: 'Something odd happened' },
        times: 1,
      });
      await f.submit.click();
      // The server writes English: an English page says it, another the generic message.
      await expect(page.getByRole('alert')).toHaveText(
        locale === 'en' ? 'Something odd happened' : generic,
      );
      await sandbox.fault({
        path: '/_be/onboarder/onboard',
        status: 400,
        body: { error: 'challenge_required', additional_information: { challenge: 'face_scan' } },
        times: 1,
      });
      await f.submit.click();
      // The spec's 'Provide: {challenge}' in English; never the raw id in another language.
      await expect(page.getByRole('alert')).toHaveText(
        locale === 'en' ? 'Provide: face_scan' : generic,
      );
    });
  });
}

test('the classic layout (enhancedForm off) works with the keyboard alone', async ({
  page,
  sandbox,
}) => {
  await sandbox.flags({ enhancedForm: false });
  const t = translator('en');
  await page.goto(signupUrl('en', { fullMobileNumber: '971500000003', otp: PERSONA_CODE }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('signup:title'));
  const f = form(page, t);
  await expect(f.phone).toHaveValue('500000003');
  await expectAccessible(page, 'classic layout');
  await f.name.focus();
  await page.keyboard.type('Mona Saeed');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(f.password).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('redirect:registered', { client: 'Masar' }),
  );
});
