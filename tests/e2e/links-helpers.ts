/** Shared helpers of the link-page specs: the page's own strings, user agents, Referer capture. */
import type { Locator, Page, Request } from '@playwright/test';
import { LOCALES, type Locale } from '../../src/i18n/config.ts';
import type { Translate } from '../../src/i18n/t.ts';
import { ROUTES, type RouteDef } from '../../src/routing/routes.ts';
import { catalogT, expect } from './fixtures.ts';

/** `t()` over the namespaces the link pages use, in one language. */
export function linkT(locale: Locale): Translate {
  return catalogT(locale, ['links', 'common']);
}

/**
 * The outcome the page shows: each link page pre-renders all its outcomes, hidden but one, so
 * this matches exactly one section (a strict locator fails if none or two are visible).
 */
export function shownCard(page: Page): Locator {
  return page.locator('.link-page:visible');
}

export const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
} as const;
export type Device = keyof typeof UA;

export const STORE_HOSTS = ['https://play.google.com/**', 'https://apps.apple.com/**'];

/** Answers the app stores locally (no network here), recording each request to them. */
export async function fakeStores(page: Page): Promise<Request[]> {
  const seen: Request[] = [];
  for (const host of STORE_HOSTS) {
    await page.route(host, async (route) => {
      seen.push(route.request());
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Store</title><h1>Store</h1></html>',
      });
    });
  }
  return seen;
}

/** Every request the page makes, with its real headers (for the Referer checks). */
export function recordRequests(page: Page): () => Promise<{ url: string; referer?: string }[]> {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return async () =>
    Promise.all(
      requests.map(async (request) => {
        const headers = await request.allHeaders().catch(() => request.headers());
        const referer = headers['referer'];
        return { url: request.url(), ...(referer === undefined ? {} : { referer }) };
      }),
    );
}

/**
 * The link pages whose link spends a token (sandbox-contract.md): each shows what it will do and a
 * confirm button first, and calls nothing before it is pressed. The others (alerts, sign-in
 * links, an expired e-mail address) have no confirm step.
 */
const CONFIRMED: readonly RouteDef[] = [
  ROUTES.emailVerify,
  ROUTES.emailUnlink,
  ROUTES.corporateInvitation,
  ROUTES.corporateVerify,
  ROUTES.profileConfirm,
];

function asksToConfirm(url: string): boolean {
  const path = new URL(url).pathname;
  return CONFIRMED.some((route) =>
    new RegExp(`^(/(${LOCALES.join('|')}))?${route.pattern.replace(/:[a-z]+/g, '[^/]+')}$`).test(
      path,
    ),
  );
}

/** Opens a link page as a person does, confirming where the page asks to (`pressConfirm`). */
export async function gotoLink(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await pressConfirm(page);
}

/**
 * On a page whose link spends a token, presses its confirm button once its script has enabled
 * it; a page that should ask and does not fails here. On the others, checks that nothing asks.
 */
export async function pressConfirm(page: Page): Promise<void> {
  const button = page.locator('[data-view="confirm"]:visible [data-confirm]');
  if (!asksToConfirm(page.url())) {
    // Pre-rendered where a page has it: absent from the first paint on.
    await expect(page.locator('[data-confirm]:visible')).toHaveCount(0);
    return;
  }
  await expect(button).toBeVisible();
  await button.click();
}
