/**
 * Forced colours (issue 33; Windows' contrast themes, emulated with `forcedColors: 'active'`):
 * the system paints every colour, and nothing may rely on one it drops. Every control keeps a
 * visible edge (the buttons' transparent borders become lines), every focusable element shows
 * its focus ring, and a disabled button says so in GrayText rather than by its opacity alone.
 */
import type { Page } from '@playwright/test';
import { expect, expectViewShown, localizedPath, test } from './fixtures.ts';
import { openLogin, submitButton, submitPhone, view } from './login-helpers.ts';

test.use({ forcedColors: 'active' });

/** What a person operates: buttons, fields, the country picker's box, the menus' openers. */
const CONTROLS =
  'button, .button, input:not([type=checkbox], [type=radio]), .phone-country, summary, dialog';

/** Visible controls whose edge is missing or drawn in a colour that shows nothing. */
const edgeless = (page: Page) =>
  page.evaluate((controls) => {
    const shown = [...document.querySelectorAll<HTMLElement>(controls)].filter(
      (el) =>
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        el.getBoundingClientRect().width > 1,
    );
    const missing = shown
      .filter((el) => {
        const s = getComputedStyle(el);
        const width = parseFloat(s.borderTopWidth) + parseFloat(s.borderBottomWidth);
        const see = (colour: string) => !/^transparent$|rgba\(.*, 0\)$/.test(colour);
        // A text-only button (a link's look: back, change number) is its words.
        const words = el.matches('.login-back, .one-click-change, .menu-item');
        return !words && (width === 0 || !see(s.borderTopColor) || !see(s.color));
      })
      .map((el) => `${el.localName}.${el.className}`);
    return { shown: shown.length, missing };
  }, CONTROLS);

/**
 * Tabs through the page and returns the elements whose focus ring does not show: no outline on
 * the element (nor on the country picker's box, which draws the ring of its hidden select).
 */
async function ringless(page: Page) {
  const seen = new Set<string>();
  const missing: string[] = [];
  // From the page's first stop (the skip link) to its last, as keyboard focus.
  await page.keyboard.press('Shift');
  await page.locator('.skip-link').focus();
  for (let i = 0; i < 40; i += 1) {
    if (i > 0) await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return undefined;
      const ring = el.closest('.phone-country') ?? el;
      const s = getComputedStyle(ring);
      const shows =
        s.outlineStyle !== 'none' &&
        parseFloat(s.outlineWidth) >= 2 &&
        !/^transparent$|rgba\(.*, 0\)$/.test(s.outlineColor);
      return { name: `${el.localName}.${el.className}#${el.id}`, shows };
    });
    if (!focus || seen.has(focus.name)) break;
    seen.add(focus.name);
    if (!focus.shows) missing.push(focus.name);
  }
  return { focused: seen.size, missing };
}

async function expectVisibleControls(page: Page, atLeast: number) {
  await expectViewShown(page);
  const edges = await edgeless(page);
  expect(edges.shown).toBeGreaterThanOrEqual(atLeast);
  expect(edges.missing, 'controls without a visible edge').toEqual([]);
  const rings = await ringless(page);
  expect(rings.focused).toBeGreaterThanOrEqual(atLeast);
  expect(rings.missing, 'focus rings that do not show').toEqual([]);
}

for (const locale of ['en', 'ar'] as const) {
  test.describe(`${locale}: forced colours`, () => {
    test('login: the phone form, in error, its disabled button, the menus', async ({ page }) => {
      await openLogin(page, locale);
      // The empty form's Continue is disabled: GrayText, at full opacity.
      const disabled = await submitButton(page).evaluate((button) => {
        const probe = document.createElement('span');
        probe.style.color = 'GrayText';
        document.body.append(probe);
        const grey = getComputedStyle(probe).color;
        probe.remove();
        const { color, borderTopColor, opacity } = getComputedStyle(button);
        const off =
          (button as HTMLButtonElement).disabled || button.getAttribute('aria-disabled') === 'true';
        return { disabled: off, grey, color, borderTopColor, opacity };
      });
      expect(disabled.disabled).toBe(true);
      expect(disabled.color).toBe(disabled.grey);
      expect(disabled.borderTopColor).toBe(disabled.grey);
      expect(disabled.opacity).toBe('1');
      await expectVisibleControls(page, 5);

      await page.locator('input[type=tel]').fill('12');
      await submitButton(page).click();
      await expect(page.locator('.field-error')).toBeVisible();
      await expectVisibleControls(page, 6);

      await page.locator('.language-picker summary').click();
      await expect(page.locator('.language-picker ul')).toBeVisible();
      expect((await edgeless(page)).missing).toEqual([]);
    });

    test('login: the name confirmation and its dialog', async ({ page }) => {
      await openLogin(page, locale);
      await submitPhone(page, '04');
      await expect(view(page)).toHaveAttribute('data-view', 'name_confirmation');
      await expectVisibleControls(page, 3);
      await view(page).locator('button.button-link').last().click();
      await expect(page.locator('dialog[open]')).toBeVisible();
      const edges = await edgeless(page);
      expect(edges.missing).toEqual([]);
    });

    test('sign-up and an e-mail link page', async ({ page }) => {
      await page.goto(`${localizedPath(locale, '/signup/')}?clientId=sandbox-web`);
      await expect(page.locator('input[type=tel]')).toBeVisible();
      await expectVisibleControls(page, 6);
      await page.goto(`/email/ev-valid/verify?lang=${locale}`);
      await expect(page.locator('[data-view="confirm"] [data-confirm]')).toBeEnabled();
      await expectVisibleControls(page, 2);
    });

    test('the check sees an edge and a ring that do not show', async ({ page }) => {
      await openLogin(page, locale);
      await page
        .locator('.social-button')
        .first()
        .evaluate((button: HTMLElement) => {
          Object.assign(button.style, { forcedColorAdjust: 'none', borderColor: 'transparent' });
        });
      expect((await edgeless(page)).missing).toHaveLength(1);
      await page.locator('input[type=tel]').evaluate((input: HTMLElement) => {
        input.style.outline = 'none';
      });
      expect((await ringless(page)).missing).toEqual([expect.stringMatching(/^input/)]);
    });
  });
}
