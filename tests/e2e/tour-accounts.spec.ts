/**
 * The views tour of the account pages that need a token or a signed-in user: connected apps
 * (/client-management/) and business invitations (/invitation/{token}), in the languages the flow
 * specs (apps.spec.ts, invitation.spec.ts) leave out. Every view of each flow, and every variant
 * those specs check with axe (the confirmation dialog, a removal done or failed, each error an
 * invitation can end with ...), is reached the way those specs reach it and checked.
 */
import type { Page } from '@playwright/test';
import { expect, holdRequests, localizedPath, type Locale } from './fixtures.ts';
import {
  answerLoginRequired,
  message,
  openSignedIn,
  openWithHashToken,
  signIn,
  stayOnLeavingView,
} from './identity-helpers.ts';
import { viewsTour } from './tour.ts';
import { BUSINESS_WEB_APP_LOGIN } from '../../src/site-config.ts';
import type { AppsState } from '../../src/stores/flows/connected-apps.ts';
import {
  INVITATION_ERROR_KEYS,
  type InvitationError,
  type InvitationState,
} from '../../src/stores/flows/business-invitation.ts';

const messagesOf =
  (locale: Locale) =>
  (key: string, params?: Record<string, string>): string =>
    message(locale, key, params);

/** The page's first-level heading, by its catalog text. */
const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// Connected apps -----------------------------------------------------------------------------

const TOKEN = 'sandbox-access-token';
const APPS_API = '/_be/idp/api/approved';

viewsTour<AppsState['view']>({
  flow: 'connected apps',
  views: {
    loading: true,
    load_failed: true,
    list: true,
    redirect: true,
    signin_failed: true,
  },
  legs: [
    {
      name: 'loading, a failed load, the list, removing apps until none is left',
      views: ['loading', 'load_failed', 'list'],
      walk: async ({ page, sandbox, locale }, check) => {
        const m = messagesOf(locale);
        // The call is held while the loader is checked, then fails with a 400 (not retried).
        await sandbox.fault({ method: 'GET', path: APPS_API, status: 400, times: 1 });
        const releaseList = await holdRequests(page, `**${APPS_API}`);
        await openWithHashToken(page, localizedPath(locale, '/client-management/'), TOKEN);
        await expect(page.getByRole('status')).toHaveText(m('apps:loading'));
        await check('loading');
        releaseList();

        await expect(page.getByRole('alert')).toHaveText(m('apps:loadFailed'));
        await check('load_failed');

        await page.getByRole('button', { name: m('common:retry') }).click();
        const items = page.locator('.app-item');
        await expect(items).toHaveCount(2);
        await check('list');

        const removeWeb = page.getByRole('button', {
          name: m('apps:removeLabel', { name: 'Sandbox Web' }),
        });
        const dialog = page.getByRole('dialog', {
          name: m('apps:confirmTitle', { name: 'Sandbox Web' }),
        });
        const confirm = dialog.getByRole('button', { name: m('apps:confirmRemove') });
        await removeWeb.click();
        await expect(dialog).toBeVisible();
        await check('list', 'confirm dialog');

        // The removal is held (the busy dialog), then fails (a 400, which is not retried): the
        // alert over the kept list.
        await sandbox.fault({
          method: 'DELETE',
          path: `${APPS_API}/clients`,
          status: 400,
          times: 1,
        });
        const releaseRemoval = await holdRequests(page, `**${APPS_API}/clients/**`);
        await confirm.click();
        await expect(dialog.getByRole('button', { name: m('apps:removing') })).toHaveAttribute(
          'aria-busy',
          'true',
        );
        await check('list', 'removing');
        releaseRemoval();
        await expect(page.getByRole('alert')).toContainText(
          m('apps:removeFailed', { name: 'Sandbox Web' }),
        );
        await expect(dialog).toBeHidden();
        await expect(items).toHaveCount(2);
        await check('list', 'removal failed');

        // Refused (an expired token): the alert offers to sign in again.
        await sandbox.fault({
          method: 'DELETE',
          path: `${APPS_API}/clients`,
          status: 401,
          times: 1,
        });
        await removeWeb.click();
        await confirm.click();
        const expired = page.getByRole('alert');
        await expect(expired).toContainText(m('apps:removeExpired', { name: 'Sandbox Web' }));
        await expect(expired.getByRole('button', { name: m('apps:signIn') })).toBeVisible();
        await check('list', 'removal refused');

        await removeWeb.click();
        await confirm.click();
        await expect(page.getByRole('status')).toHaveText(
          m('apps:removed', { name: 'Sandbox Web' }),
        );
        await expect(items).toHaveCount(1);
        await check('list', 'after removal');

        await page
          .getByRole('button', { name: m('apps:removeLabel', { name: 'Sandbox No Logo' }) })
          .click();
        await page.getByRole('button', { name: m('apps:confirmRemove') }).click();
        await expect(page.getByText(m('apps:empty'))).toBeVisible();
        await expect(items).toHaveCount(0);
        await check('list', 'empty');
      },
    },
    {
      name: 'leaving to sign in, back with a refused token',
      views: ['redirect', 'signin_failed'],
      walk: async ({ page, locale }, check) => {
        const m = messagesOf(locale);
        const path = localizedPath(locale, '/client-management/');
        const leaving = await stayOnLeavingView(page, '/_be/idp/authorize**');
        await leaving.open(path);
        await expect(page.getByRole('status')).toHaveText(m('apps:redirecting'));
        await expect(page.getByRole('link', { name: m('apps:continueToSignIn') })).toBeVisible();
        await leaving.request;
        await check('redirect');

        // Back with a refused token: the authorize request goes through again (hold lifted).
        await leaving.release();
        await page.goto('about:blank'); // a new document, not a same-page hash change
        await openWithHashToken(page, path, 'expired-token');
        await expect(title(page, m('apps:signInTitle'))).toBeFocused();
        await expect(page.getByRole('button', { name: m('apps:signIn') })).toBeVisible();
        await check('signin_failed');
      },
    },
  ],
});

