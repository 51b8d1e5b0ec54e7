/**
 * Bad input sweep, derived from the route table: every route opened with hostile query strings
 * and tokens (script tags, javascript: URLs, broken percent-encoding, 5,000-character values,
 * right-to-left overrides, Eastern Arabic digits). No uncaught error and no policy violation (the
 * auto guards), no dialog, no injected element, never a blank page.
 */
import { devices, type Page } from '@playwright/test';
import { ROUTES, type RouteDef } from '../../src/routing/routes.ts';
import { expect, holdLoginRedirect, localizedPath, test } from './fixtures.ts';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const LONG = 'x'.repeat(5000);
const RTL = '\u202Egnp.exe';
const DIGITS = '٠٥٠٠٠٠٠٠٠١';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64)';

/** Every query preset the pages read, each given a hostile value. */
const HOSTILE_QUERY = new URLSearchParams({
  clientId: SCRIPT,
  csrf: IMG,
  acr_values: `invoice_id:javascript:alert(1) merchant:${IMG} promoValue:${LONG.slice(0, 300)} promoType:${RTL}`,
  fullMobileNumber: DIGITS,
  showEmail: SCRIPT,
  showApple: 'javascript:alert(1)',
  showGoogle: 'maybe',
  view: '__proto__',
  phoneNumber: `+${DIGITS}`,
  otp: SCRIPT,
  verificationId: RTL,
  email: `${IMG}@example.com`,
  appleIdToken: LONG,
  corporateInvitationToken: SCRIPT,
  hideInvitationCode: RTL,
  lang: SCRIPT,
  return_to: 'https://evil.test/',
}).toString();

const HOSTILE_TOKENS = [
  encodeURIComponent(SCRIPT),
  '%E0%A4%A',
  LONG,
  encodeURIComponent(RTL),
  DIGITS,
];

function hostilePaths(route: RouteDef): string[] {
  if (!route.pattern.includes(':')) return [route.sample];
  return HOSTILE_TOKENS.map((token) => route.pattern.replace(/:[a-z]+/, token));
}

/** What a hostile value must never become: an element with a handler, a script link, an `x` image. */
const INJECTED = 'img[src="x"], [onerror], a[href^="javascript:" i]';

/**
 * Waits until the page's scripts have run with what the address gave them: loaded, its islands
 * hydrated, then 5 s of its timers run at once on Playwright's clock (countdowns, redirects, loads
 * when idle). A page that moves on by itself meanwhile is waited for again where it lands.
 */
async function settled(page: Page): Promise<void> {
  await expect(async () => {
    await page.waitForLoadState('load');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.clock.runFor(5000);
  }).toPass({ timeout: 30_000 });
}

for (const [id, route] of Object.entries(ROUTES) as [string, RouteDef][]) {
  test.describe(id, () => {
    // On a phone /signin/{id} leaves for the app store; stay on the page here. Inside the
    // describe: at file level it gave every test of the file the computer's user agent.
    if (id === 'signinApp') test.use({ userAgent: DESKTOP });

    // Checked after the islands ran (shown to fail: an island that drew the clientId as an
    // `x` image passed the check made before hydration, and fails this one), with the phone's
    // user agent everywhere but /signin/{id} (shown to fail with the file-level `test.use`).
    test('hostile query strings and tokens', async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const origin = new URL(baseURL ?? '').origin;
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const offSite: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (
          request.isNavigationRequest() &&
          url.protocol.startsWith('http') &&
          url.origin !== origin
        ) {
          offSite.push(url.href);
        }
      });
      expect(await page.evaluate(() => navigator.userAgent)).toBe(
        id === 'signinApp' ? DESKTOP : devices['Pixel 7'].userAgent,
      );
      await page.clock.install();
      if (id !== 'login') await holdLoginRedirect(page);
      for (const locale of ['en', 'ar'] as const) {
        for (const path of hostilePaths(route)) {
          // One 5,000-character value per address: a long token, or a long query value.
          const query = path.includes(LONG)
            ? `clientId=${encodeURIComponent(SCRIPT)}`
            : HOSTILE_QUERY;
          const target = route.langFromQuery
            ? `${path}?${query}&lang=${locale}`
            : `${localizedPath(locale, path)}?${query}`;
          // A token in the connected-apps page's hash without the state it issued (security
          // review M2): ignored; the page leaves for sign-in, held above.
          const hash = id === 'clientManagement' ? '#access_token=sandbox-access-token' : '';
          // Resolve at commit: some pages move on by themselves (recovery parameters, sign-in).
          // A blank page first, so the previous page's own navigation cannot abort this one (the
          // home page moves on to /session_unknown by itself: that move may interrupt the blank).
          await expect(async () => {
            await page.goto('about:blank');
          }).toPass();
          const response = await page.goto(`${target}${hash}`, { waitUntil: 'commit' });
          const shown = target.slice(0, 120);
          expect([200, 404], shown).toContain(response?.status());
          await expect(page.locator('h1:visible').first()).toBeVisible();
          await settled(page);
          await expect(page.locator('h1:visible').first(), shown).toBeVisible();
          await expect(page.locator(INJECTED), shown).toHaveCount(0);
          expect(new URL(page.url()).origin, shown).toBe(origin);
        }
      }
      expect(dialogs).toEqual([]);
      expect(offSite).toEqual([]);
    });
  });
}
