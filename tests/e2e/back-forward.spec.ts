/**
 * Issue 16, item 8: Back from the app after a sign-in, with Chromium's back/forward cache on
 * (Playwright turns it off by default with --disable-back-forward-cache): the page must not stay
 * on its frozen 'Signing you in' screen, whether it comes back from the cache or, never stored
 * (`no-store`, security review L2), from the network (`backNavigation`). For the login, sign-up
 * and one-click checkout, in English and Arabic. Issue 30: the spent csrf is never posted again;
 * signing in again starts again from the app's authorize request.
 */
import type { Page } from '@playwright/test';
import { catalogMessage, expect, FLOW_LOCALES, hurryTimers, test as base } from './fixtures.ts';
import { beginSignIn, csrfOf } from './identity-helpers.ts';
import {
  expectSignedIn,
  expectView,
  gotoLogin,
  PASSWORD,
  submitButton,
  submitPhone,
  withInteraction,
} from './login-helpers.ts';
import {
  ACR,
  DESKTOP_UA,
  hurryPolls,
  open as openOneClick,
  submitPhone as submitOneClick,
} from './one-click-helpers.ts';
import {
  latestCode,
  open as openSignup,
  PASSWORD as SIGNUP_PASSWORD,
  signupUrl,
  translator,
} from './signup-helpers.ts';

/** The same browser as every other test, with the back/forward cache left on. */
const test = base.extend<object, object>({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
    },
    { scope: 'worker' },
  ],
});

/** Records every pageshow of the tab in its session storage (which outlives the reloads). */
async function recordPageShows(page: Page): Promise<void> {
  await page.addInitScript(() => {
    addEventListener('pageshow', (event) => {
      const shows = JSON.parse(sessionStorage.getItem('e2e:pageshows') ?? '[]') as unknown[];
      shows.push({ persisted: event.persisted, path: location.pathname });
      sessionStorage.setItem('e2e:pageshows', JSON.stringify(shows));
    });
  });
}

const pageShows = (page: Page) =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem('e2e:pageshows') ?? '[]') as { persisted: boolean }[],
  );

/**
 * The navigation entry of the page now shown, read through an observer: Playwright's clock (which
 * runs the redirect countdown ahead) replaces `performance`, whose entry lists it leaves empty.
 */
const navigationEntry = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve((list.getEntries()[0]?.toJSON() ?? {}) as Record<string, unknown>);
        }).observe({ type: 'navigation', buffered: true });
      }),
  );

/** How the page now shown was loaded ('navigate', 'reload', 'back_forward'). */
const navigationType = async (page: Page) => (await navigationEntry(page))['type'];

/**
 * BACK: how a page that posted to the identity service comes back. Its address may carry a
 * secret, so it is never stored (`Cache-Control: no-store`, security review L2), which keeps
 * Chromium from putting it into its back/forward cache: Back loads it from the network (a
 * 'back_forward' navigation, no pageshow with persisted). A browser that restores such a page
 * anyway shows it with persisted, and the page then loads itself afresh (a 'reload'). Either way
 * the test then checks the form; a page left on its frozen screen fails both.
 */
