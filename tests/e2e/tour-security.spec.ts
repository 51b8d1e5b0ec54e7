/**
 * The views tour of /security/ (sessions, trusted devices, passkeys) in the languages the flow
 * spec (security-page.spec.ts) leaves out: every view, and the variants that spec checks with axe
 * (each dialog, a session signed out, one already gone, a passkey removed, a failure), reached the
 * way that spec reaches them.
 */
import type { Page } from '@playwright/test';
import {
  catalogMessage,
  expect,
  holdRequests,
  localizedPath,
  test,
  type Locale,
} from './fixtures.ts';
import { message, openWithHashToken, stayOnLeavingView } from './identity-helpers.ts';
import { viewsTour } from './tour.ts';
import type { SecurityState } from '../../src/stores/flows/security.ts';

const TOKEN = 'sandbox-access-token';
const SESSIONS_API = '/_be/identity-api/sessions';
const PASSKEYS_API = '/_be/identity-api/passkeys';

const messagesOf =
  (locale: Locale) =>
  (key: string, params?: Record<string, string>): string =>
    message(locale, key, params);
const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// Layla's other sessions and listed passkeys (not in the sandbox's seed).
test.beforeEach(async ({ sandbox }) => sandbox.sampleSessions());

viewsTour<SecurityState['view']>({
  flow: 'security page',
  views: {
    loading: true,
    load_failed: true,
    list: true,
    redirect: true,
    signin_failed: true,
  },
  legs: [
    {
      name: 'loading, a failed load, the lists, each dialog and what each action ends with',
      views: ['loading', 'load_failed', 'list'],
      walk: async ({ page, sandbox, locale }, check) => {
        const m = messagesOf(locale);
        await sandbox.fault({ method: 'GET', path: SESSIONS_API, status: 400, times: 1 });
        const release = await holdRequests(page, `**${SESSIONS_API}`);
        await openWithHashToken(page, localizedPath(locale, '/security/'), TOKEN);
        await expect(page.getByRole('status')).toHaveText(m('security:loading'));
        await check('loading');
        release();

        await expect(page.getByRole('alert')).toHaveText(m('security:loadFailed'));
        await check('load_failed');

        await page.getByRole('button', { name: m('common:retry') }).click();
        const rows = page.locator('ul[aria-labelledby=security-sessions] > li');
        await expect(rows).toHaveCount(4);
        await check('list');

        const windows = m('security:device', { browser: 'Edge', os: 'Windows' });
        await page
          .getByRole('button', { name: m('security:signOutLabel', { name: windows }) })
          .click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await check('list', 'sign-out dialog');
        await dialog.getByRole('button', { name: m('security:signOut'), exact: true }).click();
        await expect(page.getByRole('status')).toHaveText(
          m('security:signedOut', { name: windows }),
        );
        await check('list', 'signed out');

        // Gone elsewhere meanwhile: said, and the list read again.
        const iphone = m('security:deviceNamed', {
          device: 'iPhone',
          browser: 'Safari',
          os: 'iOS',
        });
        await page.request.delete(`${SESSIONS_API}/ses-layla-iphone`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        await page
          .getByRole('button', { name: m('security:signOutLabel', { name: iphone }) })
          .click();
        await dialog.getByRole('button', { name: m('security:signOut'), exact: true }).click();
        await expect(page.getByRole('status')).toHaveText(
          m('security:alreadySignedOut', { name: iphone }),
        );
        await check('list', 'already signed out');

        await page.getByRole('button', { name: m('security:signOutOthers') }).click();
        await expect(dialog).toContainText(m('security:confirmOthersBody'));
        await check('list', 'everywhere else dialog');
        await dialog.getByRole('button', { name: m('security:signOutOthers') }).click();
        await expect(page.getByRole('status')).toHaveText(
          catalogMessage(locale, 'security:signedOutOthers', { count: 1 }),
        );
        await expect(rows).toHaveCount(1);
        await check('list', 'signed out everywhere else');

        // A removal that fails, then two that succeed: the last one warns, then none is left.
        await sandbox.fault({ method: 'DELETE', path: `${PASSKEYS_API}/`, status: 400, times: 1 });
        const remove = (name: string) =>
          page.getByRole('button', { name: m('security:removeLabel', { name }) }).click();
        await remove('iCloud Keychain');
        await dialog.getByRole('button', { name: m('security:confirmRemove') }).click();
        await expect(page.getByRole('alert')).toContainText(
          m('security:removeFailed', { name: 'iCloud Keychain' }),
        );
        await check('list', 'removal failed');
        await remove('iCloud Keychain');
        await dialog.getByRole('button', { name: m('security:confirmRemove') }).click();
        await expect(page.getByRole('status')).toHaveText(
          m('security:removed', { name: 'iCloud Keychain' }),
        );
        await remove('Google Password Manager');
        await expect(dialog).toContainText(m('security:lastPasskeyWarning'));
        await check('list', 'last passkey dialog');
        await dialog.getByRole('button', { name: m('security:confirmRemove') }).click();
        await expect(page.getByText(m('security:noPasskeys'))).toBeVisible();
        await check('list', 'no passkeys');
      },
    },
    {
      name: 'leaving to sign in, back with a refused token',
      views: ['redirect', 'signin_failed'],
      walk: async ({ page, locale }, check) => {
        const m = messagesOf(locale);
        const path = localizedPath(locale, '/security/');
        const leaving = await stayOnLeavingView(page, '/_be/idp/authorize**');
        await leaving.open(path);
        await expect(page.getByRole('status')).toHaveText(m('security:redirecting'));
        await expect(
          page.getByRole('link', { name: m('security:continueToSignIn') }),
        ).toBeVisible();
        await leaving.request;
        await check('redirect');

        await leaving.release();
        await page.goto('about:blank');
        await openWithHashToken(page, path, 'expired-token');
        await expect(title(page, m('security:signInTitle'))).toBeFocused();
        await check('signin_failed');
      },
    },
  ],
});
