/**
 * 'This wasn't me' that acts (/alerts/{alert}, issue 34 item 3), in en and ar against the
 * sandbox: the report secures the account (signed out everywhere, payments paused, passkeys
 * marked for review, seen through the control API), the thank-you page says what the answer lists
 * and nothing more, a second press (another tab, a reload) changes nothing and says so, a failed
 * secure call shows its error page with its support code and still offers a new password, and a
 * lost answer is retried without securing twice. Axe on each view.
 */
import type { Page } from '@playwright/test';
import { DIR, type Locale } from '../../src/i18n/config.ts';
import type { SecureAction } from '../../src/contract/link-paths.ts';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  FLOW_LOCALES,
  localizedPath,
  test,
} from './fixtures.ts';
import { gotoLink, linkT, shownCard } from './links-helpers.ts';
import { expectSignedIn, expectView as expectLoginView, openLogin, view } from './login-helpers.ts';
import { addAuthenticator, HANA, hanaCodeLogin } from './passkey-helpers.ts';

const LAYLA = '+971500000001';
const DONE_KEYS = {
  signed_out: 'links:alert.done.signedOut',
  payments_frozen: 'links:alert.done.paymentsFrozen',
  passkeys_flagged: 'links:alert.done.passkeysFlagged',
} as const satisfies Record<SecureAction, string>;
const SECURE_PATH = /\/_be\/identity-api\/alerts\/[\w-]+\/secure-account$/;

async function expectView(page: Page, name: string, locale: Locale): Promise<void> {
  await expect(shownCard(page)).toHaveAttribute('data-view', name);
  await expect(page.locator('html')).toHaveAttribute('dir', DIR[locale]);
  await expectNoRawKeys(page);
  await expectAccessible(page, `${page.url()} ${name}`);
}

/** The actions the shown outcome lists, in its order (the others stay hidden). */
async function saidDone(page: Page): Promise<string[]> {
  return shownCard(page)
    .locator('[data-action]:visible')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset['action'] ?? ''));
}

