/**
 * Every language on every device (issue 19): the shipped font draws every Arabic-script letter
 * on a machine with no such system font (this one, and CI), and the header fits one line from
 * 320 px up, the client's name cut at its own logical end. `SCREENSHOTS=1` also writes the
 * screenshots of tests/e2e/__screenshots__ (360 px, ur, ckb and ar).
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { arabicScriptCharacters, fontCodePoints } from './font-coverage.ts';
import { expect, localizedPath, test, type Locale } from './fixtures.ts';
import { expectView, openLogin, submitPhone } from './login-helpers.ts';
import { oneClickUrl } from './one-click-helpers.ts';
import { gotoLink } from './links-helpers.ts';

const FAMILY = 'Noto Sans Arabic';
const require = createRequire(import.meta.url);
const SHIPPED = ['400', '700'].map((weight) =>
  fontCodePoints(
    require.resolve(
      `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff2`,
    ),
  ),
);
const SCREENSHOTS = new URL('./__screenshots__/', import.meta.url).pathname;
const ACR = encodeURIComponent('merchant:Cafe%20Sandbox invoice_id:INV-7');

type View = { name: string; open: (page: Page, locale: Locale) => Promise<void> };

/** The five views of the issue: /login, its code view, /signup/, an e-mail link page, one-click. */
const VIEWS: View[] = [
  { name: 'login', open: (page, locale) => openLogin(page, locale) },
  {
    name: 'code',
    open: async (page, locale) => {
      await openLogin(page, locale);
      await submitPhone(page, '02');
      await expectView(page, 'otp', false);
    },
  },
  {
    name: 'signup',
    open: async (page, locale) => {
      await page.goto(`${localizedPath(locale, '/signup/')}?clientId=sandbox-web`);
      await expect(page.locator('input[type=tel]')).toBeVisible();
    },
  },
  {
    name: 'email-link-confirm',
    open: async (page, locale) => {
      await page.goto(`/email/ev-valid/verify?lang=${locale}`);
      await expect(page.locator('[data-view="confirm"] [data-confirm]')).toBeEnabled();
    },
  },
  {
    name: 'email-link',
    open: async (page, locale) => {
      await gotoLink(page, `/email/ev-valid/verify?lang=${locale}`);
      await expect(page.locator('[data-view="verified"]')).toBeVisible();
    },
  },
  {
    name: 'one-click',
    open: async (page, locale) => {
      await page.goto(oneClickUrl(locale));
      await expect(page.locator('section.one-click input[type=tel]')).toBeVisible();
    },
  },
];

/** The fonts Chromium drew each visible element's own Arabic-script text with (DevTools). */
async function fontsOfArabicText(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('');
      if (/\p{Script=Arabic}/u.test(own) && el.checkVisibility()) el.dataset['glyphCheck'] = '';
    }
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: '[data-glyph-check]',
  });
  const out: { html: string; fonts: string[] }[] = [];
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
    out.push({
      html: outerHTML.slice(0, 120),
      fonts: fonts.map((f) => `${f.familyName}${f.isCustomFont ? ' (shipped)' : ''}`),
    });
  }
  await cdp.detach();
  return out;
}

test.describe('every Arabic-script letter is drawn by the shipped font', () => {
  for (const locale of ['ur', 'ckb', 'ar'] as const) {
    for (const view of VIEWS) {
      test(`${locale} ${view.name}`, async ({ page }) => {
        await page.setViewportSize({ width: 360, height: 780 });
        await view.open(page, locale);

        // The font file has a glyph for every Arabic-script character on the page.
        const text = await page.evaluate(() => document.body.innerText);
        const letters = arabicScriptCharacters(text);
        expect(letters.size).toBeGreaterThan(10);
        for (const points of SHIPPED) {
          const missing = [...letters].filter((c) => !points.has(c.codePointAt(0) ?? 0));
          expect(missing, 'letters the shipped font lacks').toEqual([]);
        }

        // And the browser drew each element's Arabic-script text with it (not a system font,
        // not an empty box): this fails when the @font-face or the font stack is removed.
        const drawn = await fontsOfArabicText(page);
        expect(drawn.length).toBeGreaterThan(3);
        const notShipped = drawn.filter(({ fonts }) => !fonts.includes(`${FAMILY} (shipped)`));
        expect(notShipped, 'Arabic-script text drawn without the shipped font').toEqual([]);

        // The file came from this origin (font-src 'self'), not from an installed copy.
        const loaded = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((url) => url.pathname.endsWith('.woff2'))
            .map((url) => url.origin === location.origin),
        );
        expect(loaded.length).toBeGreaterThan(0);
        expect(loaded.every(Boolean)).toBe(true);
      });
    }
  }

  test('English and French pages never fetch it', async ({ page }) => {
    for (const locale of ['en', 'fr'] as const) {
      await openLogin(page, locale);
      await page.evaluate(() => document.fonts.ready);
      const fonts = await page.evaluate(() =>
        performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.woff2')),
      );
      expect(fonts, locale).toEqual([]);
    }
  });
});

