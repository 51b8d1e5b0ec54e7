/**
 * The phone field's flags (issue 33): images this origin serves (img-src 'self'), never emoji,
 * which Windows draws as two letters and a system without an emoji font as two boxes. The
 * selected country's flag comes with the phone rules, never in the first load, into a box kept
 * for it; it is decorative (the select names the country) and follows the country picked, typed
 * or pasted. No built file and no page's text carries a regional-indicator letter.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, localizedPath, test, type Locale } from './fixtures.ts';
import { openLogin } from './login-helpers.ts';
import { oneClickUrl } from './one-click-helpers.ts';

const DIST = new URL('../../dist/', import.meta.url).pathname;
/** The letters emoji flags are made of (U+1F1E6-1F1FF). */
const REGIONAL_INDICATOR = /\p{Regional_Indicator}/u;
const RULES = /\/_astro\/phone-rules\.[\w-]+\.js$/;

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? builtFiles(join(dir, entry.name))
      : /\.(html|js)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The shown flag's own width: 0 until its image has loaded (or when it failed to). */
const flagWidth = (page: Page) =>
  page
    .locator('.phone-flag img')
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

async function expectFlag(page: Page, country: string) {
  await expect(page.locator('.phone-country select')).toHaveValue(country);
  await expect(page.locator('.phone-flag img')).toHaveAttribute(
    'src',
    `/images/flags/${country}.svg`,
  );
  await expect.poll(() => flagWidth(page)).toBeGreaterThan(0);
}

/** No regional indicator in the page's DOM: its text, every country's option, its attributes. */
async function expectNoEmojiFlag(page: Page) {
  // Every country's option drawn first (their names arrive beside the rules, not with them).
  await expect.poll(() => page.locator('.phone-country option').count()).toBeGreaterThan(200);
  const markup = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .flatMap((el) => [...el.attributes].map((attribute) => attribute.value))
      .concat(document.documentElement.textContent ?? '')
      .join('\n'),
  );
  expect(REGIONAL_INDICATOR.test(markup), 'a regional-indicator letter in the page').toBe(false);
}

test('no built page or script carries an emoji flag, nor a flag in its first load', () => {
  const files = builtFiles(DIST);
  expect(files.filter((file) => file.endsWith('.html')).length).toBeGreaterThan(20);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    expect(REGIONAL_INDICATOR.test(text), file).toBe(false);
    if (file.endsWith('.html')) expect(text, file).not.toContain('/images/flags/');
  }
});

for (const locale of ['en', 'ar'] as const satisfies readonly Locale[]) {
  test.describe(`${locale}: the phone field's flag`, () => {
    test('comes with the rules into its kept box, decorative, and follows the country', async ({
      page,
    }) => {
      const flagRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/images/flags/')) flagRequests.push(request.url());
      });
      let releaseRules = () => {};
      const held = new Promise<void>((resolve) => (releaseRules = resolve));
      await page.route(RULES, async (route) => {
        await held;
        await route.continue();
      });
      await openLogin(page, locale);
      const box = page.locator('.phone-flag');
      const before = await box.boundingBox();
      expect(before?.width).toBeGreaterThan(20);
      await expect(box.locator('img')).toHaveCount(0);
      expect(flagRequests).toEqual([]);

      releaseRules();
      await expectFlag(page, 'AE');
      expect(await box.boundingBox()).toEqual(before);
      // From this origin, and decorative: no image in the accessibility tree.
      expect(flagRequests.every((url) => new URL(url).origin === new URL(page.url()).origin)).toBe(
        true,
      );
      await expect(box.locator('img')).toHaveAttribute('alt', '');
      await expect(page.locator('.phone-row').getByRole('img')).toHaveCount(0);
      await expect(page.locator('.phone-country select')).toHaveAccessibleName(/\S/);

      await page.locator('.phone-country select').selectOption('EG');
      await expectFlag(page, 'EG');
      await page.locator('.phone-country select').selectOption('FR');
      await expectFlag(page, 'FR');
      // A number pasted in international form picks its country, and its flag.
      await page.locator('input[type=tel]').fill('+923001234567');
      await expectFlag(page, 'PK');
      expect(await box.boundingBox()).toEqual(before);
      await expectNoEmojiFlag(page);
    });

    for (const [name, path] of [
      ['sign-up', `${localizedPath(locale, '/signup/')}?clientId=sandbox-web`],
      ['one-click', oneClickUrl(locale)],
      ['recovery', `${localizedPath(locale, '/recovery')}?clientId=sandbox-web`],
    ] as const) {
      test(`${name}: the flag of the country the field starts in`, async ({ page }) => {
        await page.goto(path);
        await expectFlag(page, 'AE');
        await expectNoEmojiFlag(page);
      });
    }
  });
}
