/**
 * Every language on every device (issues 19 and 33): the language's shipped font draws every
 * Arabic-script letter on a machine with no such system font (this one, and CI): Noto Sans
 * Arabic in ar and ckb, Noto Nastaliq Urdu in ur; the header fits one line from 320 px up, the
 * client's name cut at its own logical end; and at 320 px no Urdu letter, Nastaliq's tall and
 * deep ones included, pokes out of its button, its header item or a box that clips it.
 * `SCREENSHOTS=1` also writes the screenshots of tests/e2e/__screenshots__ (360 px, ur, ckb and
 * ar).
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { arabicScriptCharacters, fontCodePoints } from './font-coverage.ts';
import { expect, localizedPath, test, type Locale } from './fixtures.ts';
import { expectView, openLogin, submitButton, submitPhone } from './login-helpers.ts';
import { oneClickUrl } from './one-click-helpers.ts';
import { gotoLink } from './links-helpers.ts';

const ASSETS = new URL('../../dist/_astro/', import.meta.url).pathname;
/** A shipped font: its family, the start of its built files' names, the letters each draws. */
function shipped(family: string, file: string) {
  const files = readdirSync(ASSETS).filter((name) => name.startsWith(file));
  if (files.length === 0) throw new Error(`no ${file} font in dist/_astro`);
  return { family, file, letters: files.map((name) => fontCodePoints(join(ASSETS, name))) };
}
const SANS = shipped('Noto Sans Arabic', 'noto-sans-arabic-');
const FONTS = {
  ar: SANS,
  ckb: SANS,
  ur: shipped('Noto Nastaliq Urdu', 'noto-nastaliq-urdu-urdu-'),
};
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
    const font = FONTS[locale];
    for (const view of VIEWS) {
      test(`${locale} ${view.name}`, async ({ page }) => {
        await page.setViewportSize({ width: 360, height: 780 });
        await view.open(page, locale);

        // The font file has a glyph for every Arabic-script character on the page.
        const text = await page.evaluate(() => document.body.innerText);
        const letters = arabicScriptCharacters(text);
        expect(letters.size).toBeGreaterThan(10);
        for (const points of font.letters) {
          const missing = [...letters].filter((c) => !points.has(c.codePointAt(0) ?? 0));
          expect(missing, 'letters the shipped font lacks').toEqual([]);
        }

        // And the browser drew each element's Arabic-script text with it (not a system font,
        // not the other shipped font, not an empty box): this fails when the @font-face or the
        // font stack is removed.
        const drawn = await fontsOfArabicText(page);
        expect(drawn.length).toBeGreaterThan(3);
        const notShipped = drawn.filter(({ fonts }) => !fonts.includes(`${font.family} (shipped)`));
        expect(notShipped, `Arabic-script text drawn without ${font.family}`).toEqual([]);

        // The files came from this origin (font-src 'self'), not from an installed copy, and
        // they are this language's font only.
        const loaded = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((url) => url.pathname.endsWith('.woff2'))
            .map((url) => ({
              here: url.origin === location.origin,
              file: url.pathname.split('/').pop() ?? '',
            })),
        );
        expect(loaded.length).toBeGreaterThan(0);
        for (const { here, file } of loaded) {
          expect(here, file).toBe(true);
          expect(file.startsWith(font.file), file).toBe(true);
        }
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

/**
 * The boxes whose edge a letter must stay inside, when the edge is drawn (a border or a
 * background): controls, the header's items, the help ring.
 */
const EDGES = 'button, summary, select, .button, .phone-country, .help-icon, .language-picker a';

/**
 * The Arabic-script text whose letters poke out of a box around them: for each visible element's
 * own text, its ink (the tallest and the deepest of its letters as the canvas measures them, in
 * the element's font, above the first line's baseline and below the last line's, which two
 * zero-height probes give) against every box around it that clips (at its padding edge) or that
 * is one of EDGES with a drawn edge (at its border edge). Nastaliq climbs and hangs well beyond
 * its line box.
 */
async function lettersOutside(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate((edges) => {
    const canvas = document.createElement('canvas').getContext('2d');
    if (!canvas) throw new Error('no canvas');
    const outside: { text: string; box: string; above: number; below: number }[] = [];
    let measured = 0;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const texts = [...el.childNodes].filter(
        (n): n is Text => n instanceof Text && /\p{Script=Arabic}/u.test(n.data),
      );
      const visible = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      if (texts.length === 0 || !visible || el.getBoundingClientRect().width <= 1) continue;
      const style = getComputedStyle(el);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      canvas.direction = style.direction === 'rtl' ? 'rtl' : 'ltr';
      for (const text of texts) {
        const ink = canvas.measureText(text.data.trim());
        const [wrap, first, last] = ['span', 'span', 'span'].map((tag) =>
          document.createElement(tag),
        ) as [HTMLElement, HTMLElement, HTMLElement];
        first.style.cssText = last.style.cssText = 'display:inline-block;width:0;height:0';
        text.before(wrap);
        wrap.append(first, text, last);
        const top = first.getBoundingClientRect().bottom - ink.actualBoundingBoxAscent;
        const bottom = last.getBoundingClientRect().bottom + ink.actualBoundingBoxDescent;
        wrap.replaceWith(text);
        measured += 1;
        for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
          const s = getComputedStyle(box);
          const clips = s.overflowX !== 'visible' || s.overflowY !== 'visible';
          const none = 'rgba(0, 0, 0, 0)';
          const drawn =
            s.backgroundColor !== none ||
            (parseFloat(s.borderTopWidth) > 0 && s.borderTopColor !== none);
          if (!clips && !(drawn && box.matches(edges))) continue;
          const r = box.getBoundingClientRect();
          const edgeTop = r.top + (clips ? parseFloat(s.borderTopWidth) : 0);
          const edgeBottom = r.bottom - (clips ? parseFloat(s.borderBottomWidth) : 0);
          const above = Math.round(edgeTop - top);
          const below = Math.round(bottom - edgeBottom);
          if (above > 0 || below > 0) {
            outside.push({ text: text.data.trim().slice(0, 30), box: box.className, above, below });
          }
        }
      }
    }
    return { measured, outside };
  }, EDGES);
}