/** Every header item's own text on one line, and every item inside the viewport. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('.site-header');
    if (!header) throw new Error('no header');
    const items = [
      ...header.querySelectorAll<HTMLElement>(
        '.brand-name, .close-menu > button, .help-link, .language-picker > summary',
      ),
    ].filter((el) => el.checkVisibility());
    const lines = items.map((el) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        // Text kept as an accessible name only (clipped to 1 px) is not laid out for reading.
        if (!parent || parent.getBoundingClientRect().width <= 1 || !node.textContent?.trim())
          continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects())
          if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      const box = el.getBoundingClientRect();
      return {
        item: el.className || el.tagName,
        lines: tops.size,
        inside: box.left >= -0.5 && box.right <= innerWidth + 0.5,
      };
    });
    return { lines, overflow: header.scrollWidth - header.clientWidth };
  });
}

/** Where the name's first and last letters are, against the box that cuts it. */
async function nameCut(page: Page) {
  return page.locator('.brand-name').evaluate((el) => {
    const text = el.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error('the name is not plain text');
    const box = el.getBoundingClientRect();
    const letter = (i: number) => {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const r = range.getBoundingClientRect();
      return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
    };
    const length = text.textContent?.length ?? 0;
    return {
      direction: getComputedStyle(el).direction,
      cut: el.scrollWidth > el.clientWidth,
      firstShown: letter(0),
      lastShown: letter(length - 1),
    };
  });
}

test.describe('the header fits one line from 320 px up', () => {
  for (const width of [320, 360, 390]) {
    for (const locale of ['en', 'fr', 'ar', 'ur', 'ckb'] as const) {
      test(`${width} px ${locale}: client name, Close menu, help, languages`, async ({ page }) => {
        await page.setViewportSize({ width, height: 700 });
        await openLogin(page, locale, `clientId=sandbox-web&acr_values=${ACR}`);
        await expect(page.locator('.brand')).toContainText('Sandbox Web');
        await expect(page.locator('.close-menu > button')).toBeVisible();
        await page.evaluate(() => document.fonts.ready);

        const layout = await headerLayout(page);
        expect(layout.lines.length).toBe(4);
        // The name and the language picker show words at every width.
        expect(layout.lines.filter((item) => item.lines === 1).length).toBeGreaterThanOrEqual(1);
        for (const item of layout.lines) {
          expect(item.lines, `${item.item} on one line (none: an icon)`).toBeLessThanOrEqual(1);
          expect(item.inside, `${item.item} inside the screen`).toBe(true);
        }
        expect(layout.overflow).toBeLessThanOrEqual(0);

        // A left-to-right name keeps its direction in a right-to-left page: its start shows,
        // and when it is cut, it is cut at its end.
        const name = await nameCut(page);
        expect(name.direction).toBe('ltr');
        expect(name.firstShown).toBe(true);
        if (name.cut) expect(name.lastShown).toBe(false);
      });
    }

    test(`${width} px: a long name is cut at its logical end in ltr and rtl pages`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 700 });
      for (const locale of ['en', 'ar'] as const) {
        await openLogin(page, locale, `clientId=sandbox-web&acr_values=${ACR}`);
        await expect(page.locator('.brand')).toContainText('Sandbox Web');
        // A name longer than any screen: the same element, the same style, as a client's would be.
        await page.locator('.brand-name').evaluate((el) => {
          el.textContent = 'Sandbox Web Business Portal for Restaurants and Shops';
        });
        const name = await nameCut(page);
        expect(name, locale).toEqual({
          direction: 'ltr',
          cut: true,
          firstShown: true,
          lastShown: false,
        });
        const layout = await headerLayout(page);
        for (const item of layout.lines) expect(item.lines, item.item).toBeLessThanOrEqual(1);
      }
    });
  }

  test('link pages show the product logo and fit at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    for (const locale of ['en', 'ckb'] as const) {
      await page.goto(`/email/ev-valid/verify?lang=${locale}`);
      const logo = page.locator('.brand img.brand-logo');
      await expect(logo).toHaveAttribute('src', '/favicon.svg');
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const layout = await headerLayout(page);
      for (const item of layout.lines) expect(item.lines, item.item).toBeLessThanOrEqual(1);
      expect(layout.overflow).toBeLessThanOrEqual(0);
      // The help centre is an icon on a phone, its words still its accessible name.
      await expect(page.locator('.help-link')).toHaveAccessibleName(/\S/);
    }
  });
});

test.describe('screenshots for review (SCREENSHOTS=1)', () => {
  test.skip(!process.env['SCREENSHOTS'], 'writes tests/e2e/__screenshots__ on demand');
  // One CSS pixel a pixel: files small enough to commit, letters still legible.
  test.use({ deviceScaleFactor: 1 });
  for (const locale of ['ur', 'ckb', 'ar'] as const) {
    test(`${locale} at 360 px`, async ({ page }) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.setViewportSize({ width: 360, height: 780 });
      for (const view of VIEWS) {
        await view.open(page, locale);
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `${SCREENSHOTS}${locale}-${view.name}.png` });
      }
    });
  }
});