// Business invitation ------------------------------------------------------------------------

const BUSINESS_APP = BUSINESS_WEB_APP_LOGIN.production;
const PROCESS_API = '/_be/business/api/business/v1/invites/process';

/**
 * The sandbox's invitation token for each error an invitation can end with (the sandbox
 * contract's table); `unknown` is the one that can be tried again, shown on the ready view.
 */
const ERROR_TOKENS = {
  expired: 'inv-expired',
  already_used: 'inv-used',
  inactivated: 'inv-inactive',
  revoked: 'inv-revoked',
  cancelled: 'inv-cancelled',
  rejected: 'inv-rejected',
  bad_shape: 'inv-badshape',
  invalid: 'inv-unknown',
  not_found: 'inv-notfound',
  unauthorized: 'inv-unauthorized',
  mot_failed: 'inv-motfail',
} as const satisfies Record<Exclude<InvitationError, 'unknown'>, string>;

viewsTour<InvitationState['view']>({
  flow: 'business invitation',
  views: {
    loading: true,
    load_failed: true,
    ready: true,
    submitting: true,
    redirect: true,
    failed: true,
    signin: true,
    signin_failed: true,
    leaving: true,
  },
  legs: [
    {
      name: 'loading, a failed load, ready, a failed accept, accepting, accepted',
      views: ['loading', 'load_failed', 'ready', 'submitting', 'redirect'],
      walk: async ({ page, sandbox, locale }, check) => {
        const m = messagesOf(locale);
        await signIn(page);
        // The call is held while the loader is checked, then fails with a 400 (not retried).
        await sandbox.fault({ path: '/_be/idp/api/profile/userinfo', status: 400, times: 1 });
        const releaseUser = await holdRequests(page, '**/_be/idp/api/profile/userinfo');
        await openSignedIn(page, localizedPath(locale, '/invitation/inv-valid'));
        await expect(page.getByRole('status')).toHaveText(m('invitation:loading'));
        await check('loading');
        releaseUser();

        await expect(page.getByRole('alert')).toHaveText(m('invitation:loadFailed'));
        await check('load_failed');

        await page.getByRole('button', { name: m('common:retry') }).click();
        await expect(title(page, m('invitation:title'))).toBeFocused();
        await expect(page.locator('.invitation-greeting')).toBeVisible();
        await check('ready');

        await sandbox.fault({ method: 'PATCH', path: PROCESS_API, status: 500, times: 1 });
        const accept = page.getByRole('button', { name: m('invitation:accept') });
        await accept.click();
        await expect(page.getByRole('alert')).toHaveText(m(INVITATION_ERROR_KEYS.unknown));
        await expect(accept).toBeEnabled();
        await check('ready', 'an error that can be tried again');

        const leaving = await stayOnLeavingView(page, `${new URL(BUSINESS_APP).origin}/**`);
        const releaseAccept = await holdRequests(page, `**${PROCESS_API}`);
        await accept.click();
        await expect(page.getByRole('button', { name: m('invitation:accepting') })).toHaveAttribute(
          'aria-busy',
          'true',
        );
        await check('submitting');
        releaseAccept();

        await expect(title(page, m('invitation:acceptedTitle'))).toBeFocused();
        await expect(page.getByRole('status')).toHaveText(m('invitation:redirecting'));
        await leaving.request;
        await check('redirect');
      },
    },
    {
      name: 'every error an invitation can end with',
      views: ['failed'],
      walk: async ({ page, locale }, check) => {
        const m = messagesOf(locale);
        await signIn(page);
        for (const error of Object.keys(ERROR_TOKENS) as (keyof typeof ERROR_TOKENS)[]) {
          await openSignedIn(page, localizedPath(locale, `/invitation/${ERROR_TOKENS[error]}`));
          await page.getByRole('button', { name: m('invitation:accept') }).click();
          await expect(title(page, m('invitation:errorTitle'))).toBeFocused();
          await expect(page.getByRole('alert')).toHaveText(m(INVITATION_ERROR_KEYS[error]));
          await check('failed', error);
        }
      },
    },
    {
      name: 'leaving to sign in, back still signed out, not now',
      views: ['signin', 'signin_failed', 'leaving'],
      walk: async ({ page, locale }, check) => {
        const m = messagesOf(locale);
        const path = localizedPath(locale, '/invitation/inv-valid');
        const signingIn = await stayOnLeavingView(page, '/_be/idp/authorize**');
        await signingIn.open(path);
        await expect(page.getByRole('status')).toHaveText(m('invitation:signingIn'));
        await expect(
          page.getByRole('link', { name: m('invitation:continueToSignIn') }),
        ).toBeVisible();
        await signingIn.request;
        await check('signin');

        // Back from the identity service with no session (login_required, the page's own state):
        // the authorize request goes through again (the hold above is lifted).
        await signingIn.release();
        await page.goto('about:blank'); // a new document, not a same-page hash change
        await answerLoginRequired(page, path);
        await expect(title(page, m('invitation:signInTitle'))).toBeFocused();
        await check('signin_failed');

        const loggingOut = await stayOnLeavingView(page, '/_be/idp/logout**');
        await page.getByRole('button', { name: m('invitation:notNow') }).click();
        await expect(page.getByRole('status')).toHaveText(m('invitation:leaving'));
        await loggingOut.request;
        await check('leaving');
      },
    },
  ],
});
