/**
 * Corporate invitation and verification, profile update confirmation, security alerts and
 * /signin/{id} against the sandbox: every token of the contract, every outcome, in en and ar,
 * axe on each, and no Referer carrying the token.
 */
import { PRODUCT, STORES } from '../../src/site-config.ts';
import { DIR, localizedPath, type Locale } from '../../src/i18n/config.ts';
import { expect, expectAccessible, expectNoRawKeys, FLOW_LOCALES, test } from './fixtures.ts';
import {
  fakeStores,
  linkT,
  recordRequests,
  shownCard,
  UA,
  gotoLink,
  pressConfirm,
} from './links-helpers.ts';
import type { Page } from '@playwright/test';

async function expectNoTokenInReferer(
  requests: () => Promise<{ url: string; referer?: string }[]>,
  token: string,
) {
  const seen = await requests();
  expect(seen.length).toBeGreaterThan(0);
  for (const request of seen) expect(request.referer ?? '', request.url).not.toContain(token);
}

async function expectView(page: Page, view: string, locale: Locale) {
  await expect(shownCard(page)).toHaveAttribute('data-view', view);
  await expect(page.locator('html')).toHaveAttribute('dir', DIR[locale]);
  await expectNoRawKeys(page);
  await expectAccessible(page, `${page.url()} ${view}`);
}

