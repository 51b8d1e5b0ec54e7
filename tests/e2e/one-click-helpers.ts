/** Helpers of the one-click specs (one-click.spec.ts and its views tour): language-independent. */
import type { Page, Response } from '@playwright/test';
import {
  catalogT,
  expect,
  hurryTimers,
  idleLoaded,
  localizedPath,
  pendingScripts,
  type Locale,
  type Sandbox,
} from './fixtures.ts';

export const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

export const ACR = {
  cashback:
    'merchant:Cafe%20Sandbox invoice_id:INV-7 promoValue:10 promoType:% promoOutcome:CASHBACK',
  discount: 'merchant:Blue%20Shoes invoice_id:INV-8 promoValue:30',
  none: 'merchant:Book%20Nook invoice_id:INV-9',
} as const;

/** The page's own words, from the catalogs, through the product's t(). */
export function catalogs(locale: Locale) {
  return catalogT(locale, ['common', 'fields', 'one_click', 'redirect', 'spring_security_error']);
}

/** The page's address: its csrf `csrf-oc-1` unless `extra` brings one (a real interaction's). */
export function oneClickUrl(locale: Locale, acr: string = ACR.cashback, extra = ''): string {
  const csrf = extra.includes('csrf=') ? '' : 'csrf=csrf-oc-1&';
  return `${localizedPath(locale, '/login/one-click')}?${csrf}acr_values=${encodeURIComponent(acr)}${extra}`;
}

/** Opens the page and waits for its phone form to be ready; returns the flow's section. */
export async function open(page: Page, locale: Locale, acr?: string, extra?: string) {
  await page.goto(oneClickUrl(locale, acr, extra));
  const section = page.locator('section.one-click');
  await expect(section).toHaveAttribute('data-view', 'phone_form');
  await expect(section).not.toHaveAttribute('aria-busy', 'true');
  return section;
}

/**
 * Stops the page's clock (in the page's own time: it may run ahead of the test's). The page's time
 * runs on while the call reaches it, so on a loaded machine the aim may have passed: aim again.
 */
export async function pause(page: Page) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
}

/**
 * Opens the page on Playwright's clock and stops it (`pause`) once the page has loaded what it
 * loads when idle (the views after the phone form). Stopped before that, the push view would never
 * show: its module arrives after the flow opens it, and React reveals a view that waited on a
 * timer (a Suspense fallback stays at least 300 ms), which a stopped clock never runs.
 */
export async function openStopped(page: Page, locale: Locale) {
  await page.clock.install();
  const scripts = pendingScripts(page);
  const section = await open(page, locale);
  await idleLoaded(page, scripts);
  await pause(page);
  return section;
}

/**
 * Runs the page's polls of its push ahead (hurryTimers) until one of them reads a decision: the
 * sandbox decides in real time (the 'phone' of +971500000011 and 12 three seconds after the push,
 * the control API when the test calls it), while the page polls at 1 s, 2 s, then every 5 s of its
 * own time. At most 60 s of the page's time: past that, the test's own waits go on in real time.
 */
export async function hurryPolls(page: Page): Promise<void> {
  let decided = false;
  const onResponse = (response: Response) => {
    if (!/\/approve-request\/[^/]+\/verify$/.test(new URL(response.url()).pathname)) return;
    response.json().then(
      (body: { data?: { status?: string } }) => {
        if (body.data?.status !== undefined && body.data.status !== 'pending') decided = true;
      },
      () => undefined,
    );
  };
  page.on('response', onResponse);
  try {
    await hurryTimers(page, () => decided, 60);
  } finally {
    page.off('response', onResponse);
  }
}

export async function submitPhone(page: Page, locale: Locale, nn: string) {
  await page.locator('input[type=tel]').fill(`5000000${nn}`);
  await page
    .getByRole('button', { name: catalogs(locale)('one_click:phone.continue'), exact: true })
    .click();
}

/** The newest push sent to +9715000000nn that is not one of `seen`. */
export async function newPush(sandbox: Sandbox, nn: string, seen: string[] = []): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const items = await sandbox.outbox(`+9715000000${nn}`);
      id = items.find((item) => item.channel === 'push')?.requestId;
      return id !== undefined && !seen.includes(id);
    })
    .toBe(true);
  return id ?? '';
}

export async function pushCount(sandbox: Sandbox, nn: string): Promise<number> {
  return (await sandbox.outbox(`+9715000000${nn}`)).filter((item) => item.channel === 'push')
    .length;
}

/** The number challenge of a push, from the sandbox outbox. */
export async function pushNumber(sandbox: Sandbox, nn: string, id: string): Promise<string> {
  const items = await sandbox.outbox(`+9715000000${nn}`);
  const number = items.find((item) => item.requestId === id)?.number;
  expect(number).toMatch(/^\d{2}$/);
  return number ?? '';
}
