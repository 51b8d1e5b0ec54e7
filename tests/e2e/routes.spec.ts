/**
 * Every route of the route table, in every language: answers 200 from its pre-rendered shell
 * with the right `lang`/`dir` before any script runs, a translated title, and no raw keys.
 */
import { DIR } from '../../src/i18n/config.ts';
import { ROUTES, type RouteDef } from '../../src/routing/routes.ts';
import { expect, expectNoRawKeys, LOCALES, localizedPath, test, type Locale } from './fixtures.ts';

function urlFor(route: RouteDef, locale: Locale): string {
  if (route.langFromQuery) return `${route.sample}?lang=${locale}`;
  return localizedPath(locale, route.sample);
}

const englishTitles = new Map<string, string>();

for (const [id, route] of Object.entries(ROUTES) as [string, RouteDef][]) {
  test.describe(`route ${id}`, () => {
    // On a phone /signin/{id} leaves for the app store (links-pages.spec.ts); stay on the page here.
    if (id === 'signinApp') test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
    for (const locale of LOCALES) {
      test(`${locale}: ${urlFor(route, locale)}`, async ({ page }) => {
        await page.clock.install();
        const response = await page.goto(urlFor(route, locale));
        expect(response?.status()).toBe(200);
        const html = await response?.text();
        expect(html).toMatch(new RegExp(`<html lang="${locale}" dir="${DIR[locale]}"`));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('html')).toHaveAttribute('dir', DIR[locale]);
        // Link pages pre-render every outcome, hidden but the one shown: a visible heading.
        await expect(page.locator('h1:visible').first()).toBeVisible();
        const title = await page.title();
        if (locale === 'en') englishTitles.set(id, title);
        else if (englishTitles.has(id)) expect(title).not.toBe(englishTitles.get(id));
        await expectNoRawKeys(page);
      });
    }
  });
}

test.describe('unmatched paths', () => {
  for (const locale of LOCALES) {
    test(`${locale}: shows the invalid-session screen with 404`, async ({ page }) => {
      await page.clock.install();
      const response = await page.goto(localizedPath(locale, '/no/such/page'));
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', DIR[locale]);
      await expect(page.locator('[data-redirect-after]')).toHaveAttribute(
        'href',
        localizedPath(locale, '/login'),
      );
    });
  }
});
