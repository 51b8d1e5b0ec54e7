/**
 * The dark theme (issue 33): `prefers-color-scheme: dark` turns every page dark from its first
 * paint. The colour roles are redefined in one media query of the CSS every page carries inline
 * in its head (no script and no style sheet to wait for, so no white flash), with `color-scheme:
 * light dark` so that native controls and scroll bars follow. The views tour checks every island
 * view with axe in the dark (tour.ts, DARK_TOUR_LOCALES, French and Urdu); here the pages it does
 * not walk: the link pages' outcomes, the invalid-session page (404) and the session screens, in
 * English and Arabic.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  holdLoginRedirect,
  localizedPath,
  test,
  type Locale,
} from './fixtures.ts';
import { gotoLink, UA } from './links-helpers.ts';
import { openLogin, submitButton } from './login-helpers.ts';
import { open as openOneClick } from './one-click-helpers.ts';
import { signupUrl } from './signup-helpers.ts';

const DIST = new URL('../../dist/', import.meta.url).pathname;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? htmlFiles(join(dir, entry.name))
      : entry.name.endsWith('.html')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The relative luminance (WCAG) of a computed `rgb()` colour. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The page's own colours as drawn: the canvas, the card, the text, and the color-scheme. */
const colours = (page: Page) =>
  page.evaluate(() => {
    const style = (selector: string) => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`no ${selector}`);
      return getComputedStyle(el);
    };
    return {
      canvas: style('html').backgroundColor,
      card: style('main .card, main section').backgroundColor,
      text: style('h1').color,
      scheme: style('html').colorScheme,
    };
  });

test('every built page carries the dark theme in its head, and no style sheet to wait for', () => {
  const pages = htmlFiles(DIST);
  expect(pages.length).toBeGreaterThan(20);
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    const head = html.slice(0, html.indexOf('<body'));
    expect(head, file).toContain('color-scheme:light dark');
    expect(head, file).toMatch(/@media \(prefers-color-scheme:dark\)\{:root\{--brand-strong:/);
    expect(html, file).not.toMatch(/<link[^>]+rel="stylesheet"/);
  }
});

test.describe('without a script', () => {
  test.use({ javaScriptEnabled: false });

  for (const scheme of ['dark', 'light'] as const) {
    test(`${scheme}: the page is ${scheme} as it is parsed, its controls too`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/login');
      const drawn = await colours(page);
      expect(drawn.scheme).toBe('light dark');
      if (scheme === 'dark') {
        expect(luminance(drawn.canvas)).toBeLessThan(0.02);
        expect(luminance(drawn.card)).toBeLessThan(0.03);
        expect(luminance(drawn.text)).toBeGreaterThan(0.7);
      } else {
        expect(luminance(drawn.canvas)).toBeGreaterThan(0.85);
        expect(luminance(drawn.text)).toBeLessThan(0.05);
      }
      // Native controls take the scheme: a text field's own colours are the page's.
      const field = await page
        .locator('input[type=tel]')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(field).toBe(drawn.card);
    });
  }
});

/**
 * What the tour does not walk in the dark in English and Arabic: the link pages' outcomes, the
 * shell's own screens, and the first view of each island page (the tour walks every island view
 * in the dark in French and Urdu).
 */
const PAGES: {
  name: string;
  open: (page: Page, locale: Locale) => Promise<void>;
  userAgent?: string;
}[] = [
  {
    name: 'login: the phone form, then in error',
    open: async (page, locale) => {
      await openLogin(page, locale);
      await expectAccessible(page, `login ${locale} dark`);
      await page.locator('input[type=tel]').fill('12');
      await submitButton(page).click();
      await expect(page.locator('.field-error')).toBeVisible();
    },
  },
  {
    name: 'sign-up: the first view',
    open: async (page, locale) => {
      await page.goto(signupUrl(locale, { clientId: 'sandbox-web' }));
      await expect(page.locator('input[type=tel]')).toBeVisible();
    },
  },
  {
    name: 'one-click: the phone form',
    open: async (page, locale) => {
      await openOneClick(page, locale);
    },
  },
  {
    name: 'e-mail link: confirm, then verified',
    open: async (page, locale) => {
      await page.goto(`/email/ev-valid/verify?lang=${locale}`);
      await expect(page.locator('[data-view="confirm"] [data-confirm]')).toBeEnabled();
      await expectAccessible(page, `e-mail confirm ${locale} dark`);
      await gotoLink(page, `/email/ev-valid/verify?lang=${locale}`);
      await expect(page.locator('[data-view="verified"]')).toBeVisible();
    },
  },
  {
    name: 'e-mail link: expired',
    open: (page, locale) => gotoLink(page, `/email/ev-expired/verify?lang=${locale}`),
  },
  {
    name: 'corporate invitation',
    open: (page, locale) =>
      gotoLink(page, localizedPath(locale, '/corporate/invitation/corp-valid')),
  },
  {
    name: 'profile confirmation',
    open: (page, locale) =>
      gotoLink(page, localizedPath(locale, '/profile/update/confirm/profile-valid')),
  },
  {
    name: 'security alert',
    open: (page, locale) => gotoLink(page, localizedPath(locale, '/alerts/alert-login')),
  },
  {
    // On a computer: a phone leaves for its app store.
    name: 'sign-in link',
    open: (page, locale) => gotoLink(page, localizedPath(locale, '/signin/sbx-123')),
    userAgent: UA.desktop,
  },
  {
    name: 'invalid session (404)',
    open: async (page, locale) => {
      // It leaves for the login after a while, as the expired session's page does.
      await holdLoginRedirect(page);
      const response = await page.goto(localizedPath(locale, '/no-such-page'));
      expect(response?.status()).toBe(404);
    },
  },
  {
    name: 'session expired',
    open: async (page, locale) => {
      await holdLoginRedirect(page);
      await page.goto(localizedPath(locale, '/session_unknown'));
    },
  },
];

for (const locale of ['en', 'ar'] as const) {
  test.describe(`${locale}: dark`, () => {
    test.use({ colorScheme: 'dark' });

    for (const { name, open, userAgent } of PAGES) {
      test.describe(() => {
        if (userAgent) test.use({ userAgent });
        test(`${name}: dark, and axe passes`, async ({ page }) => {
          await open(page, locale);
          await page.waitForLoadState('networkidle');
          const drawn = await colours(page);
          expect(luminance(drawn.canvas)).toBeLessThan(0.02);
          expect(luminance(drawn.text)).toBeGreaterThan(0.7);
          await expectAccessible(page, `${name} ${locale} dark`);
        });
      });
    }
  });
}
