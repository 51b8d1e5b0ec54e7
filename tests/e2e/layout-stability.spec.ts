/**
 * Nothing on a first view moves once it is painted (issue 20: CLS 0): not the island taking over
 * the pre-rendered form, not the flags' answer (the pages are pre-rendered in the layout the flag
 * service answers), not the country the phone field starts in (+1 is as wide as +971). (The
 * passkey button, which appears once its code has loaded, comes last in the form; here its
 * arrival moved nothing even where it came first: Lighthouse's run is what showed it.) The
 * scripts are slowed so that the pre-rendered page is painted first; the web fonts are left out,
 * whose swap on a phone without them is another matter. Shifts until the first frame painted
 * with the whole document parsed are left out too: a browser short of time may paint a
 * half-parsed page (a header without its end, a button without its text), whose rest then
 * pushes what it painted, which no page of ours can prevent. Shifts from an island's hydration
 * on are always counted, even when it comes that early.
 */
import type { Page } from '@playwright/test';
import {
  FLOW_LOCALES,
  expect,
  localizedPath,
  openHydrated,
  slowScripts,
  test,
} from './fixtures.ts';

interface Shift {
  at: number;
  value: number;
  nodes: string[];
}

async function recordShifts(page: Page): Promise<void> {
  // Lighthouse's phone: four times slower than this machine.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // A phone's scroll bars overlay the page: a desktop one, gone when the page gets shorter, would
  // widen the page under the header (its language name shows from 25rem).
  await cdp.send('Emulation.setScrollbarsHidden', { hidden: true });
  await page.route(/\.woff2$/, (route) => route.abort());
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    Object.assign(window, { __shifts: shifts, __parsedFrame: Infinity });
    // From when the first frame after parsing ended (readyState 'interactive', before the
    // deferred scripts run) is painted, and the next one (a shift's time is when its frame is
    // presented, later than that frame's requestAnimationFrame); or from the first island's
    // hydration (Astro removes its `ssr` mark once React has taken it), whichever comes first:
    // whatever our scripts move is always counted.
    const from = (time: number) => {
      const { __parsedFrame } = window as unknown as { __parsedFrame: number };
      Object.assign(window, { __parsedFrame: Math.min(__parsedFrame, time) });
    };
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      requestAnimationFrame(() =>
        requestAnimationFrame(() => setTimeout(() => from(performance.now()))),
      );
    });
    new MutationObserver((records, observer) => {
      if (!records.some(({ target }) => (target as Element).localName === 'astro-island')) return;
      from(performance.now());
      observer.disconnect();
    }).observe(document, { subtree: true, attributeFilter: ['ssr'] });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node?: Node | null }[];
      })[]) {
        shifts.push({
          at: entry.startTime,
          value: entry.value,
          // What moved, as `tag.class`: enough to find it. The header's end (help link and
          // language picker) is static HTML that no script of ours changes: only the fonts (the
          // picker's name in Arabic script) and the parser move it.
          nodes: entry.sources
            .filter(({ node }) => !(node instanceof Element && node.closest('.header-end')))
            .map(({ node }) =>
              node instanceof Element ? `${node.localName}.${node.classList.value}` : '#text',
            ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts once the parsed document was painted, with the nodes that moved. */
const shifts = (page: Page) =>
  page.evaluate(() => {
    const { __shifts, __parsedFrame } = window as unknown as {
      __shifts: Shift[];
      __parsedFrame: number;
    };
    return __shifts
      .filter((shift) => shift.at >= __parsedFrame && shift.nodes.length > 0)
      .map(({ value, nodes }) => ({ value, nodes }));
  });

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: layout stability`, () => {
    // Lighthouse's phone: what moves below the fold is no shift.
    test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    // The web fonts are refused on purpose (recordShifts): declared to the page guard.
    test.beforeEach(({ pageGuards }) => {
      pageGuards.provokes({ requests: /\.woff2$/ });
    });

    test('login: the island, the flags and the start country move nothing', async ({ page }) => {
      await recordShifts(page);
      await slowScripts(page, 300);
      await openHydrated(page, localizedPath(locale, '/login'));
      await expect(page.locator('.login-passkey button')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await shifts(page)).toEqual([]);
    });

    for (const path of ['/signup/', '/login/one-click', '/recovery?clientId=sandbox-web']) {
      test(`${path}: the pre-rendered view stays where it is`, async ({ page }) => {
        await recordShifts(page);
        await slowScripts(page, 300);
        await openHydrated(page, localizedPath(locale, path));
        await page.waitForLoadState('networkidle');
        expect(await shifts(page)).toEqual([]);
      });
    }
  });
}
