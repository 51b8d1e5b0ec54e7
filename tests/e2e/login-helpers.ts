/** Page helpers for the login specs: language-independent (views are found by `data-view`). */
import { createHash } from 'node:crypto';
import type { Locator, Page, Request } from '@playwright/test';
import { beginSignIn, csrfOf } from './identity-helpers.ts';
import {
  catalogMessage,
  expect,
  expectAccessible,
  hurryTimers,
  expectNoRawKeys,
  localizedPath,
  openHydrated,
  type Locale,
} from './fixtures.ts';

export const PASSWORD = 'Sandbox-Pass1';

/**
 * The identity API's range answer lists `password` as breached on this page: the sandbox's corpus
 * has only Sandbox-Breached1, which no persona signs in with.
 */
export async function breachPassword(page: Page, password = PASSWORD): Promise<void> {
  const hash = createHash('sha1').update(password).digest('hex').toUpperCase();
  await page.route(`**/passwords/range/${hash.slice(0, 5)}`, (route) =>
    route.fulfill({ contentType: 'text/plain', body: `${hash.slice(5)}:42\r\n` }),
  );
}
export const PERSONA_CODE = '123456';

/** `+9715000000NN` as typed in the national field with country AE. */
export const national = (nn: string) => `5000000${nn}`;
export const e164 = (nn: string) => `+9715000000${nn}`;

export function loginPath(locale: Locale, query = ''): string {
  return `${localizedPath(locale, '/login')}${query ? `?${query}` : ''}`;
}

export const view = (page: Page) => page.locator('section.login');

/** Waits for a view, then checks it with axe and for untranslated keys. */
export async function expectView(page: Page, name: string, check = true): Promise<void> {
  await expect(view(page)).toHaveAttribute('data-view', name);
  if (check) {
    await expectNoRawKeys(page);
    await expectAccessible(page, name);
  }
}

/**
 * For a query of the demo client (`clientId=sandbox-web`): the demo app's sign-in in `locale`, up
 * to the login page the identity service opens, and `query`'s presets with that interaction's
 * csrf (a `csrf` of `query` is replaced by it), so that a sign-in finishes at the demo app. Any
 * other query (no client, the dashboard picker's) as it is.
 */
export async function withInteraction(page: Page, locale: Locale, query: string): Promise<string> {
  const params = new URLSearchParams(query);
  if (params.get('clientId') !== 'sandbox-web') return query;
  // prompt=login: the login page even when the browser is signed in already (a second sign-in).
  const login = await beginSignIn(page, `/signin?ui_locales=${locale}&prompt=login`);
  params.delete('csrf');
  return new URLSearchParams([['csrf', csrfOf(login)], ...params]).toString();
}

/** The login page of `query` (through the demo app's sign-in for the demo client), hydrated. */
export async function openLogin(page: Page, locale: Locale, query = 'clientId=sandbox-web') {
  await gotoLogin(page, locale, await withInteraction(page, locale, query));
}

/**
 * The login page of `query` as it is, once its islands have hydrated: the island has read its
 * presets, and a check made next sees what its script drew, not the pre-rendered form (shown once:
 * with the login island's script refused, this failed where the wait for the pre-rendered field
 * passed).
 */
export async function gotoLogin(page: Page, locale: Locale, query: string) {
  await openHydrated(page, loginPath(locale, query));
  await expect(view(page)).toBeVisible();
  // The flags have answered: their layout applies only until the person starts on the page
  // (src/stores/flags.ts), so a test that types at once after `sandbox.flags({ enhancedForm:
  // false })` could keep the enhanced layout (the classic name view's '.login-name' not found).
  await expect(view(page)).toHaveAttribute('data-flags', 'ready');
  // The form shows once hydrated too (its first paint is the pre-rendered one).
  await expect(
    page.locator('input[type=tel], input[type=email], .login-dashboard').first(),
  ).toBeVisible();
}

export async function submitPhone(page: Page, nn: string): Promise<void> {
  await page.locator('input[type=tel]').fill(national(nn));
  await view(page).locator('button[type=submit]').click();
}

export const submitButton = (page: Page) => view(page).locator('button[type=submit]');

/**
 * `target` says exactly the catalog's message `key` (or `[key, params]`) in the page's language:
 * in English also the words written here (which check the catalog itself), and in another
 * language not them.
 */
export async function expectMessage(
  target: Locator,
  locale: Locale,
  key: string | readonly [string, Record<string, string | number>],
  english: string,
): Promise<void> {
  const [name, params] = typeof key === 'string' ? [key, {}] : key;
  await expect(target).toHaveText(catalogMessage(locale, name, params));
  if (locale === 'en') await expect(target).toHaveText(english);
  else await expect(target).not.toHaveText(english);
}

/**
 * The sign-in finished at the app: the login page's hand-off reached the identity service, which
 * sent the browser back to the demo app with a code; the demo app verified the ID token and shows
 * 'Signed in' with its name (and `amr`, how the person signed in, when given). The redirect view
 * counts down from 5 and hands off below 2 on its own timers, run ahead here (hurryTimers: 15 s of
 * the page's time at most, as the real-time wait allowed before), unless `realTime` (a test that
 * reads the navigation timing afterwards, which Playwright's clock hides).
 */
export async function expectSignedIn(
  page: Page,
  name: string,
  { realTime = false, amr }: { realTime?: boolean; amr?: string } = {},
): Promise<void> {
  const handOff = /\/_be\/idp\/login$/;
  let handedOff = false;
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && handOff.test(request.url())) handedOff = true;
  };
  page.on('request', onRequest);
  const signedIn = page.getByRole('heading', { level: 1, name: 'Signed in', exact: true });
  try {
    const redirectView = page.locator('[data-view="redirect_to_idp"]').first();
    await expect
      .poll(
        async () =>
          handedOff ||
          (await redirectView.isVisible().catch(() => false)) ||
          (await signedIn.isVisible().catch(() => false)),
        { timeout: 15_000, intervals: [100] },
      )
      .toBe(true);
    if (!realTime) await hurryTimers(page, () => handedOff);
  } finally {
    page.off('request', onRequest);
  }
  await expect(signedIn).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('body')).toContainText(`You are signed in as ${name}`);
  await expect(page.locator('[data-claim="name"]')).toHaveText(name);
  if (amr) await expect(page.locator('[data-claim="amr"]')).toHaveText(amr);
}

export async function latestCode(
  sandbox: { outbox: (to: string) => Promise<{ code?: string; channel: string }[]> },
  to: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = (await sandbox.outbox(to))[0]?.code;
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

/**
 * The login handed sign-up the number (`national`, as the phone field shows it): in session
 * storage, taken once by sign-up, never in an address (security review M3).
 */
export async function expectSignupWith(page: Page, national: string): Promise<void> {
  await page.waitForURL(/\/signup\//);
  await expect(page.locator('input[type=tel]')).toHaveValue(national);
  expect(new URL(page.url()).searchParams.has('fullMobileNumber')).toBe(false);
  expect(await page.evaluate(() => sessionStorage.getItem('acct:signupHandoff'))).toBeNull();
}
