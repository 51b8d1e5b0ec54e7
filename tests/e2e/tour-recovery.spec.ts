/**
 * The views tour of the three recovery islands in the languages the flow specs leave out: the
 * wider recovery form (/recovery), a new password from a reset link (/password/{token}) and
 * recovery from a session link (/session_init). Each view of each flow's state union, and the
 * variants the en/ar specs check with axe, is reached as those specs reach it and checked.
 *
 * Transient views (a request under way) are held with `page.route` until they are checked, and
 * the pages that leave at once (to /password_success, to /login) are kept in place by answering
 * that navigation 204 No Content, which browsers treat as 'stay on the current page'.
 */
import type { Page } from '@playwright/test';
import type { RecoveryState } from '../../src/stores/flows/recovery.ts';
import type { RecoveryFormState } from '../../src/stores/flows/recovery-form/index.ts';
import type { ResetPasswordState } from '../../src/stores/flows/reset-password.ts';
import {
  expect,
  holdLoginRedirect,
  holdRequests,
  localizedPath,
  stayBefore,
  type Locale,
} from './fixtures.ts';
import {
  LAYLA,
  msg,
  NEW_PASSWORD,
  passwordField,
  RECOVERY_LINK,
  rule,
} from './recovery-support.ts';
import { viewsTour } from './tour.ts';

/** Keeps the page where it is when it sends itself to /password_success. */
const holdPasswordSuccess = (page: Page) => stayBefore(page, /\/password_success(\?.*)?$/);

function heading(page: Page, locale: Locale, key: string) {
  return page.getByRole('heading', { name: msg(locale, key), exact: true });
}

/* ------------------------------------------------------------------------------------------ */
/* The wider recovery form                                                                     */
/* ------------------------------------------------------------------------------------------ */

const FORM = '/recovery?clientId=sandbox-web';

/** The form's steps, and the card shown instead of any step when the page has no client. */
type FormView = RecoveryFormState['view'] | 'no_client';

viewsTour<FormView>({
  flow: 'recovery form',
  views: { no_client: true, details: true, code: true, password: true, done: true },
  legs: [
    {
      name: 'no client; details with errors, code with a wrong code, a wrong e-mail, the password rules, done',
      views: ['no_client', 'details', 'code', 'password', 'done'],
      walk: async ({ page, sandbox, locale }, check) => {
        const sendCode = page.getByRole('button', { name: msg(locale, 'recovery:form.sendCode') });
        const email = page.getByRole('textbox', {
          name: msg(locale, 'recovery:form.email.label'),
          exact: true,
        });

        await page.goto(localizedPath(locale, '/recovery'));
        await expect(page.getByText(msg(locale, 'recovery:form.noClient'))).toBeVisible();
        await check('no_client');

        await page.goto(localizedPath(locale, FORM));
        await expect(heading(page, locale, 'recovery:form.title')).toBeVisible();
        await check('details');
        await page.locator('input[type=tel]').fill('12');
        await page.getByRole('radio', { name: msg(locale, 'recovery:form.method.email') }).check();
        await email.fill('layla@');
        await sendCode.click();
        await expect(page.getByText(msg(locale, 'fields:phone.invalid'))).toBeVisible();
        await expect(page.getByText(msg(locale, 'fields:email.invalid'))).toBeVisible();
        await check('details', 'errors shown');

        await page.locator('input[type=tel]').fill(LAYLA.national);
        await email.fill('someone@example.com');
        await sendCode.click();
        await expect(heading(page, locale, 'recovery:form.codeTitle')).toBeFocused();
        await check('code');
        const code = page.getByLabel(msg(locale, 'fields:otp.label'), { exact: true });
        const verify = page.getByRole('button', { name: msg(locale, 'recovery:form.verify') });
        await code.fill('000000');
        await verify.click();
        await expect(page.getByText(msg(locale, 'otp:error.ERROR_INVALID_PIN_CODE'))).toBeVisible();
        await expect(code).toHaveAttribute('aria-invalid', 'true');
        await check('code', 'wrong code');

        // Layla's code is always 123456; the e-mail is not hers: back to its field.
        await code.fill('123456');
        await verify.click();
        await expect(page.getByText(msg(locale, 'error:INVALID_EMAIL'))).toBeVisible();
        await expect(email).toHaveAttribute('aria-invalid', 'true');
        await check('details', 'wrong e-mail');

        await email.fill('layla@example.com');
        await sendCode.click();
        await expect(heading(page, locale, 'recovery:form.passwordTitle')).toBeFocused();
        const confirm = page.getByLabel(msg(locale, 'password:confirmLabel'), { exact: true });
        await passwordField(page, locale).fill('abc');
        await confirm.fill('abd');
        await expect(rule(page, locale, 'minLength')).toBeVisible();
        await expect(page.getByText(msg(locale, 'password:mismatch'))).toBeVisible();
        await check('password', 'rules broken, confirmation differs');

        await holdPasswordSuccess(page);
        await passwordField(page, locale).fill(NEW_PASSWORD);
        await confirm.fill(NEW_PASSWORD);
        const leaving = page.waitForRequest(/\/password_success$/);
        await page.getByRole('button', { name: msg(locale, 'password:submit') }).click();
        await leaving;
        await expect(page.getByRole('status')).toHaveText(msg(locale, 'common:pleaseWait'));
        await expect(passwordField(page, locale)).toHaveCount(0);
        await check('done');
        expect(await sandbox.outbox(LAYLA.e164)).toHaveLength(1);
      },
    },
  ],
});

