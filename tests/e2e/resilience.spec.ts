/**
 * Resilience on the main flow (phone login), through the sandbox's faults: a 500, a timeout,
 * malformed JSON and a dropped connection each give a translated message and a way to retry
 * without retyping; offline says so; a double submit sends one request; GETs retry.
 */
import type { Page, Request } from '@playwright/test';
import {
  catalogMessage,
  expect,
  expectNoRawKeys,
  FLOW_LOCALES,
  idleLoaded,
  pendingScripts,
  test,
  type Locale,
} from './fixtures.ts';
import { expectView, national, openLogin, submitButton, view } from './login-helpers.ts';
import { open, PASSWORD, signupUrl, translator } from './signup-helpers.ts';

const LOGIN_PATH = '/_be/identity-api/login/phone';

/** Each failure's message: its catalog key, and its English words (which check the catalog). */
const MESSAGES = {
  server: ['error:default', 'Oops, something went wrong. Please try again later.'],
  timeout: ['common:timeout', 'The server is taking too long to answer. Please try again.'],
  network: [
    'common:networkError',
    'We could not reach the server. Check your connection and try again.',
  ],
  offline: [
    'common:offline',
    'You are offline. Check your connection; we will keep what you typed.',
  ],
} as const;
type Message = (typeof MESSAGES)[keyof typeof MESSAGES];

function countLoginPosts(page: Page): () => number {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes(LOGIN_PATH)) posts.push(request);
  });
  return () => posts.length;
}

/** The alert says the message in the page's language (and not in English unless English). */
async function expectSays(page: Page, [key, english]: Message, locale: Locale) {
  const alert = view(page).getByRole('alert');
  await expect(alert).toContainText(catalogMessage(locale, key));
  if (locale === 'en') await expect(alert).toContainText(english);
  else await expect(alert).not.toContainText(english);
}

