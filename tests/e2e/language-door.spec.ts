/**
 * Language at the door (issue 33, item 2), decided at the edge of every host (a 302 before any
 * page is sent, src/routing/door.ts): the sandbox's server (`npm start`), and in the host projects
 * Cloudflare's function, Netlify's edge function and nginx's generated maps. `ui_locales` or
 * `lang`, else the picker's remembered choice, else the browser's languages, else English; the
 * move keeps the query and the hash, happens once, and says with `Vary` what it read.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

/** Every document the tab loaded, in order (the moves the door made). */
function documents(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      const url = new URL(request.url());
      seen.push(`${url.pathname}${url.search}`);
    }
  });
  return seen;
}

async function expectLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

test.describe('the answers', () => {
  const VARY = /^Accept-Language, Cookie$|^Accept-Encoding, Accept-Language, Cookie$/;

  test('a 302 with Vary and never stored; the page left says what it read', async ({ request }) => {
    const moved = await request.get('/login?clientId=sandbox-web', {
      headers: { 'Accept-Language': 'ar-EG,ar;q=0.9,en;q=0.8' },
      maxRedirects: 0,
    });
    expect(moved.status()).toBe(302);
    expect(moved.headers()['location']).toMatch(
      /^(https?:\/\/[^/]+)?\/ar\/login\?clientId=sandbox-web$/,
    );
    expect(moved.headers()['vary']).toMatch(VARY);
    expect(moved.headers()['cache-control']).toBe('no-store');
    const served = await request.get('/login', {
      headers: { 'Accept-Language': 'en-US,en;q=0.9,ar;q=0.8' },
      maxRedirects: 0,
    });
    expect(served.status()).toBe(200);
    expect(served.headers()['vary']).toMatch(VARY);
  });

  test('the lang cookie, ckb and ku-Arab, q=0 refused; a prefixed page moves for a parameter only', async ({
    request,
  }) => {
    const where = async (path: string, headers: Record<string, string>) => {
      const response = await request.get(path, { headers, maxRedirects: 0 });
      const location = response.headers()['location'] ?? '';
      return response.status() === 302 ? location.replace(/^https?:\/\/[^/]+/, '') : '';
    };
    expect(await where('/signup/', { Cookie: 'lang=ckb', 'Accept-Language': 'ar' })).toBe(
      '/ckb/signup/',
    );
    expect(await where('/recovery', { 'Accept-Language': 'ku-Arab-IQ, ar;q=0.5' })).toBe(
      '/ckb/recovery',
    );
    expect(await where('/recovery', { 'Accept-Language': 'ar;q=0, ur-PK;q=0.5' })).toBe(
      '/ur/recovery',
    );
    expect(await where('/login', { 'Accept-Language': 'en-GB, ar;q=0.9' })).toBe('');
    expect(await where('/ar/login', { Cookie: 'lang=fr', 'Accept-Language': 'ur' })).toBe('');
    const prefixed = await request.get('/ar/login', {
      headers: { 'Accept-Language': 'fr' },
      maxRedirects: 0,
    });
    expect(prefixed.status()).toBe(200);
    expect(prefixed.headers()['vary'] ?? '').not.toMatch(/Accept-Language/);
    expect(await where('/ar/login?lang=fr&x=1', {})).toBe('/fr/login?lang=fr&x=1');
    expect(await where('/email/ev-expired/verify?a=1', { Cookie: 'lang=ur' })).toBe(
      '/email/ev-expired/verify?a=1&lang=ur',
    );
  });
});