/* ------------------------------------------------------------------------------------------ */
/* A new password from a reset link                                                            */
/* ------------------------------------------------------------------------------------------ */

viewsTour<ResetPasswordState['view']>({
  flow: 'new password',
  views: { editing: true, submitting: true, changed: true, expired: true },
  legs: [
    {
      name: 'rules, submitting, too weak; an expired link; the robot check, changed',
      views: ['editing', 'submitting', 'changed', 'expired'],
      walk: async ({ page, sandbox, locale }, check) => {
        const submit = page.getByRole('button', { name: msg(locale, 'password:submit') });
        const field = passwordField(page, locale);

        await page.goto(localizedPath(locale, '/password/reset-valid'));
        await expect(page.getByText(msg(locale, 'password:hint'))).toBeVisible();
        await expect(submit).toBeDisabled();
        await check('editing', 'empty');
        await field.fill('a');
        await expect(rule(page, locale, 'minLength')).toBeVisible();
        await expect(rule(page, locale, 'digit')).toBeVisible();
        await check('editing', 'rules broken');

        await sandbox.fault({
          method: 'PUT',
          path: '/_be/identity-api/recovery/password',
          status: 400,
          body: { error: 'INVALID_PASSWORD', error_code: 'US-0067', message: 'INVALID_PASSWORD' },
          times: 1,
        });
        const release = await holdRequests(page, '**/recovery/password', 'continue');
        await field.fill(NEW_PASSWORD);
        await submit.click();
        await expect(field).toBeDisabled();
        await expect(
          page.getByRole('button', { name: msg(locale, 'common:pleaseWait') }),
        ).toBeVisible();
        await check('submitting');
        release();
        await expect(page.getByText(msg(locale, 'error:INVALID_PASSWORD'))).toBeVisible();
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await check('editing', 'too weak');
        await page.unroute('**/recovery/password');

        await page.goto(`${localizedPath(locale, '/password/reset-expired')}?clientId=sandbox-web`);
        await field.fill(NEW_PASSWORD);
        await submit.click();
        await expect(heading(page, locale, 'password:expired.title')).toBeFocused();
        await expect(page.getByText(msg(locale, 'password:expired.body'))).toBeVisible();
        await check('expired');

        await sandbox.flags({ recaptchaV2: true });
        await holdPasswordSuccess(page);
        await page.goto(localizedPath(locale, '/password/reset-valid'));
        await field.fill(NEW_PASSWORD);
        await expect(page.getByText(msg(locale, 'password:recaptchaPrompt'))).toBeVisible();
        await expect(submit).toBeDisabled();
        await check('editing', 'robot check');
        await page.getByLabel(msg(locale, 'recaptcha:label')).check();
        await page.getByRole('button', { name: msg(locale, 'recaptcha:confirm') }).click();
        await expect(page.getByText(msg(locale, 'password:recaptchaDone'))).toBeVisible();
        const leaving = page.waitForRequest(/\/password_success$/);
        await submit.click();
        await leaving;
        await expect(page.getByRole('status')).toHaveText(msg(locale, 'common:pleaseWait'));
        await expect(field).toHaveCount(0);
        await check('changed');
      },
    },
  ],
});