async function expectRecovered(page: Page, message: Message, locale: Locale) {
  await expectSays(page, message, locale);
  await expectNoRawKeys(page);
  await expect(page.locator('input[type=tel]')).toHaveValue(national('01'));
  await expect(submitButton(page)).toBeEnabled();
  await submitButton(page).click();
  await expectView(page, 'password_form', false);
}

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: failures of the login call`, () => {
    // Each test fails the login call on purpose (a dropped connection, a cut body ...).
    test.beforeEach(({ pageGuards }) => {
      pageGuards.provokes({ requests: new RegExp(`${LOGIN_PATH}$`) });
    });
    const cases = [
      { name: 'a 500', fault: { status: 500 }, message: MESSAGES.server },
      { name: 'malformed JSON', fault: { malformed: true }, message: MESSAGES.network },
      { name: 'a dropped connection', fault: { drop: true }, message: MESSAGES.network },
    ] as const;
    for (const { name, fault, message } of cases) {
      test(`${name}: a translated message, the number kept, retry works`, async ({
        page,
        sandbox,
      }) => {
        await openLogin(page, locale);
        await sandbox.fault({ method: 'POST', path: LOGIN_PATH, times: 1, ...fault });
        await page.locator('input[type=tel]').fill(national('01'));
        await submitButton(page).click();
        await expectRecovered(page, message, locale);
      });
    }

    test('a timeout: the message at the 10 s limit, then retry works', async ({
      page,
      sandbox,
    }) => {
      // The page's clock stands still from the click, then moves by the limit exactly.
      await page.clock.install();
      await openLogin(page, locale);
      await sandbox.fault({ method: 'POST', path: LOGIN_PATH, times: 1, delayMs: 15_000 });
      await page.locator('input[type=tel]').fill(national('01'));
      const posted = page.waitForRequest((request) => request.url().includes(LOGIN_PATH));
      await page.clock.pauseAt(Date.now() + 60_000);
      await submitButton(page).click();
      await posted;
      await page.clock.runFor(9_900);
      await expect(view(page).getByRole('alert')).toHaveCount(0);
      await page.clock.runFor(100);
      await expect(view(page).getByRole('alert')).toBeVisible();
      await page.clock.resume();
      await expectRecovered(page, MESSAGES.timeout, locale);
    });
  });
}

const PHONE_RULES = /\/_astro\/phone-rules\.[\w-]+\.js$/;

/** The phone rules' first load fails (a lost connection, the page being left); the tries so far. */
async function failRulesOnce(page: Page): Promise<() => number> {
  let tries = 0;
  await page.route(PHONE_RULES, (route) =>
    tries++ === 0 ? route.abort('failed') : route.continue(),
  );
  return () => tries;
}

for (const locale of FLOW_LOCALES) {
  // No page error (the page guards fail on an unhandled rejection), and a submit reads them again.
  test.describe(`${locale}: the phone rules fail to load once`, () => {
    test.beforeEach(({ pageGuards }) => {
      pageGuards.provokes({ requests: PHONE_RULES });
    });

    test('login: Continue goes on to the code', async ({ page }) => {
      const tries = await failRulesOnce(page);
      await openLogin(page, locale);
      await expect.poll(tries).toBe(1);
      await page.locator('input[type=tel]').fill(national('02'));
      await submitButton(page).click();
      await expectView(page, 'otp', false);
    });

    test('sign-up: Create account goes on to the code', async ({ page }) => {
      const t = translator(locale);
      const tries = await failRulesOnce(page);
      const f = await open(page, t, signupUrl(locale));
      await expect.poll(tries).toBe(1);
      await f.name.fill('Mona Saeed');
      await f.phone.fill('500000003');
      await f.password.fill(PASSWORD);
      await f.submit.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('login_otp:title'));
    });
  });
}

test.describe('network', () => {
  test('offline: says so at once and keeps the number; back online, the submit works', async ({
    page,
    context,
    pageGuards,
  }) => {
    // Offline on purpose: the back ends' calls made meanwhile fail (the login's, the analytics',
    // the passkey offer's); a module of the page must not (nothing is fetched offline).
    pageGuards.provokes({ requests: /\/_be\// });
    await page.clock.install();
    const scripts = pendingScripts(page);
    await openLogin(page, 'en');
    await page.locator('input[type=tel]').fill(national('01'));
    // Offline once the page's idle code has arrived (`idleLoaded`).
    await idleLoaded(page, scripts);
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    // At once: the page's clock stands still from the click, so no timer (a time limit, a retry)
    // brings the message (shown to fail: a message given only when a 10 s limit ended failed).
    await page.clock.pauseAt(Date.now() + 60_000);
    await submitButton(page).click();
    await expectSays(page, MESSAGES.offline, 'en');
    await expect(page.locator('input[type=tel]')).toHaveValue(national('01'));
    await page.clock.resume();
    await context.setOffline(false);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
    await submitButton(page).click();
    await expectView(page, 'password_form', false);
  });

  test('a double click and Enter-plus-click send one request', async ({ page, sandbox }) => {
    await openLogin(page, 'en');
    const posts = countLoginPosts(page);
    await sandbox.fault({ method: 'POST', path: LOGIN_PATH, times: 1, delayMs: 800 });
    await page.locator('input[type=tel]').fill(national('01'));
    await submitButton(page).dblclick();
    await expectView(page, 'password_form', false);
    expect(posts()).toBe(1);

    await openLogin(page, 'en');
    const more = countLoginPosts(page);
    await sandbox.fault({ method: 'POST', path: LOGIN_PATH, times: 1, delayMs: 800 });
    await page.locator('input[type=tel]').fill(national('01'));
    await page.locator('input[type=tel]').press('Enter');
    await submitButton(page).click({ force: true });
    await expectView(page, 'password_form', false);
    expect(more()).toBe(1);
  });

  test('a read that fails with 503 twice is retried and succeeds on the third try', async ({
    page,
    sandbox,
  }) => {
    await sandbox.fault({
      method: 'GET',
      path: '/_be/identity-api/clients',
      status: 503,
      times: 2,
    });
    const reads: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/clients/api/v3/clients/'))
        reads.push(String(response.status()));
    });
    await openLogin(page, 'en', 'clientId=sandbox-web');
    await expect(page.locator('.brand')).toContainText('Sandbox Web');
    expect(reads).toEqual(['503', '503', '200']);
  });
});