for (const locale of FLOW_LOCALES) {
  const t = linkT(locale);
  const product = t('common:productName');
  const at = (path: string) => localizedPath(locale, path);

  test.describe(`corporate (${locale})`, () => {
    test('invitation corp-valid: welcome, benefits and store links', async ({ page }) => {
      const requests = recordRequests(page);
      await gotoLink(page, at('/corporate/invitation/corp-valid'));
      await expect(page.locator('h1:visible')).toHaveText(
        t('links:corporate.welcomeTitle', { product }),
      );
      await expect(shownCard(page).locator('.benefits li')).toHaveText([
        t('links:corporate.benefitRides'),
        t('links:corporate.benefitReceipts'),
        t('links:corporate.benefitProfiles'),
      ]);
      await expect(page.getByRole('link', { name: t('links:stores.ios') })).toHaveAttribute(
        'href',
        STORES.ios,
      );
      await expect(page.getByRole('link', { name: t('links:stores.android') })).toHaveAttribute(
        'href',
        STORES.android,
      );
      await expectView(page, 'valid', locale);
      await expectNoTokenInReferer(requests, 'corp-valid');
    });

    for (const kind of ['invitation', 'verify'] as const) {
      test(`${kind} corp-invalid: the contact-customer-service failure`, async ({ page }) => {
        await gotoLink(page, at(`/corporate/${kind}/corp-invalid`));
        await expect(page.locator('h1:visible')).toHaveText(t('links:corporate.invalidTitle'));
        await expect(shownCard(page)).toContainText(t('links:corporate.invalid'));
        await expectView(page, 'invalid', locale);
      });
    }

    test('verify corp-valid: verified successfully', async ({ page }) => {
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/_be/identity-api/v1/verify/email/')) calls.push(r.method());
      });
      await gotoLink(page, at('/corporate/verify/corp-valid'));
      await expect(page.locator('h1:visible')).toHaveText(t('links:corporate.verifiedTitle'));
      if (locale === 'en') {
        await expect(page.locator('h1:visible')).toHaveText(
          'Your email has been verified successfully !',
        );
      }
      expect(calls).toEqual(['POST']);
      await expectView(page, 'valid', locale);
    });
  });

  test.describe(`profile update confirmation (${locale})`, () => {
    test('profile-valid: success with a link back to the product site', async ({ page }) => {
      const requests = recordRequests(page);
      await gotoLink(page, at('/profile/update/confirm/profile-valid'));
      await expect(page.locator('h1:visible')).toHaveText(t('links:profile.successTitle'));
      await expect(
        page.getByRole('link', { name: t('links:profile.backToSite', { product }) }),
      ).toHaveAttribute('href', PRODUCT.site);
      await expectView(page, 'success', locale);
      await expectNoTokenInReferer(requests, 'profile-valid');
    });

    test('profile-expired: US-0002, invalid or expired, 3 days', async ({ page }) => {
      await gotoLink(page, at('/profile/update/confirm/profile-expired'));
      await expect(page.locator('h1:visible')).toHaveText(t('links:profile.invalidTitle'));
      await expect(shownCard(page)).toContainText(t('links:profile.invalidBody'));
      if (locale === 'en') {
        await expect(shownCard(page)).toContainText(
          'Profile update confirmation must be done within 3 days of the original request.',
        );
      }
      await expectView(page, 'invalid', locale);
    });

    test('profile-error: error page with the support code', async ({ page }) => {
      await gotoLink(page, at('/profile/update/confirm/profile-error'));
      await expect(page.locator('h1:visible')).toHaveText(t('links:profile.errorTitle'));
      await expect(shownCard(page).locator('.support-code bdi')).toHaveText(/^SBX-[\w-]+$/);
      await expectView(page, 'error', locale);
    });

    test('an error without a code shows HTTP-{status}', async ({ page, sandbox }) => {
      await sandbox.fault({
        path: '/_be/identity-api/partner/users/profile/confirm',
        status: 503,
        body: { error: 'unavailable' },
      });
      await gotoLink(page, at('/profile/update/confirm/profile-valid'));
      await expect(shownCard(page).locator('.support-code bdi')).toHaveText('HTTP-503');
      await expect(shownCard(page).locator('.support-code')).toHaveText(
        t('common:supportCode', { code: 'HTTP-503' }),
      );
    });

    test('a used link is invalid the second time', async ({ page }) => {
      await gotoLink(page, at('/profile/update/confirm/profile-valid'));
      await expect(shownCard(page)).toHaveAttribute('data-view', 'success');
      await page.reload();
      await pressConfirm(page);
      await expect(shownCard(page)).toHaveAttribute('data-view', 'invalid');
    });
  });

  test.describe(`security alerts (${locale})`, () => {
    test('alert-login: LOGIN wording, report it and secure the account, thank you; then already secured', async ({
      page,
    }) => {
      const requests = recordRequests(page);
      const acks: string[] = [];
      page.on('request', (r) => {
        const call = /\/_be\/identity-api\/alerts\/alert-login\/([\w-]+)$/.exec(r.url());
        if (call) acks.push(`${r.method()} ${call[1]}`);
      });
      await gotoLink(page, at('/alerts/alert-login'));
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.loginTitle'));
      await expect(shownCard(page)).toContainText(t('links:alert.loginBody', { product }));
      await expect(shownCard(page).locator('.alert-details')).toContainText('Chrome on macOS');
      await expectView(page, 'shown', locale);

      // Keyboard only: the full-size primary action, then Enter.
      const report = page.getByRole('button', { name: t('links:alert.secure') });
      await report.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.thanksTitle'));
      await expect(page.locator('h1:visible')).toBeFocused();
      expect(acks).toEqual(['PUT acknowledgement', 'POST secure-account']);
      await expectView(page, 'thanks', locale);
      // The next step now: a new password, the recovery form with the alert's phone number.
      await page.getByRole('link', { name: t('links:alert.nextAction') }).click();
      await page.waitForURL(/\/recovery\?/);
      const next = new URL(page.url());
      expect(next.searchParams.get('phoneNumber')).toBe('+971500000001');
      expect(next.searchParams.get('clientId')).toBe('sandbox-web');
      await expect(page.locator('input[type="tel"]')).toHaveValue(/500\s*0*00\s*0*001|500000001/);
      await page.goBack();

      await page.reload();
      await pressConfirm(page);
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.securedTitle'));
      await expectView(page, 'secured_before', locale);
      await expectNoTokenInReferer(requests, 'alert-login');
    });

    test('alert-profile: PROFILE_UPDATE wording', async ({ page }) => {
      await gotoLink(page, at('/alerts/alert-profile'));
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.profileTitle'));
      await expect(shownCard(page)).toContainText(t('links:alert.profileBody', { product }));
      await expect(page.getByRole('button', { name: t('links:alert.secure') })).toBeVisible();
      await expectView(page, 'shown', locale);
      // 'It was me', the quiet alternative: nothing is reported.
      const acks: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/acknowledgement')) acks.push(r.method());
      });
      await page.getByRole('button', { name: t('links:alert.itWasMe') }).click();
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.itWasMeTitle'));
      await expectView(page, 'it_was_me', locale);
      expect(acks).toEqual([]);
    });

    test('alert-error: the error page with HTTP-500', async ({ page }) => {
      await gotoLink(page, at('/alerts/alert-error'));
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.loadErrorTitle'));
      await expect(shownCard(page).locator('.support-code bdi')).toHaveText('HTTP-500');
      await expectView(page, 'error', locale);
    });

    test('a failed report shows the error page with HTTP-{status}', async ({ page, sandbox }) => {
      await sandbox.fault({
        method: 'PUT',
        path: '/_be/identity-api/alerts/alert-profile/acknowledgement',
        status: 502,
      });
      await gotoLink(page, at('/alerts/alert-profile'));
      await page.getByRole('button', { name: t('links:alert.secure') }).click();
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.reportErrorTitle'));
      await expect(shownCard(page).locator('.support-code bdi')).toHaveText('HTTP-502');
      await expectView(page, 'error', locale);
    });

    test('a dropped report keeps the alert, says so, and can be sent again', async ({
      page,
      pageGuards,
    }) => {
      const ack = '**/_be/identity-api/alerts/alert-login/acknowledgement';
      pageGuards.provokes({ requests: /\/alerts\/alert-login\/acknowledgement$/ });
      await page.route(ack, (route) => route.abort('internetdisconnected'));
      await gotoLink(page, at('/alerts/alert-login'));
      const report = page.getByRole('button', { name: t('links:alert.secure') });
      await report.click();
      await expect(page.getByRole('alert')).toHaveText(t('common:networkError'));
      await expectView(page, 'shown', locale);
      await page.unroute(ack);
      await report.click();
      await expect(page.locator('h1:visible')).toHaveText(t('links:alert.thanksTitle'));
    });
  });

  test.describe(`/signin/{id} (${locale})`, () => {
    for (const device of ['android', 'ios'] as const) {
      test(`${device}: goes to the store`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({
          userAgent: UA[device],
          ...(baseURL ? { baseURL } : {}),
        });
        const page = await context.newPage();
        const stores = await fakeStores(page);
        await gotoLink(page, at('/signin/sbx-123'));
        await page.waitForURL(STORES[device]);
        expect(stores).toHaveLength(1);
        expect((await stores[0]?.allHeaders())?.['referer']).toBeUndefined();
        await context.close();
      });
    }

    test('desktop: could not verify you, install the app', async ({ browser, baseURL }) => {
      const context = await browser.newContext({
        userAgent: UA.desktop,
        ...(baseURL ? { baseURL } : {}),
      });
      const page = await context.newPage();
      const stores = await fakeStores(page);
      await gotoLink(page, at('/signin/sbx-123'));
      await expect(page.locator('h1:visible')).toHaveText(t('links:signin.unsupported'));
      if (locale === 'en') {
        await expect(page.locator('h1:visible')).toHaveText(
          "We couldn't verify you, please install the app and try again",
        );
      }
      await expect(page.getByRole('link', { name: t('links:stores.ios') })).toHaveAttribute(
        'href',
        STORES.ios,
      );
      expect(stores).toHaveLength(0);
      await expectView(page, 'unsupported', locale);
      await context.close();
    });
  });
}

