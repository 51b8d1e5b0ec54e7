/**
 * E-mail link pages against the sandbox: every token of the contract (ev-valid, ev-used,
 * ev-expired; unlink ev-valid; the plain route), `?lang=` in all five languages, the 'Open the
 * app' store choice by device, axe on every outcome, and no Referer carrying the link id.
 */
import { PRODUCT, STORES } from '../../src/site-config.ts';
import { DIR } from '../../src/i18n/config.ts';
import type { I18nKey } from '../../src/i18n/types.ts';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  FLOW_LOCALES,
  LOCALES,
  test,
} from './fixtures.ts';
import {
  fakeStores,
  linkT,
  recordRequests,
  shownCard,
  UA,
  type Device,
  gotoLink,
  pressConfirm,
} from './links-helpers.ts';

interface Outcome {
  name: string;
  path: string;
  view: string;
  title: I18nKey;
  body: I18nKey;
  illustration: string;
  /** The identity-gateway call the page makes (none on the plain route). */
  call: 'PUT' | 'DELETE' | null;
}

const OUTCOMES: Outcome[] = [
  {
    name: 'verify ev-valid: verified',
    path: '/email/ev-valid/verify',
    view: 'verified',
    title: 'links:email.verifiedTitle',
    body: 'links:email.verifiedBody',
    illustration: 'verified',
    call: 'PUT',
  },
  {
    name: 'verify ev-used: already used',
    path: '/email/ev-used/verify',
    view: 'already_used',
    title: 'links:email.alreadyUsedTitle',
    body: 'links:email.alreadyUsedBody',
    illustration: 'used',
    call: 'PUT',
  },
  {
    name: 'verify ev-expired: expired',
    path: '/email/ev-expired/verify',
    view: 'expired',
    title: 'links:email.expiredTitle',
    body: 'links:email.expiredBody',
    illustration: 'expired',
    call: 'PUT',
  },
  {
    name: 'unlink ev-valid: wrong account, e-mail removed',
    path: '/email/ev-valid/unlink',
    view: 'wrong_account',
    title: 'links:email.wrongAccountTitle',
    body: 'links:email.wrongAccountBody',
    illustration: 'removed',
    call: 'DELETE',
  },
  {
    name: 'plain /email/{id}: always expired',
    path: '/email/ev-valid',
    view: 'expired',
    title: 'links:email.expiredTitle',
    body: 'links:email.expiredBody',
    illustration: 'expired',
    call: null,
  },
];

const GATEWAY = '/_be/identity-gateway/users/email/verification/';

for (const locale of FLOW_LOCALES) {
  test.describe(`e-mail outcomes (${locale})`, () => {
    for (const outcome of OUTCOMES) {
      test(outcome.name, async ({ page }) => {
        const t = linkT(locale);
        const calls: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes(GATEWAY)) calls.push(request.method());
        });
        const requests = recordRequests(page);
        await gotoLink(page, `${outcome.path}?lang=${locale}`);

        const card = shownCard(page);
        await expect(card).toHaveAttribute('data-view', outcome.view);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('html')).toHaveAttribute('dir', DIR[locale]);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(outcome.title));
        await expect(card).toContainText(t(outcome.body));
        await expect(
          card.locator(`svg[data-illustration="${outcome.illustration}"]`),
        ).toHaveAttribute('aria-hidden', 'true');
        await expect(card.getByRole('button', { name: t('common:openApp') })).toBeEnabled();
        await expect(card.getByRole('link', { name: t('common:contactUs') })).toHaveAttribute(
          'href',
          PRODUCT.contactUrl,
        );
        expect(calls).toEqual(outcome.call ? [outcome.call] : []);
        await expectNoRawKeys(page);
        await expectAccessible(page, `${outcome.path} ${locale}`);

        const id = outcome.path.split('/')[2] ?? '';
        for (const request of await requests()) {
          expect(request.referer ?? '', request.url).not.toContain(id);
        }
      });
    }
  });
}

test.describe('e-mail links are single use', () => {
  test('a verified link is already used the second time', async ({ page }) => {
    const t = linkT('en');
    await gotoLink(page, '/email/ev-valid/verify');
    await expect(page.locator('h1:visible')).toHaveText(t('links:email.verifiedTitle'));
    await page.reload();
    await pressConfirm(page);
    await expect(page.locator('h1:visible')).toHaveText(t('links:email.alreadyUsedTitle'));
  });

  test('after an unlink the verify link is expired', async ({ page }) => {
    const t = linkT('en');
    await gotoLink(page, '/email/ev-valid/unlink');
    await expect(page.locator('h1:visible')).toHaveText(t('links:email.wrongAccountTitle'));
    await gotoLink(page, '/email/ev-valid/verify');
    await expect(page.locator('h1:visible')).toHaveText(t('links:email.expiredTitle'));
  });

  test('no answer from the gateway offers a retry that keeps the page', async ({
    page,
    pageGuards,
  }) => {
    const t = linkT('ar');
    pageGuards.provokes({ requests: new RegExp(GATEWAY) });
    await page.route(`**${GATEWAY}**`, (route) => route.abort('internetdisconnected'));
    await gotoLink(page, '/email/ev-valid/verify?lang=ar');
    await expect(shownCard(page)).toHaveAttribute('data-view', 'network');
    await expect(page.getByRole('alert')).toHaveText(t('common:networkError'));
    await expectAccessible(page, 'network view');
    await page.unroute(`**${GATEWAY}**`);
    await page.getByRole('button', { name: t('common:retry') }).click();
    await expect(page.locator('h1:visible')).toHaveText(t('links:email.verifiedTitle'));
    await expect(page.locator('h1:visible')).toBeFocused();
  });
});