async function backNavigation(page: Page): Promise<string> {
  const restored = (await pageShows(page)).some((show) => show.persisted);
  if (!restored) {
    const response = await page.request.get(page.url());
    expect(response.headers()['cache-control']).toBe('no-store');
  }
  return restored ? 'reload' : 'back_forward';
}

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: Back from the identity service`, () => {
    test('Back from the app after a sign-in: a usable login page, loaded afresh; signing in again starts again from the app', async ({
      page,
    }) => {
      await recordPageShows(page);
      const csrfs: (string | null)[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/_be/idp/login')) {
          csrfs.push(new URLSearchParams(request.postData() ?? '').get('_csrf'));
        }
      });
      const query = await withInteraction(page, locale, 'clientId=sandbox-web');
      await gotoLogin(page, locale, query);
      await submitPhone(page, '01');
      await expectView(page, 'password_form', false);
      await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
      await submitButton(page).click();
      await expectSignedIn(page, 'Layla Haddad');
      await page.goBack({ waitUntil: 'commit' });
      await expectView(page, 'phone_form', false);
      // The form, not the frozen 'Signing you in' screen, loaded afresh either way (see BACK).
      expect(await navigationType(page)).toBe(await backNavigation(page));
      await expect(page.locator('input[type=tel]')).toBeEditable();
      // Signing in again: the csrf was spent by the first hand-off (its interaction is over), so
      // nothing is posted; the page says to start again from the app, whose authorize request
      // finds the person signed in.
      await submitPhone(page, '01');
      await expectView(page, 'password_form', false);
      await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
      await submitButton(page).click();
      const back = page.getByRole('link', {
        name: catalogMessage(locale, 'login:idpError.backTo', { client: 'Sandbox Web' }),
      });
      await hurryTimers(page, () => page.url().includes('error=session_expired'));
      await expect(back).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('alert')).toHaveText(
        catalogMessage(locale, 'login:idpError.session_expired'),
      );
      await back.click();
      await expectSignedIn(page, 'Layla Haddad', { amr: 'pwd' });
      expect(csrfs).toEqual([new URLSearchParams(query).get('csrf')]);
    });

    test('Back to sign-up after registering: a usable form again', async ({ page, sandbox }) => {
      await recordPageShows(page);
      const t = translator(locale);
      const csrf = csrfOf(await beginSignIn(page, `/signin?ui_locales=${locale}`));
      const f = await openSignup(page, t, signupUrl(locale, { clientId: 'sandbox-web', csrf }));
      await f.name.fill('Back Again');
      await f.phone.fill('500000003');
      await f.password.fill(SIGNUP_PASSWORD);
      await f.submit.click();
      await page.getByLabel(t('fields:otp.label')).fill(await latestCode(sandbox, '+971500000003'));
      // The redirect view's countdown runs ahead until its hand-off leaves for the service.
      let handedOff = false;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && /\/_be\/idp\/login$/.test(request.url())) {
          handedOff = true;
        }
      });
      await page.getByRole('button', { name: t('login_otp:submit') }).click();
      await hurryTimers(page, () => handedOff);
      await expectSignedIn(page, 'Back Again', { amr: 'otp' });
      await page.goBack({ waitUntil: 'commit' });
      await expect(page.locator('section.signup')).toHaveAttribute('data-flags', 'ready');
      // Chromium keeps this page out of its cache while the code step's WebOTP request is armed
      // (notRestoredReasons: otpcredential), so Back may load it afresh instead: either way, the
      // form must be usable. Which one happened is noted on the test.
      const restored = (await pageShows(page)).some((show) => show.persisted);
      const reasons = JSON.stringify((await navigationEntry(page))['notRestoredReasons'] ?? null);
      test.info().annotations.push({
        type: 'back-forward cache',
        description: restored ? 'restored from the cache' : `loaded afresh: ${reasons}`,
      });
      await expect(f.name).toBeEditable();
      await expect(f.submit).toBeVisible();
    });

    test.describe('on a computer', () => {
      test.use({ userAgent: DESKTOP_UA });

      test('Back to one-click checkout after the hand-off: a usable phone form, loaded afresh, nothing posted again', async ({
        page,
      }) => {
        test.slow();
        await recordPageShows(page);
        const posts: string[] = [];
        page.on('request', (request) => {
          const path = new URL(request.url()).pathname;
          if (request.method() === 'POST' && !path.includes('/analytics/')) posts.push(path);
        });
        // A sign-in the demo app started (its interaction's csrf), finished by one-click.
        const csrf = csrfOf(await beginSignIn(page, `/signin?ui_locales=${locale}`));
        await openOneClick(page, locale, ACR.cashback, `&clientId=sandbox-web&csrf=${csrf}`);
        // +971500000011: the sandbox 'phone' approves the push after 3 s (the page's polls run
        // ahead until one finds it); the proof token then goes to the identity service, which
        // signs the shopper in.
        await submitOneClick(page, locale, '11');
        await expect(page.locator('section.one-click')).toHaveAttribute(
          'data-view',
          'push_notification',
        );
        await hurryPolls(page);
        await expectSignedIn(page, 'Fatima Noor', { amr: 'swk' });
        expect(posts.map((path) => path.replace(/\/apr[^/]+\//, '/{id}/'))).toEqual([
          '/_be/identity-api/one-click/login',
          '/_be/identity-api/login/approve-request/{id}/proof',
          '/_be/idp/login',
        ]);

        await page.goBack({ waitUntil: 'commit' });
        const section = page.locator('section.one-click');
        await expect(section).toHaveAttribute('data-view', 'phone_form');
        await expect(section).not.toHaveAttribute('aria-busy', 'true');
        // The phone form, not the 'Signing you in' screen, loaded afresh either way (see BACK).
        expect(await navigationType(page)).toBe(await backNavigation(page));
        await expect(page.locator('input[type=tel]')).toBeEditable();
        await expect(page.locator('[data-view="redirect_to_idp"]')).toHaveCount(0);
        // The merchant's checkout is still the page's (its address kept it), and nothing was
        // posted again: no login, no proof, no hand-off.
        await expect(section.locator('.one-click-merchant-name')).toHaveText('Cafe Sandbox');
        expect(posts).toHaveLength(3);
      });
    });
  });
}
