/**
 * A person faster than the page (design.md section 5): what is typed and pressed on the
 * pre-rendered form before its island hydrates is kept by the page's first script and replayed
 * once (src/ui/early-input-script.ts, src/ui/early-input.ts): Continue goes out without a second
 * press, Apple or Google opens its window, and nothing is posted natively. And the forms never
 * wait for the flag service: with its call hanging, the phone field takes input and Continue
 * works; the layout its last answer chose is kept on the device for the next visit.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  FLOW_LOCALES,
  freezeTime,
  holdRequests,
  localizedPath,
  openHydrated,
  test,
  type Locale,
} from './fixtures.ts';
import { national } from './login-helpers.ts';
import { form, translator } from './signup-helpers.ts';

const SCRIPTS = /\/_astro\/.*\.js$/;
const FLAGS = '**/v1/flags';

/** Every POST the page makes as a navigation (a native form post): there must be none. */
function nativePosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.isNavigationRequest()) posts.push(request.url());
  });
  return posts;
}

/** Opens `path` with the page's scripts held: the pre-rendered page only, until `release`. */
async function openBeforeScripts(page: Page, locale: Locale, path: string) {
  const release = await holdRequests(page, SCRIPTS);
  await page.goto(localizedPath(locale, path), { waitUntil: 'commit' });
  await expect(page.locator('main astro-island[ssr]')).toHaveCount(1);
  return release;
}

const hydrated = (page: Page) =>
  expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 30_000 });

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: input before the page runs`, () => {
    test('login: a number typed and Continue pressed early goes out once, with no native post', async ({
      page,
    }) => {
      const posts = nativePosts(page);
      const release = await openBeforeScripts(page, locale, '/login');
      await page.locator('main input[type=tel]').fill(national('01'));
      await page.locator('section.login button[type=submit]').click();
      await page.locator('section.login button[type=submit]').click();
      release();
      await hydrated(page);
      // Layla's password view: the press went out once, and the page never left.
      await expect(page.locator('section.login')).toHaveAttribute('data-view', 'password_form');
      expect(posts).toEqual([]);
      expect(new URL(page.url()).pathname).toBe(localizedPath(locale, '/login'));
    });

    test('login: Enter in the field before the page runs submits once it does', async ({
      page,
      sandbox,
    }) => {
      const posts = nativePosts(page);
      const release = await openBeforeScripts(page, locale, '/login');
      await page.locator('main input[type=tel]').fill(national('02'));
      await page.locator('main input[type=tel]').press('Enter');
      release();
      await hydrated(page);
      // Omar's code view: one code sent.
      await expect(page.locator('section.login')).toHaveAttribute('data-view', 'otp');
      await expect.poll(async () => (await sandbox.outbox('+971500000002')).length).toBe(1);
      expect(posts).toEqual([]);
    });

    test('sign-up: the form filled and sent early reaches the code step once the page runs', async ({
      page,
    }) => {
      const t = translator(locale);
      const posts = nativePosts(page);
      const release = await openBeforeScripts(page, locale, '/signup/');
      const fields = form(page, t);
      await fields.name.fill('Mona Saeed');
      await fields.phone.fill(national('03'));
      await fields.password.fill('Sandbox-Pass9');
      await fields.submit.click();
      release();
      await hydrated(page);
      await expect(page.locator('section.signup')).toHaveAttribute('data-view', 'otp');
      expect(posts).toEqual([]);
    });

    test('login: Google pressed early opens its window once the page runs', async ({ page }) => {
      const release = await openBeforeScripts(page, locale, '/login');
      const popup = page.waitForEvent('popup');
      await page.locator('main button[data-early=google]').click();
      release();
      const window = await popup;
      // The window opens at once (the press's activation) and goes to its page with the nonce
      // the sign-in asked for (security review L3).
      await window.waitForURL(
        (url) => url.pathname === '/_sandbox/social/google' && url.searchParams.has('nonce'),
      );
      await expect(page.locator('main button[data-early=google]')).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await window.close();
    });

    test('login and sign-up: with the flags call hanging, the form takes input and Continue works', async ({
      page,
    }) => {
      // The page's clock stands still: no 3-second time-out gives up on the flags meanwhile.
      await freezeTime(page);
      const releaseFlags = await holdRequests(page, FLAGS);
      await openHydrated(page, localizedPath(locale, '/login'));
      const field = page.locator('main input[type=tel]');
      await expect(field).toBeVisible();
      await field.fill(national('01'));
      await page.locator('section.login button[type=submit]').click();
      await expect(page.locator('section.login')).toHaveAttribute('data-view', 'password_form');
      await expect(page.locator('section.login')).toHaveAttribute('data-flags', 'loading');

      const t = translator(locale);
      await openHydrated(page, localizedPath(locale, '/signup/'));
      const fields = form(page, t);
      await fields.name.fill('Mona Saeed');
      await fields.phone.fill(national('03'));
      await fields.password.fill('Sandbox-Pass9');
      await fields.submit.click();
      await expect(page.locator('section.signup')).toHaveAttribute('data-view', 'otp');
      await expect(page.locator('section.signup')).toHaveAttribute('data-flags', 'loading');
      releaseFlags();
    });

    test("the flags' layout is kept for the next visit, where it applies while the call hangs", async ({
      page,
      sandbox,
    }) => {
      const t = translator(locale);
      await sandbox.flags({ enhancedForm: false });
      await openHydrated(page, localizedPath(locale, '/signup/'));
      await expect(page.locator('section.signup')).toHaveAttribute('data-flags', 'ready');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('signup:title'));
      await freezeTime(page);
      const releaseFlags = await holdRequests(page, FLAGS);
      await openHydrated(page, localizedPath(locale, '/signup/'));
      await expect(page.locator('section.signup')).toHaveAttribute('data-flags', 'kept');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('signup:title'));
      releaseFlags();
    });
  });
}
