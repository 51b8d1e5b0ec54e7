/**
 * The views tour of /login (see tour.ts): every view of the login flow, and the variants the
 * English and Arabic specs check (errors shown, the reset dialog, the classic layout, the code
 * resent, the robot check), with axe in Urdu, French and Sorani.
 */
import type { Page } from '@playwright/test';
import type { LoginView } from '../../src/stores/flows/login/index.ts';
import { expect, stayBefore } from './fixtures.ts';
import {
  breachPassword,
  e164,
  openLogin,
  PASSWORD,
  submitButton,
  submitPhone,
  view,
} from './login-helpers.ts';
import { addAuthenticator, hanaCodeLogin } from './passkey-helpers.ts';
import { viewsTour } from './tour.ts';

const fieldError = (page: Page) => view(page).locator('.field-error');
const tryAnotherWay = (page: Page) => view(page).locator('button.button-link');

viewsTour<LoginView>({
  flow: 'login',
  views: {
    phone_form: true,
    email_form: true,
    otp: true,
    password_form: true,
    name_confirmation: true,
    apple_form: true,
    google_form: true,
    verify__card_challenge: true,
    verify_full_name_challenge: true,
    verify_email_challenge: true,
    verify_pin_challenge: true,
    redirect_to_idp: true,
    redirect_to_signup: true,
    redirect_to_blocked_user: true,
    dashboard_selection: true,
    passkey_offer: true,
    password_breached: true,
  },
  viewOf: view,
  legs: [
    {
      name: 'phone, password and the redirect; e-mail; the portals',
      views: [
        'phone_form',
        'password_form',
        'redirect_to_idp',
        'email_form',
        'dashboard_selection',
      ],
      async walk({ page, locale }, check) {
        await openLogin(page, locale);
        await page.locator('input[type=tel]').fill('12');
        await submitButton(page).click();
        await expect(fieldError(page)).toBeVisible();
        await check('phone_form', 'invalid number');
        await submitPhone(page, '01');
        await expect(view(page)).toHaveAttribute('data-view', 'password_form');
        await page.locator('input[autocomplete=current-password]').fill('wrong-password');
        await submitButton(page).click();
        await expect(view(page).getByRole('alert')).toBeVisible();
        await check('password_form', 'wrong password');
        await stayBefore(page, /\/_be\/idp\/login$/);
        await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
        await submitButton(page).click();
        await check('redirect_to_idp');

        await openLogin(page, locale, 'clientId=sandbox-web&showEmail=true');
        await page.locator('input[type=email]').fill('layla@');
        await submitButton(page).click();
        await expect(fieldError(page)).toBeVisible();
        await check('email_form', 'invalid address');

        await openLogin(page, locale, 'clientId=not_defined');
        await check('dashboard_selection');
      },
    },
    {
      name: 'every challenge of try-another-way, and the name confirmation with its dialog',
      views: [
        'verify_pin_challenge',
        'verify__card_challenge',
        'verify_email_challenge',
        'verify_full_name_challenge',
        'name_confirmation',
      ],
      async walk({ page, locale }, check) {
        await openLogin(page, locale);
        await submitPhone(page, '05');
        await expect(view(page)).toHaveAttribute('data-view', 'verify_pin_challenge');
        await view(page).locator('input[inputmode=numeric]').fill('9999');
        await submitButton(page).click();
        await expect(view(page).getByRole('alert')).toBeVisible();
        await check('verify_pin_challenge', 'wrong PIN');
        await tryAnotherWay(page).click();
        await check('verify__card_challenge');
        await tryAnotherWay(page).click();
        await check('verify_email_challenge');
        await tryAnotherWay(page).click();
        await page.locator('input[autocomplete=name]').fill('Someone Else');
        await submitButton(page).click();
        await expect(view(page).getByRole('alert')).toBeVisible();
        await check('verify_full_name_challenge', 'wrong name');

        await openLogin(page, locale);
        await submitPhone(page, '04');
        await check('name_confirmation');
        await view(page).locator('button.button-link').last().click();
        await expect(page.locator('dialog[open]')).toBeVisible();
        await check('name_confirmation', 'account-reset dialog');
      },
    },
    {
      name: 'the code: wrong, resent by voice, rate-limited, behind the robot check',
      views: ['otp'],
      async walk({ page, sandbox, locale }, check) {
        await page.clock.install();
        await openLogin(page, locale);
        await submitPhone(page, '02');
        await expect(view(page)).toHaveAttribute('data-view', 'otp');
        await check('otp');
        await page.locator('input[autocomplete=one-time-code]').fill('000000');
        await submitButton(page).click();
        await expect(fieldError(page)).toBeVisible();
        await check('otp', 'wrong code');
        await page.clock.runFor(61_000);
        const resend = view(page).locator('.login-resend-actions button');
        await resend.last().click();
        await expect.poll(async () => (await sandbox.outbox(e164('02')))[0]?.channel).toBe('voice');
        await check('otp', 'resent by voice');

        await openLogin(page, locale);
        await submitPhone(page, '15');
        await expect(fieldError(page)).toBeVisible();
        await check('otp', 'too many codes');

        await sandbox.flags({ recaptchaV2: true });
        await openLogin(page, locale);
        await submitPhone(page, '02');
        await expect(view(page)).toHaveAttribute('data-view', 'otp');
        await page.clock.runFor(61_000);
        await resend.first().click();
        await expect(view(page).locator('.login-recaptcha')).toBeVisible();
        await check('otp', 'robot check');
      },
    },
    {
      name: 'social forms, blocked, the way to sign-up; the classic layout',
      views: [
        'apple_form',
        'google_form',
        'redirect_to_blocked_user',
        'redirect_to_signup',
        'phone_form',
        'name_confirmation',
        'otp',
      ],
      async walk({ page, sandbox, locale }, check) {
        await openLogin(page, locale);
        await submitPhone(page, '09');
        await check('apple_form');
        await openLogin(page, locale);
        await submitPhone(page, '10');
        await check('google_form');
        await openLogin(page, locale);
        await submitPhone(page, '06');
        await check('redirect_to_blocked_user');
        await stayBefore(page, /\/signup\//);
        await openLogin(page, locale);
        await submitPhone(page, '03');
        await check('redirect_to_signup');

        await sandbox.flags({ enhancedForm: false });
        await openLogin(page, locale);
        await submitButton(page).click();
        await expect(fieldError(page)).toBeVisible();
        await check('phone_form', 'classic, empty number');
        await submitPhone(page, '04');
        await check('name_confirmation', 'classic');
        await openLogin(page, locale);
        await submitPhone(page, '02');
        await check('otp', 'classic');
      },
    },
    {
      name: 'the new password offered after a sign-in with a breached password',
      views: ['password_breached'],
      async walk({ page, locale }, check) {
        await breachPassword(page);
        await openLogin(page, locale);
        await submitPhone(page, '01');
        await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
        await submitButton(page).click();
        await check('password_breached');
      },
    },
    {
      name: 'the passkey offer after a code login, with its message when it fails',
      views: ['passkey_offer'],
      async walk({ page, locale }, check) {
        const authenticator = await addAuthenticator(page);
        await openLogin(page, locale);
        await hanaCodeLogin(page);
        await expect(view(page)).toHaveAttribute('data-view', 'passkey_offer');
        await check('passkey_offer');
        await authenticator.setUserVerified(false);
        await view(page).locator('button.button-primary').click();
        await expect(view(page).getByRole('alert')).toBeVisible();
        await check('passkey_offer', 'not added');
      },
    },
  ],
});