test.describe('Urdu at 320 px: every letter inside its box', () => {
  test.beforeEach(({ page }) => page.setViewportSize({ width: 320, height: 700 }));

  for (const view of VIEWS) {
    test(view.name, async ({ page }) => {
      await view.open(page, 'ur');
      const { measured, outside } = await lettersOutside(page);
      expect(measured).toBeGreaterThan(3);
      expect(outside).toEqual([]);
    });
  }

  test('the header, its menus, and the phone field in error', async ({ page }) => {
    await openLogin(page, 'ur', `clientId=sandbox-web&acr_values=${ACR}`);
    await expect(page.locator('.close-menu > button')).toBeVisible();
    const layout = await headerLayout(page);
    for (const item of layout.lines) expect(item.lines, item.item).toBeLessThanOrEqual(1);
    expect(layout.overflow).toBeLessThanOrEqual(0);

    await page.locator('.language-picker summary').click();
    await expect(page.locator('.language-picker ul')).toBeVisible();
    expect((await lettersOutside(page)).outside).toEqual([]);
    await page.locator('.language-picker summary').click();

    await page.locator('.close-menu > button').click();
    await expect(page.locator('.close-menu-list')).toBeVisible();
    expect((await lettersOutside(page)).outside).toEqual([]);
    await page.locator('.close-menu > button').click();
    await expect(page.locator('.close-menu-list')).toBeHidden();

    await page.locator('input[type=tel]').fill('12');
    await submitButton(page).click();
    await expect(page.locator('.field-error')).toBeVisible();
    await expect(page.locator('.input-addon')).toBeVisible();
    const { measured, outside } = await lettersOutside(page);
    expect(measured).toBeGreaterThan(3);
    expect(outside).toEqual([]);
  });

  test('the check sees a letter cut: buttons one Naskh line tall', async ({ page }) => {
    await openLogin(page, 'ur');
    await page.locator('.button').evaluateAll((buttons: HTMLElement[]) => {
      for (const button of buttons) {
        Object.assign(button.style, { lineHeight: '1.5', minBlockSize: '0', paddingBlock: '0' });
      }
    });
    const { outside } = await lettersOutside(page);
    expect(outside.filter(({ box }) => box.includes('button')).length).toBeGreaterThan(0);
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
