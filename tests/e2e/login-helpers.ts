/** Page helpers for the login specs: language-independent (views are found by `data-view`). */
import type { Locator, Page, Request } from '@playwright/test';
import {
  catalogMessage,
  expect,
  expectAccessible,
  hurryTimers,
  expectNoRawKeys,
  localizedPath,
  openHydrated,
  type Locale,
} from './fixtures.ts';

export const PASSWORD = 'Sandbox-Pass1';
export const PERSONA_CODE = '123456';

/** `+9715000000NN` as typed in the national field with country AE. */
export const national = (nn: string) => `5000000${nn}`;
export const e164 = (nn: string) => `+9715000000${nn}`;

export function loginPath(locale: Locale, query = ''): string {
  return `${localizedPath(locale, '/login')}${query ? `?${query}` : ''}`;
}

export const view = (page: Page) => page.locator('section.login');

/** Waits for a view, then checks it with axe and for untranslated keys. */
export async function expectView(page: Page, name: string, check = true): Promise<void> {
  await expect(view(page)).toHaveAttribute('data-view', name);
  if (check) {
    await expectNoRawKeys(page);
    await expectAccessible(page, name);
  }
}

/**
 * Opens /login and waits until its islands have hydrated: the island has read its presets, and a
 * check made next sees what its script drew, not the pre-rendered form (shown once: with the
 * login island's script refused, this failed where the wait for the pre-rendered field passed).
 */
export async function openLogin(page: Page, locale: Locale, query = 'clientId=sandbox-web') {
  await openHydrated(page, loginPath(locale, query));
  await expect(view(page)).toBeVisible();
  // The flags have answered: their layout applies only until the person starts on the page
  // (src/stores/flags.ts), so a test that types at once after `sandbox.flags({ enhancedForm:
  // false })` could keep the enhanced layout (the classic name view's '.login-name' not found).
  await expect(view(page)).toHaveAttribute('data-flags', 'ready');
  // The form shows once hydrated too (its first paint is the pre-rendered one).
  await expect(
    page.locator('input[type=tel], input[type=email], .login-dashboard').first(),
  ).toBeVisible();
}

export async function submitPhone(page: Page, nn: string): Promise<void> {
  await page.locator('input[type=tel]').fill(national(nn));
  await view(page).locator('button[type=submit]').click();
}

export const submitButton = (page: Page) => view(page).locator('button[type=submit]');

/**
 * `target` says exactly the catalog's message `key` (or `[key, params]`) in the page's language:
 * in English also the words written here (which check the catalog itself), and in another
 * language not them.
 */
export async function expectMessage(
  target: Locator,
  locale: Locale,
  key: string | readonly [string, Record<string, string | number>],
  english: string,
): Promise<void> {
  const [name, params] = typeof key === 'string' ? [key, {}] : key;
  await expect(target).toHaveText(catalogMessage(locale, name, params));
  if (locale === 'en') await expect(target).toHaveText(english);
  else await expect(target).not.toHaveText(english);
}

/**
 * The identity service's page that stands in for the client once the sign-in is finished. The
 * redirect view counts down from 5 and hands off below 2 on its own timers, run ahead here
 * (hurryTimers: 15 s of the page's time at most, as the real-time wait allowed before), unless
 * `realTime` (a test that reads the navigation timing afterwards, which Playwright's clock hides).
 */
export async function expectSignedIn(
  page: Page,
  name: string,
  { realTime = false }: { realTime?: boolean } = {},
): Promise<void> {
  const signedIn = /\/_be\/idp\/login$/;
  let handedOff = signedIn.test(page.url());
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && signedIn.test(request.url())) handedOff = true;
  };
  page.on('request', onRequest);
  try {
    const redirectView = page.locator('[data-view="redirect_to_idp"]').first();
    await expect
      .poll(async () => handedOff || (await redirectView.isVisible().catch(() => false)), {
        timeout: 15_000,
        intervals: [100],
      })
      .toBe(true);
    if (!realTime) await hurryTimers(page, () => handedOff);
  } finally {
    page.off('request', onRequest);
  }
  await page.waitForURL(signedIn, { timeout: 15_000 });
  await expect(page.locator('body')).toContainText(`You are signed in as ${name}`);
  expect(await page.evaluate(() => sessionStorage.getItem('acct:csrf'))).toBeNull();
}

export async function latestCode(
  sandbox: { outbox: (to: string) => Promise<{ code?: string; channel: string }[]> },
  to: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = (await sandbox.outbox(to))[0]?.code;
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}