for (const locale of FLOW_LOCALES) {
  const t = linkT(locale);
  const at = (path: string) => localizedPath(locale, path);
  const secureButton = (page: Page) => page.getByRole('button', { name: t('links:alert.secure') });
  const doneText = (actions: SecureAction[]) => actions.map((action) => t(DONE_KEYS[action]));

  test.describe(`'This wasn't me' secures the account (${locale})`, () => {
    test("Hana, signed in with a passkey: signed out, payments paused, passkeys marked; then 'already secured'", async ({
      page,
      sandbox,
    }) => {
      // Hana adds a passkey after a code login: a session of the identity service, and a passkey.
      await addAuthenticator(page);
      await openLogin(page, locale, 'clientId=sandbox-web');
      await hanaCodeLogin(page);
      await expectLoginView(page, 'passkey_offer', false);
      await view(page).locator('button.button-primary').click();
      await expectSignedIn(page, 'Hana Saleh', { amr: 'otp' });
      await expect.poll(async () => (await sandbox.security(HANA)).sessions).toBeGreaterThan(0);

      const calls: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (/\/alerts\/alert-profile\//.test(path)) calls.push(`${request.method()} ${path}`);
      });
      await gotoLink(page, at('/alerts/alert-profile'));
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.profileTitle'));
      await secureButton(page).click();
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.thanksTitle'));
      await expect(page.locator('h1:visible')).toBeFocused();
      // The spec's report first, then the secure call.
      expect(calls).toEqual([
        'PUT /_be/identity-api/alerts/alert-profile/acknowledgement',
        'POST /_be/identity-api/alerts/alert-profile/secure-account',
      ]);
      const all: SecureAction[] = ['signed_out', 'payments_frozen', 'passkeys_flagged'];
      expect(await saidDone(page)).toEqual(all);
      await expect(shownCard(page).locator('[data-action]:visible')).toHaveText(doneText(all));
      await expect(shownCard(page).locator('[data-done-intro]')).toHaveText(
        t('links:alert.doneIntro'),
      );
      await expect(shownCard(page).locator('[data-done-none]')).toBeHidden();
      await expectView(page, 'thanks', locale);
      // The alert has no phone number: the next step opens the recovery form with its client.
      await expect(
        shownCard(page).getByRole('link', { name: t('links:alert.nextAction') }),
      ).toHaveAttribute('href', `${at('/recovery')}?clientId=sandbox-web`);

      const security = await sandbox.security(HANA);
      expect(security).toMatchObject({ sessions: 0, paymentsFrozen: true });
      expect(security.passkeys).toHaveLength(1);
      expect(security.passkeys.every((passkey) => passkey.forReview)).toBe(true);
      expect(security.securings).toHaveLength(1);

      // A reload: the alert says it secured the account, when, and what was done then.
      await page.reload();
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.securedTitle'));
      await expect(secureButton(page)).toHaveCount(0);
      const year = String(new Date(security.securings[0]?.at ?? '').getUTCFullYear());
      await expect(shownCard(page).locator('[data-secured-at]')).toContainText(year);
      expect(await saidDone(page)).toEqual(all);
      await expectView(page, 'secured_before', locale);
      expect((await sandbox.security(HANA)).securings).toHaveLength(1);
    });

    test('Layla (no passkey): only what was done is said; a press in another tab changes nothing and says so', async ({
      page,
      context,
      sandbox,
    }) => {
      const other = await context.newPage();
      await gotoLink(page, at('/alerts/alert-login'));
      await gotoLink(other, at('/alerts/alert-login'));
      await expect(secureButton(other)).toBeVisible();

      await secureButton(page).click();
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.thanksTitle'));
      expect(await saidDone(page)).toEqual(['signed_out', 'payments_frozen']);
      await expect(shownCard(page).locator('[data-action="passkeys_flagged"]')).toBeHidden();
      await expectView(page, 'thanks', locale);

      await secureButton(other).click();
      await expect(other.locator('h1:visible')).toHaveText(t('links:alert.securedTitle'));
      expect(await saidDone(other)).toEqual(['signed_out', 'payments_frozen']);
      // Still the way on: a new password, with the alert's phone number.
      const next = shownCard(other).getByRole('link', { name: t('links:alert.nextAction') });
      await expect(next).toHaveAttribute('href', /phoneNumber=%2B971500000001/);
      await expectView(other, 'secured_before', locale);

      const security = await sandbox.security(LAYLA);
      expect(security.paymentsFrozen).toBe(true);
      expect(security.securings).toHaveLength(1);
      await other.close();
    });

    test('a failed secure call: its error page with HTTP-{status}, and a new password offered', async ({
      page,
      sandbox,
    }) => {
      await sandbox.fault({
        method: 'POST',
        path: '/_be/identity-api/alerts/alert-login/secure-account',
        status: 500,
      });
      await gotoLink(page, at('/alerts/alert-login'));
      await secureButton(page).click();
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.secureErrorTitle'));
      await expect(shownCard(page)).toContainText(t('links:alert.secureErrorBody'));
      await expect(shownCard(page).locator('.support-code bdi')).toHaveText('HTTP-500');
      await expect(
        shownCard(page).getByRole('link', { name: t('links:alert.nextAction') }),
      ).toHaveAttribute('href', /phoneNumber=%2B971500000001/);
      await expectView(page, 'error', locale);
      expect((await sandbox.security(LAYLA)).securings).toHaveLength(0);
    });

    test('a lost answer: the retry secures once and says so as done now', async ({
      page,
      sandbox,
      pageGuards,
    }) => {
      pageGuards.provokes({ requests: SECURE_PATH });
      // The first try reaches the sandbox (the account is secured) and its answer is lost; the
      // client's own retries are lost before they leave; then the connection is back.
      let tries = 0;
      await page.route(SECURE_PATH, async (route) => {
        tries += 1;
        if (tries === 1) await route.fetch();
        await route.abort('internetdisconnected');
      });
      await gotoLink(page, at('/alerts/alert-login'));
      await secureButton(page).click();
      await expect(shownCard(page).getByRole('alert')).toHaveText(t('common:networkError'));
      await expectView(page, 'shown', locale);
      expect((await sandbox.security(LAYLA)).securings).toHaveLength(1);

      await page.unroute(SECURE_PATH);
      await secureButton(page).click();
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.thanksTitle'));
      expect(await saidDone(page)).toEqual(['signed_out', 'payments_frozen']);
      expect((await sandbox.security(LAYLA)).securings).toHaveLength(1);
    });
  });
}

test('an alert reported before without securing still says it was reported', async ({
  page,
  request,
}) => {
  const t = linkT('ar');
  const ack = await request.put('/_be/identity-api/alerts/alert-login/acknowledgement');
  expect(ack.ok()).toBe(true);
  await gotoLink(page, '/ar/alerts/alert-login');
  await expect(page.locator('h1:visible')).toHaveText(t('links:alert.acknowledgedTitle'));
  await expectView(page, 'acknowledged', 'ar');
});