test.describe('slow or failing networks', () => {
  test('the loader is in the static HTML of every token page, in its language', async ({
    request,
  }) => {
    const pages = [
      ['/ar/corporate/invitation/corp-valid', 'links:corporate.loadingInvitation'],
      ['/ar/corporate/verify/corp-valid', 'links:corporate.loadingVerify'],
      ['/ar/profile/update/confirm/profile-valid', 'links:profile.loading'],
      ['/ar/alerts/alert-login', 'links:alert.loading'],
      ['/ar/signin/x', 'links:signin.checking'],
    ] as const;
    const t = linkT('ar');
    for (const [path, key] of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['referrer-policy'], path).toBe('no-referrer');
      const html = await response.text();
      expect(html, path).toContain('<html lang="ar" dir="rtl"');
      expect(html, path).toContain('<meta name="referrer" content="no-referrer">');
      expect(html, path).toContain(t(key));
      // No framework island: the outcomes are pre-rendered, a small module script shows one.
      expect(html, path).not.toContain('<astro-island');
    }
  });

  test('a slow answer keeps the loader up, then shows the outcome', async ({ page }) => {
    const t = linkT('en');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/_be/identity-api/corporate/user/invitation/**', async (route) => {
      await gate;
      await route.continue();
    });
    await gotoLink(page, '/corporate/invitation/corp-valid');
    await expect(shownCard(page)).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('h1:visible')).toHaveText(t('links:corporate.loadingInvitation'));
    await expectAccessible(page, 'loader');
    release();
    await expect(shownCard(page)).toHaveAttribute('data-view', 'valid');
  });

  test('no answer: the retry view, and the retry works', async ({ page, pageGuards }) => {
    const t = linkT('ar');
    const path = '**/_be/identity-api/v1/verify/email/**';
    pageGuards.provokes({ requests: /\/_be\/identity-api\/v1\/verify\/email\// });
    await page.route(path, (route) => route.abort('internetdisconnected'));
    await gotoLink(page, '/ar/corporate/verify/corp-valid');
    await expect(shownCard(page)).toHaveAttribute('data-view', 'network');
    await expectAccessible(page, 'network');
    await page.unroute(path);
    await page.getByRole('button', { name: t('common:retry') }).click();
    await expect(page.locator('h1:visible')).toHaveText(t('links:corporate.verifiedTitle'));
  });

  test('no token reaches the analytics back end', async ({ page, sandbox }) => {
    await gotoLink(page, '/alerts/alert-login');
    await expect(shownCard(page)).toHaveAttribute('data-view', 'shown');
    await gotoLink(page, '/profile/update/confirm/profile-valid');
    await expect(shownCard(page)).toHaveAttribute('data-view', 'success');
    const events = JSON.stringify(await sandbox.events());
    expect(events).not.toContain('alert-login');
    expect(events).not.toContain('profile-valid');
  });
});