test.describe('language from ?lang=', () => {
  const ROUTES = [
    { path: '/email/ev-expired/verify', loader: 'links:email.loadingVerify' },
    { path: '/email/ev-valid/unlink', loader: 'links:email.loadingUnlink' },
    { path: '/email/ev-valid', loader: 'links:email.expiredTitle' },
  ] as const;
  const FINAL = {
    '/email/ev-expired/verify': 'links:email.expiredTitle',
    '/email/ev-valid/unlink': 'links:email.wrongAccountTitle',
    '/email/ev-valid': 'links:email.expiredTitle',
  } as const;

  for (const locale of LOCALES) {
    for (const route of ROUTES) {
      test(`${locale}: ${route.path}`, async ({ page }) => {
        const t = linkT(locale);
        const response = await page.goto(`${route.path}?lang=${locale}`);
        expect(response?.status()).toBe(200);
        // The first paint is already in the right language and direction.
        const html = (await response?.text()) ?? '';
        expect(html).toContain(`<html lang="${locale}" dir="${DIR[locale]}"`);
        expect(html).toContain(t(route.loader));
        expect(html).not.toContain('<astro-island');
        await pressConfirm(page);
        await expect(page.locator('h1:visible')).toHaveText(t(FINAL[route.path]));
        await expectNoRawKeys(page);
      });
    }
  }

  test('no or an unknown ?lang= is English', async ({ page }) => {
    for (const url of ['/email/ev-expired/verify', '/email/ev-expired/verify?lang=de']) {
      await gotoLink(page, url);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('h1:visible')).toHaveText(linkT('en')('links:email.expiredTitle'));
    }
  });

  test('the language picker keeps the link and switches ?lang=', async ({ page }) => {
    await gotoLink(page, '/email/ev-expired/verify?lang=fr');
    // Zero JavaScript: a relative `?lang=` link, which the browser resolves against the real path.
    const ckb = page.locator('.language-picker a[hreflang="ckb"]');
    await expect(ckb).toHaveAttribute('href', '?lang=ckb');
    expect(await ckb.evaluate((link: HTMLAnchorElement) => link.href)).toBe(
      new URL('/email/ev-expired/verify?lang=ckb', page.url()).href,
    );
    await page.locator('.language-picker summary').click();
    await ckb.click();
    await expect(page).toHaveURL(/\/email\/ev-expired\/verify\?lang=ckb$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ckb');
    // The switched page asks again before it spends anything, in its new language.
    await expect(page.locator('h1:visible')).toHaveText(linkT('ckb')('links:confirm.verifyTitle'));
    await pressConfirm(page);
    await expect(page.locator('h1:visible')).toHaveText(linkT('ckb')('links:email.expiredTitle'));
  });

  test('without JavaScript the confirm view is painted from the static HTML, its button disabled', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      ...(baseURL ? { baseURL } : {}),
    });
    const page = await context.newPage();
    await page.goto('/email/ev-valid/verify?lang=ur');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(shownCard(page)).toHaveAttribute('data-view', 'confirm');
    await expect(page.locator('h1:visible')).toHaveText(linkT('ur')('links:confirm.verifyTitle'));
    await expect(
      page.getByRole('button', { name: linkT('ur')('links:confirm.verifyAction') }),
    ).toBeDisabled();
    await context.close();
  });
});

const STORE_OF: Record<Device, string | undefined> = {
  android: STORES.android,
  ios: STORES.ios,
  desktop: undefined,
};

for (const locale of FLOW_LOCALES) {
  test.describe(`'Open the app' (${locale})`, () => {
    for (const device of ['android', 'ios', 'desktop'] as const) {
      test(`${device}: ${STORE_OF[device] ? 'the store after 1000 ms' : 'no store, a hint'}`, async ({
        browser,
        baseURL,
      }) => {
        const t = linkT(locale);
        const context = await browser.newContext({
          userAgent: UA[device],
          ...(baseURL ? { baseURL } : {}),
        });
        const page = await context.newPage();
        const storeRequests = await fakeStores(page);
        await page.clock.install();
        await gotoLink(page, `/email/ev-used/verify?lang=${locale}`);
        await expect(page.locator('h1:visible')).toHaveText(t('links:email.alreadyUsedTitle'));

        const button = page.getByRole('button', { name: t('common:openApp') });
        await button.click();
        await expect(shownCard(page).locator('.open-app')).toHaveText(t('links:openAppWaiting'));
        await expect(shownCard(page).locator('.open-app')).toHaveAttribute('aria-busy', 'true');
        // A second tap while waiting does not start a second wait.
        await shownCard(page).locator('.open-app').click({ force: true });
        await page.clock.runFor(999);
        expect(new URL(page.url()).pathname).toBe('/email/ev-used/verify');
        expect(storeRequests).toHaveLength(0);

        const store = STORE_OF[device];
        if (store) {
          await page.clock.runFor(1);
          await page.waitForURL(store);
          expect(storeRequests).toHaveLength(1);
          const headers = await storeRequests[0]?.allHeaders();
          expect(headers?.['referer']).toBeUndefined();
        } else {
          await page.clock.runFor(1);
          await expect(shownCard(page).locator('.open-app-hint')).toHaveText(
            t('links:openAppHint', { product: t('common:productName') }),
          );
          await expect(shownCard(page).locator('.open-app')).toHaveText(t('common:openApp'));
          await page.clock.runFor(5000);
          expect(new URL(page.url()).pathname).toBe('/email/ev-used/verify');
          expect(storeRequests).toHaveLength(0);
          await expectAccessible(page, 'hint');
        }
        await context.close();
      });
    }
  });
}