test.describe('a browser in English (en-AE)', () => {
  test('/login stays English; ui_locales opens Arabic with the query and hash kept', async ({
    page,
  }) => {
    const seen = documents(page);
    await page.goto('/login?clientId=sandbox-web');
    await expectLanguage(page, 'en', 'ltr');
    await page.goto('/login?clientId=sandbox-web&ui_locales=de-DE%20ar-EG%20en#top');
    await expect(page).toHaveURL(
      /\/ar\/login\?clientId=sandbox-web&ui_locales=de-DE%20ar-EG%20en#top$/,
    );
    await expectLanguage(page, 'ar', 'rtl');
    await expect(page.locator('h1')).toBeVisible();
    await expectAccessible(page, 'ar login after ui_locales');
    expect(seen).toEqual([
      '/login?clientId=sandbox-web',
      '/login?clientId=sandbox-web&ui_locales=de-DE%20ar-EG%20en',
      '/ar/login?clientId=sandbox-web&ui_locales=de-DE%20ar-EG%20en',
    ]);
  });

  test('lang opens a language on the entry pages, and English from a prefixed page', async ({
    page,
  }) => {
    await page.goto('/signup/?lang=ur');
    await expect(page).toHaveURL(/\/ur\/signup\/\?lang=ur$/);
    await expectLanguage(page, 'ur', 'rtl');
    await page.goto('/ar/recovery?ui_locales=en');
    await expect(page).toHaveURL(/\/recovery\?ui_locales=en$/);
    await expectLanguage(page, 'en', 'ltr');
    await page.goto('/email/ev-expired/verify?ui_locales=ckb');
    await expect(page).toHaveURL(/\/email\/ev-expired\/verify\?ui_locales=ckb&lang=ckb$/);
    await expectLanguage(page, 'ckb', 'rtl');
  });
});

test.describe('a browser in Arabic (ar-EG)', () => {
  test.use({ locale: 'ar-EG' });

  test('every entry page opens in Arabic, once, keeping the query', async ({ page }) => {
    const seen = documents(page);
    for (const [asked, opened] of [
      ['/login?clientId=sandbox-web', '/ar/login?clientId=sandbox-web'],
      ['/signup/?clientId=sandbox-web', '/ar/signup/?clientId=sandbox-web'],
      ['/recovery', '/ar/recovery'],
      ['/email/ev-expired/verify', '/email/ev-expired/verify?lang=ar'],
    ] as const) {
      seen.length = 0;
      await page.goto(asked);
      await expect(page).toHaveURL(new RegExp(`${opened.replace(/[?]/g, '\\?')}$`));
      await expectLanguage(page, 'ar', 'rtl');
      expect(seen, asked).toEqual([asked, opened]);
    }
    await expectAccessible(page, 'ar e-mail link page at the door');
  });

  test('a page asked in a language stays in it', async ({ page }) => {
    await page.goto('/fr/login?clientId=sandbox-web');
    await expectLanguage(page, 'fr', 'ltr');
    await page.goto('/email/ev-expired/verify?lang=en');
    await expectLanguage(page, 'en', 'ltr');
  });

  test('choosing English in the picker is remembered on the next visit', async ({
    page,
    context,
  }) => {
    await page.goto('/login?clientId=sandbox-web');
    await expect(page).toHaveURL(/\/ar\/login\?clientId=sandbox-web$/);
    await page.locator('.language-picker summary').click();
    await page.locator('.language-picker a[hreflang="en"]').click();
    await expect(page).toHaveURL(/\/login\?clientId=sandbox-web$/);
    await expectLanguage(page, 'en', 'ltr');
    await expectAccessible(page, 'en login after the picker');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');
    // A new visit to the unprefixed address: the choice, not the browser's Arabic.
    await page.goto('/signup/');
    await expect(page).toHaveURL(/\/signup\/$/);
    await expectLanguage(page, 'en', 'ltr');
    // The cookie cleared: the choice is kept nowhere else (every host decides at its edge, which
    // cannot read local storage), so the browser's Arabic wins.
    await context.clearCookies();
    await page.goto('/login?clientId=sandbox-web');
    await expect(page).toHaveURL(/\/ar\/login\?clientId=sandbox-web$/);
    await expectLanguage(page, 'ar', 'rtl');
  });
});

test.describe('a browser in Urdu, then English (ur-PK)', () => {
  test.use({ locale: 'ur-PK' });

  test('/login/one-click opens in Urdu with its acr_values', async ({ page }) => {
    const acr = encodeURIComponent('merchant:Cafe%20Sandbox invoice_id:INV-7');
    await page.goto(`/login/one-click?acr_values=${acr}`);
    await expect(page).toHaveURL(new RegExp(`/ur/login/one-click\\?acr_values=${acr}$`));
    await expectLanguage(page, 'ur', 'rtl');
  });
});
