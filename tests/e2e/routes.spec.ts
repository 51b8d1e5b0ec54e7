/**
 * Every route of the route table, in every language: answers 200 from its pre-rendered shell
 * with the right `lang`/`dir` before any script runs, a translated title, no raw keys, and no axe
 * violation on its first view and, for link pages, on every pre-rendered outcome (the flows' specs
 * check every later view of the React pages in English and Arabic).
 */
import { DIR } from '../../src/i18n/config.ts';
import { ROUTES, type RouteDef } from '../../src/routing/routes.ts';
import {
  catalogT,
  expect,
  expectAccessible,
  expectNoRawKeys,
  freezeTime,
  holdLoginRedirect,
  LOCALES,
  localizedPath,
  stayBefore,
  test,
  type Locale,
} from './fixtures.ts';
import { signIn, stayOnLeavingView } from './identity-helpers.ts';

function urlFor(route: RouteDef, locale: Locale): string {
  if (route.langFromQuery) return `${route.sample}?lang=${locale}`;
  return localizedPath(locale, route.sample);
}

/**
 * Pages that need a signed-in user leave for the authorize flow: the invitation page gets a
 * session, and is checked once it has come back with its code and exchanged it. The connected-apps
 * page, whose token comes back from its own authorize request (apps.spec.ts), is checked on its
 * way there, the authorize request held (a 204 keeps the page).
 */
const SIGNED_IN: Readonly<Record<string, 'session' | 'leaving'>> = {
  invitation: 'session',
  clientManagement: 'leaving',
  security: 'leaving',
};

/**
 * The link pages that pre-render every outcome, hidden but the one shown (/email/{id} has one
 * outcome only): each is checked with all of them shown.
 */
const OUTCOMES: ReadonlySet<string> = new Set([
  'alert',
  'corporateInvitation',
  'corporateVerify',
  'emailUnlink',
  'emailVerify',
  'profileConfirm',
  'signinApp',
]);

/** The page title in a language, from the catalogs: a non-English title must differ from it. */
function titleIn(locale: Locale, route: RouteDef): string {
  const t = catalogT(locale, ['meta', 'common']);
  return `${t(route.title)} · ${t('common:productName')}`;
}

// One page per route walks its languages (a step each): the same checks, one browser context.
for (const [id, route] of Object.entries(ROUTES) as [string, RouteDef][]) {
  test.describe(`route ${id}`, () => {
    // On a phone /signin/{id} leaves for the app store (links-pages.spec.ts); stay on the page here.
    if (id === 'signinApp') test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
    test('every language', async ({ page }) => {
      // Five pages, each with axe (link pages twice): the limit of five tests.
      test.setTimeout(LOCALES.length * 60_000);
      await page.clock.install();
      // Pages that move on to the login page after 2 s stay put while they are checked.
      if (id !== 'login') await holdLoginRedirect(page);
      // The home page without a recovery request moves on to /session_unknown (whose own move to
      // the login came 2 s later, under the next language's navigation: net::ERR_ABORTED).
      if (id === 'home') await stayBefore(page, /\/session_unknown(\?.*)?$/);
      const auth = SIGNED_IN[id];
      if (auth === 'session') await signIn(page);
      const leaving =
        auth === 'leaving' ? await stayOnLeavingView(page, '/_be/idp/authorize**') : undefined;
      for (const locale of LOCALES) {
        await test.step(`${locale}: ${urlFor(route, locale)}`, async () => {
          const exchanged =
            auth === 'session'
              ? page.waitForResponse((r) => new URL(r.url()).pathname === '/_be/idp/token')
              : undefined;
          // A leaving page is checked once its move has been answered (the held 204, which keeps
          // the page): moving during the checks, or under the next language's navigation, it
          // failed a try of a full run.
          const left = leaving
            ? page.waitForResponse((r) => new URL(r.url()).pathname === '/_be/idp/authorize')
            : undefined;
          const url = urlFor(route, locale);
          const response = await (leaving ? leaving.open(url) : page.goto(url));
          expect(response?.status()).toBe(200);
          await left;
          // The signed-in page leaves for its authorize request at once: its HTML read again.
          const html = exchanged
            ? await (await page.request.get(urlFor(route, locale))).text()
            : await response?.text();
          await exchanged;
          expect(html).toMatch(new RegExp(`<html lang="${locale}" dir="${DIR[locale]}"`));
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.locator('html')).toHaveAttribute('dir', DIR[locale]);
          // Link pages pre-render every outcome, hidden but the one shown: a visible heading.
          await expect(page.locator('h1:visible').first()).toBeVisible();
          // Waited for, not read once: on the connected-apps page, which leaves for its (held)
          // authorize request at once, a single read came back empty in a full run.
          await expect(page).toHaveTitle(titleIn(locale, route));
          if (locale !== 'en') expect(titleIn(locale, route)).not.toBe(titleIn('en', route));
          await expectNoRawKeys(page);
          await expectAccessible(page, `${id} ${locale}`);
          // Link pages pre-render every outcome, hidden but one: all of them, in every language.
          const outcomes = page.locator('.link-page[hidden]');
          if (!OUTCOMES.has(id)) {
            await expect(outcomes).toHaveCount(0);
            return;
          }
          expect(await outcomes.count(), 'hidden outcomes').toBeGreaterThan(0);
          await outcomes.evaluateAll((sections) => {
            for (const section of sections) section.removeAttribute('hidden');
          });
          await expectAccessible(page, `${id} ${locale}, every outcome`);
        });
      }
    });
  });
}

test.describe('unmatched paths', () => {
  for (const locale of LOCALES) {
    test(`${locale}: shows the invalid-session screen with 404`, async ({ page }) => {
      // Time stands still: the page's 2-second move to the login page waits for the checks,
      // however slow the machine (with time flowing, a loaded machine saw the login page).
      await freezeTime(page);
      const response = await page.goto(localizedPath(locale, '/no/such/page'));
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', DIR[locale]);
      await expect(page.locator('[data-redirect-after]')).toHaveAttribute(
        'href',
        localizedPath(locale, '/login'),
      );
      await page.clock.runFor(2000);
      await expect(page).toHaveURL(localizedPath(locale, '/login'));
    });
  }
});
