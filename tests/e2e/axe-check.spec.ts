/**
 * The accessibility check itself can fail: low-contrast text is caught in every script the
 * product is written in, Arabic script included (fixtures.ts explains why that needs care).
 */
import { expect, expectAccessible, LOCALES, localizedPath, test } from './fixtures.ts';

for (const locale of LOCALES) {
  test(`${locale}: low-contrast text fails the axe check`, async ({ page }) => {
    await page.goto(localizedPath(locale, '/login'));
    await expect(page.locator('[data-flags="loading"]')).toHaveCount(0);
    await expectAccessible(page, 'as built');
    // Every text of the page's main part pale grey on white (about 1.7:1), through the CSSOM
    // (the CSP forbids an inline style sheet).
    await page.locator('main').evaluate((main) => {
      for (const element of [main, ...main.querySelectorAll<HTMLElement>('*')]) {
        element.style.setProperty('color', '#c8c8c8', 'important');
      }
    });
    const failure = await expectAccessible(page).then(
      () => 'no violation',
      (error: Error) => error.message,
    );
    expect(failure).toContain('color-contrast');
    // The heading's own text, in the page's language, is among the failing nodes.
    expect(failure).toMatch(/color-contrast[^\n]*h1/);
  });
}