/* ------------------------------------------------------------------------------------------ */
/* Recovery from a session link                                                                */
/* ------------------------------------------------------------------------------------------ */

viewsTour<RecoveryState['view']>({
  flow: 'session recovery',
  views: {
    idle: 'the pre-rendered loader: the same card as loading, checked there',
    redirect: 'leaves the page at once (for /login or /session_unknown), showing the loader',
    no_session: true,
    not_configured: true,
    loading: true,
    unreachable: true,
    challenge: true,
    error: true,
    submitting: true,
    link_sent: true,
  },
  legs: [
    {
      name: 'session expired, not configured; loading, unreachable, the challenge, a wrong name, link sent',
      views: [
        'no_session',
        'not_configured',
        'loading',
        'unreachable',
        'challenge',
        'error',
        'submitting',
        'link_sent',
      ],
      walk: async ({ page, locale, provokes }, check) => {
        // The session-expired screen leaves for /login after 2 s: the login page is held back.
        const leftForLogin = await holdLoginRedirect(page);
        await page.goto(localizedPath(locale, '/session_init'));
        await expect(heading(page, locale, 'session:unknownTitle')).toBeVisible();
        await expect(page.getByRole('status')).toHaveText(msg(locale, 'session:unknownBody'));
        await check('no_session');
        await leftForLogin();

        await page.goto(
          localizedPath(
            locale,
            '/session_init?otp=123456&clientId=sandbox-nologo&phoneNumber=%2B971500000001',
          ),
        );
        await expect(heading(page, locale, 'recovery:notConfigured.title')).toBeFocused();
        await expect(page.getByText(msg(locale, 'recovery:notConfigured.body'))).toBeVisible();
        await check('not_configured');

        // The challenges are held while the loader is checked, then never reach the server.
        provokes({ requests: /\/recovery\/challenges\// });
        const fail = await holdRequests(page, '**/recovery/challenges/**', 'abort');
        await page.goto(localizedPath(locale, RECOVERY_LINK));
        await expect(page.getByRole('status')).toHaveText(msg(locale, 'recovery:loading'));
        await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
        await check('loading');
        fail();
        await expect(heading(page, locale, 'recovery:unreachable.title')).toBeVisible();
        await expect(page.getByRole('alert')).toHaveText(msg(locale, 'common:networkError'));
        await check('unreachable');
        await page.unroute('**/recovery/challenges/**');
        await page.getByRole('button', { name: msg(locale, 'common:retry') }).click();

        await expect(page.locator('.masked-name')).toHaveText('L*** H*****');
        await check('challenge');
        const field = page.getByRole('textbox', {
          name: msg(locale, 'recovery:challenge.label'),
          exact: true,
        });
        const submit = page.getByRole('button', { name: msg(locale, 'recovery:challenge.submit') });
        await submit.click();
        await expect(page.getByText(msg(locale, 'recovery:challenge.required'))).toBeVisible();
        await check('challenge', 'answer required');
        await field.fill('Layla Khan');
        await submit.click();
        await expect(page.getByText(msg(locale, 'error:INVALID_FULL_NAME'))).toBeVisible();
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await check('error', 'wrong name');

        const send = await holdRequests(page, '**/recovery/notification/**', 'continue');
        await field.fill(LAYLA.name);
        await submit.click();
        await expect(field).toHaveAttribute('readonly', '');
        await expect(
          page.getByRole('button', { name: msg(locale, 'common:pleaseWait') }),
        ).toBeVisible();
        await check('submitting');
        send();
        await expect(heading(page, locale, 'recovery:linkSent.title')).toBeFocused();
        await expect(page.getByText(msg(locale, 'recovery:linkSent.body'))).toBeVisible();
        await check('link_sent');
      },
    },
  ],
});
