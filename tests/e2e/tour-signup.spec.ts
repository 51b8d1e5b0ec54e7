/**
 * The views tour of sign-up (/signup/) in the tour languages: every view of the sign-up flow and
 * every variant that tests/e2e/signup.spec.ts checks with axe in English and Arabic (the filled
 * form, field errors, a password too short, Apple, Google and corporate pre-fill, the corporate
 * error, a number used, an e-mail taken, the classic layout), reached the way that spec does.
 */
import type { Page } from '@playwright/test';
import type { Translate } from '../../src/i18n/t.ts';
import type { SignupView } from '../../src/stores/flows/signup/index.ts';
import { clickClosingWindow, expect, hurryTimers, type Sandbox } from './fixtures.ts';
import { beginSignIn, csrfOf } from './identity-helpers.ts';
import {
  latestCode,
  open,
  showFieldErrors,
  PASSWORD,
  PERSONA_CODE,
  signupUrl,
  socialToken,
  translator,
} from './signup-helpers.ts';
import { viewsTour } from './tour.ts';

const views: Record<SignupView, true | string> = {
  signup_form: true,
  otp: true,
  redirect_to_idp: true,
  corporate_error: true,
  blocked_user: true,
};

/** Enters the code sent to `to` on the code step and sends it. */
async function enterCode(page: Page, t: Translate, sandbox: Sandbox, to: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('login_otp:title'));
  await page.getByLabel(t('fields:otp.label')).fill(await latestCode(sandbox, to));
  await page.getByRole('button', { name: t('login_otp:submit') }).click();
}

viewsTour<SignupView>({
  flow: 'sign-up',
  views,
  // The island's section, or the identity-service card it gives way to at the end.
  viewOf: (page) => page.locator('section.signup, section[data-view=redirect_to_idp]'),
  legs: [
    {
      name: 'every field message, the filled form, the code step, the identity service',
      views: ['signup_form', 'otp', 'redirect_to_idp'],
      walk: async ({ page, sandbox, locale }, check) => {
        const t = translator(locale);
        // The csrf of a sign-in the demo app started: the identity service finishes it.
        const csrf = csrfOf(await beginSignIn(page, `/signin?ui_locales=${locale}`));
        const f = await open(
          page,
          t,
          signupUrl(locale, {
            clientId: 'sandbox-web',
            csrf,
            showEmail: 'true',
            hideInvitationCode: 'false',
          }),
        );
        await showFieldErrors(page, t, f);
        await check('signup_form', 'field errors');

        await f.password.fill('xxx');
        await expect(
          page.getByText(t('signup:password.tooShort', { count: 3, min: 6 })),
        ).toBeVisible();
        await check('signup_form', 'password too short');

        await f.name.fill('Mona Saeed');
        await f.phone.fill('500000003');
        await f.email.fill('mona@example.com');
        await f.invitation.fill('SANDBOX10');
        await f.password.fill(PASSWORD);
        await expect(f.submit).toBeEnabled();
        await check('signup_form', 'filled form');

        await f.submit.click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('login_otp:title'));
        await check('otp');

        // The redirect screen posts its form by itself: 204 No Content keeps it on screen.
        let posted = 0;
        await page.route('**/_be/idp/login', async (route) => {
          posted += 1;
          await route.fulfill({ status: 204 });
        });
        await enterCode(page, t, sandbox, '+971500000003');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          t('redirect:registered', { client: 'Sandbox Web' }),
        );
        await hurryTimers(page, () => posted > 0);
        await expect.poll(() => posted, { timeout: 10_000 }).toBe(1);
        await check('redirect_to_idp');
      },
    },
    {
      name: 'blocked, a number used, an e-mail taken, the classic layout',
      views: ['blocked_user', 'signup_form'],
      walk: async ({ page, sandbox, locale }, check) => {
        const t = translator(locale);
        let f = await open(page, t, signupUrl(locale, { clientId: 'sandbox-web' }));
        await f.name.fill('Blocked Person');
        await f.phone.fill('500000007');
        await f.password.fill(PASSWORD);
        await f.submit.click();
        await enterCode(page, t, sandbox, '+971500000007');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          t('login:blocked.signupTitle'),
        );
        await check('blocked_user');

        f = await open(
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
        await check('signup_form', 'phone used');

        f = await open(
          page,
          t,
          signupUrl(locale, {
            showEmail: 'true',
            email: 'taken@example.com',
            fullMobileNumber: '971500000003',
            otp: PERSONA_CODE,
          }),
        );
        await expect(f.email).toHaveValue('taken@example.com');
        await f.name.fill('Mona Saeed');
        await f.password.fill(PASSWORD);
        await f.submit.click();
        await expect(page.locator('.alert-error')).toContainText(
          t('spring_security_error:EMAIL_ALREADY_USED'),
        );
        await check('signup_form', 'e-mail taken');

        await sandbox.flags({ enhancedForm: false });
        f = await open(
          page,
          t,
          signupUrl(locale, { fullMobileNumber: '971500000003', otp: PERSONA_CODE }),
          'signup:title',
        );
        await expect(f.phone).toHaveValue('500000003');
        await expect(page.locator('form.signup-form.login-classic')).toBeVisible();
        await check('signup_form', 'classic layout');
      },
    },
    {
      name: 'Google and Apple pre-fill, corporate pre-fill and its error',
      views: ['signup_form', 'corporate_error'],
      walk: async ({ page, locale }, check) => {
        const t = translator(locale);
        let f = await open(page, t, signupUrl(locale));
        const popup = page.waitForEvent('popup');
        await f.google.click();
        await clickClosingWindow(
          (await popup).getByRole('button', { name: /new\.google@example\.com/ }),
        );
        await expect(page.getByText(t('signup:socialIntro', { provider: 'Google' }))).toBeVisible();
        await expect(f.password).toHaveCount(0);
        await check('signup_form', 'google pre-fill');

        const token = await socialToken(page, 'apple', 'new.apple@example.com');
        f = await open(
          page,
          t,
          signupUrl(locale, {
            appleIdToken: token,
            showEmail: 'true',
            email: 'new.apple@example.com',
          }),
        );
        await expect(page.getByText(t('signup:socialIntro', { provider: 'Apple' }))).toBeVisible();
        await expect(f.email).toHaveValue('new.apple@example.com');
        await check('signup_form', 'apple pre-fill');

        // The corporate form is the same for a valid and an invalid invitation until it is sent.
        f = await open(
          page,
          t,
          signupUrl(locale, {
            corporateInvitationToken: 'corp-invalid',
            showEmail: 'true',
            hideInvitationCode: 'false',
            fullMobileNumber: '971501234564',
            otp: PERSONA_CODE,
          }),
        );
        await expect(page.getByText(t('signup:corporateIntro'))).toBeVisible();
        await expect(f.phone).toHaveValue('501234564');
        await expect(f.email).toHaveCount(0);
        await check('signup_form', 'corporate pre-fill');

        await f.submit.click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          t('signup:error.corporateTitle'),
        );
        await expect(page.getByRole('alert')).toContainText(
          t('spring_security_error:USER_NOT_FOUND_FOR_SIGNUP_TOKEN'),
        );
        await check('corporate_error');
      },
    },
  ],
});
