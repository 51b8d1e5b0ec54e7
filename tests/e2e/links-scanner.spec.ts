/**
 * Link pages never spend a token by themselves (sandbox-contract.md): a mail scanner that opens
 * the link, runs its scripts and leaves spends nothing; then a person opens the same link, sees
 * what it will do and a confirm button (disabled until the script is ready, keyboard and screen
 * readers, a double press counted once) and gets the success outcome, not 'already used'.
 */
import type { Page } from '@playwright/test';
import { localizedPath } from '../../src/i18n/config.ts';
import type { I18nKey } from '../../src/i18n/types.ts';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  FLOW_LOCALES,
  hurryTimers,
  pendingScripts,
  test,
} from './fixtures.ts';
import { linkT, shownCard } from './links-helpers.ts';

interface TokenPage {
  path: string;
  /** The call that spends the token (method and path end). */
  call: { method: string; path: string };
  title: I18nKey;
  action: I18nKey;
  /** The success outcome's view and heading. */
  view: string;
  done: I18nKey;
}

const PAGES: TokenPage[] = [
  {
    path: '/email/ev-valid/verify',
    call: { method: 'PUT', path: '/users/email/verification/ev-valid' },
    title: 'links:confirm.verifyTitle',
    action: 'links:confirm.verifyAction',
    view: 'verified',
    done: 'links:email.verifiedTitle',
  },
  {
    path: '/email/ev-valid/unlink',
    call: { method: 'DELETE', path: '/users/email/verification/ev-valid' },
    title: 'links:confirm.unlinkTitle',
    action: 'links:confirm.unlinkAction',
    view: 'wrong_account',
    done: 'links:email.wrongAccountTitle',
  },
  {
    path: '/corporate/invitation/corp-valid',
    call: { method: 'POST', path: '/corporate/user/invitation/corp-valid' },
    title: 'links:confirm.invitationTitle',
    action: 'links:confirm.invitationAction',
    view: 'valid',
    done: 'links:corporate.welcomeTitle',
  },
  {
    path: '/corporate/verify/corp-valid',
    call: { method: 'POST', path: 'corp-valid' },
    title: 'links:confirm.corporateVerifyTitle',
    action: 'links:confirm.corporateVerifyAction',
    view: 'valid',
    done: 'links:corporate.verifiedTitle',
  },
  {
    path: '/profile/update/confirm/profile-valid',
    call: { method: 'POST', path: '/partner/users/profile/confirm/profile-valid' },
    title: 'links:confirm.profileTitle',
    action: 'links:confirm.profileAction',
    view: 'success',
    done: 'links:profile.successTitle',
  },
];

/** Counts the calls that would spend the token. */
function countCalls(page: Page, call: TokenPage['call']): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === call.method && request.url().includes('/_be/')) {
      if (request.url().endsWith(call.path)) seen.push(request.url());
    }
  });
  return seen;
}

for (const locale of FLOW_LOCALES) {
  const t = linkT(locale);
  const product = t('common:productName');
  const address = (path: string) =>
    path.startsWith('/email/') ? `${path}?lang=${locale}` : localizedPath(locale, path);

  test.describe(`scanner-safe link pages (${locale})`, () => {
    for (const link of PAGES) {
      test(`${link.path}: a scanner spends nothing, then the person confirms`, async ({
        browser,
        baseURL,
        page,
      }) => {
        // The scanner: its own browser, loads the page, runs its scripts (every module it asks
        // for is here), waits (2 s of the page's time, on Playwright's clock), leaves.
        const scanner = await browser.newContext(baseURL ? { baseURL } : {});
        const scan = await scanner.newPage();
        await scan.clock.install();
        const scanned = countCalls(scan, link.call);
        const scripts = pendingScripts(scan);
        await scan.goto(address(link.path));
        await expect(scan.locator('[data-confirm]:visible')).toBeEnabled();
        await expect.poll(() => scripts.size).toBe(0);
        await hurryTimers(scan, () => scanned.length > 0, 2);
        expect(scanned).toEqual([]);
        await scanner.close();

        // The person: what the link will do, and one button.
        const calls = countCalls(page, link.call);
        await page.goto(address(link.path));
        const card = shownCard(page);
        await expect(card).toHaveAttribute('data-view', 'confirm');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(link.title));
        const confirm = page.getByRole('button', { name: t(link.action) });
        await expect(confirm).toBeEnabled();
        await expectNoRawKeys(page);
        await expectAccessible(page, `${link.path} ${locale} confirm`);
        expect(calls).toEqual([]);

        // Keyboard: focus and Enter, pressed twice; one call.
        await confirm.focus();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter').catch(() => undefined);
        await expect(card).toHaveAttribute('data-view', link.view);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(link.done, { product }));
        expect(calls).toHaveLength(1);
      });
    }
  });
}

test('the confirm button is disabled in the HTML, before its script runs', async ({
  page,
  pageGuards,
}) => {
  // The page's scripts are refused: the HTML alone.
  pageGuards.provokes({ requests: /\/_astro\/[^/]*\.js$/ });
  await page.route('**/_astro/*.js', (route) => route.abort());
  const calls = countCalls(page, PAGES[0]?.call ?? { method: 'PUT', path: '' });
  await page.goto('/email/ev-valid/verify');
  await expect(page.locator('[data-confirm]')).toBeDisabled();
  expect(calls).toEqual([]);
});

test('a double click spends the token once and shows success', async ({ page }) => {
  const t = linkT('en');
  const calls = countCalls(page, PAGES[4]?.call ?? { method: 'POST', path: '' });
  await page.goto('/profile/update/confirm/profile-valid');
  await page.getByRole('button', { name: t('links:confirm.profileAction') }).dblclick();
  await expect(page.locator('h1:visible')).toHaveText(t('links:profile.successTitle'));
  expect(calls).toHaveLength(1);
});
