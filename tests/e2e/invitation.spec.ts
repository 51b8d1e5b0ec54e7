/**
 * /invitation/{token}: every invitation token of the sandbox contract, with and without the
 * server-to-server roles flag, sign-in and back, 'Not now', and every state (loading, ready,
 * submitting, redirect, errors, sign-in) checked with axe, in en and ar.
 */
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  FLOW_LOCALES,
  holdRequests,
  localizedPath,
  test,
} from './fixtures.ts';
import {
  addressesAtCalls,
  answerLoginRequired,
  openSignedIn,
  beginSignIn,
  finishSignInInPage,
  LAYLA,
  leaksOf,
  message,
  recordRequests,
  signIn,
  stayOnLeavingView,
  csrfOf,
  waitForLogin,
  watchAddressAtEveryCall,
} from './identity-helpers.ts';
import type { Page } from '@playwright/test';
import { BUSINESS_WEB_APP_LOGIN } from '../../src/site-config.ts';

const BUSINESS_APP = BUSINESS_WEB_APP_LOGIN.production;

/** Answers the navigation to the business web app (an outside host) with a stub page. */
async function stubBusinessApp(page: Page): Promise<void> {
  await page.route(`${new URL(BUSINESS_APP).origin}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Business</title>' }),
  );
}

const ERROR_TOKENS = [
  ['inv-expired', 'expired'],
  ['inv-used', 'alreadyUsed'],
  ['inv-inactive', 'inactivated'],
  ['inv-revoked', 'revoked'],
  ['inv-cancelled', 'cancelled'],
  ['inv-rejected', 'rejected'],
  ['inv-badshape', 'badShape'],
  ['inv-unknown', 'invalid'],
  ['inv-notfound', 'notFound'],
  ['inv-unauthorized', 'unauthorized'],
  ['inv-motfail', 'motFailed'],
] as const;

for (const locale of FLOW_LOCALES) {
  const m = (key: string, params?: Record<string, string>) => message(locale, key, params);
  const pathOf = (token: string) => localizedPath(locale, `/invitation/${token}`);

  test.describe(`business invitation (${locale})`, () => {
    test('inv-valid: greets the invitee, accepts, assigns the role, goes to the business app', async ({
      page,
    }) => {
      await signIn(page);
      const leaving = await stayOnLeavingView(page, `${new URL(BUSINESS_APP).origin}/**`);
      await page.goto(pathOf('inv-valid'));
      await expect(
        page.getByRole('heading', { level: 1, name: m('invitation:title') }),
      ).toBeFocused();
      await expect(page.locator('.invitation-greeting')).toHaveText(
        m('invitation:greeting', { name: LAYLA.givenName }),
      );
      const phone = page.locator('.invitation-phone bdi');
      await expect(phone).toHaveText(LAYLA.phone);
      await expect(phone).toHaveAttribute('dir', 'ltr');
      await expectAccessible(page, `ready ${locale}`);
      await expectNoRawKeys(page);

      const processCall = page.waitForRequest(
        (r) =>
          r.method() === 'PATCH' &&
          r.url().endsWith('/_be/business/api/business/v1/invites/process'),
      );
      const motCall = page.waitForRequest(
        (r) =>
          r.method() === 'POST' &&
          r.url().endsWith('/_be/business/api/mot_auth/invitation/inv-valid'),
      );
      await page.getByRole('button', { name: m('invitation:accept') }).click();
      const processed = await processCall;
      expect(processed.postDataJSON()).toEqual({
        code: 'inv-valid',
        phone: LAYLA.phone,
        user_urn: 'urn:customer:sbx-layla',
        status: 'accepted',
      });
      // Both calls carry the invitee's own access token (the business API takes the user from it).
      const bearer = await processed.headerValue('authorization');
      expect(bearer).toMatch(/^Bearer \S{20,}$/);
      expect(await (await motCall).headerValue('authorization')).toBe(bearer);
      await expect(
        page.getByRole('heading', { level: 1, name: m('invitation:acceptedTitle') }),
      ).toBeFocused();
      await expect(page.getByRole('status')).toHaveText(m('invitation:redirecting'));
      expect((await leaving.request).url()).toBe(BUSINESS_APP);
      await expectAccessible(page, `redirect ${locale}`);
      await expect(page.getByRole('link', { name: m('invitation:continue') })).toHaveAttribute(
        'href',
        BUSINESS_APP,
      );
    });

    test('the server-to-server roles flag skips the mot call', async ({ page, sandbox }) => {
      await sandbox.flags({ businessInvitationS2SRoles: true });
      await signIn(page);
      await stubBusinessApp(page);
      let motCalls = 0;
      page.on('request', (r) => {
        if (r.url().includes('/mot_auth/')) motCalls += 1;
      });
      await page.goto(pathOf('inv-valid'));
      await page.getByRole('button', { name: m('invitation:accept') }).click();
      await page.waitForURL(BUSINESS_APP);
      expect(motCalls).toBe(0);
    });

    test('shows a please-wait Accept that cannot be pressed twice', async ({ page }) => {
      await signIn(page);
      const leaving = await stayOnLeavingView(page, `${new URL(BUSINESS_APP).origin}/**`);
      const release = await holdRequests(page, '**/_be/business/api/business/v1/invites/process');
      let processCalls = 0;
      page.on('request', (r) => {
        if (r.url().includes('/invites/process')) processCalls += 1;
      });
      await page.goto(pathOf('inv-valid'));
      const accept = page.getByRole('button', { name: m('invitation:accept') });
      await accept.click();
      const busy = page.getByRole('button', { name: m('invitation:accepting') });
      await expect(busy).toHaveAttribute('aria-busy', 'true');
      await expect(page.getByRole('button', { name: m('invitation:notNow') })).toBeDisabled();
      await busy.click({ force: true });
      await expectAccessible(page, `submitting ${locale}`);
      release();
      await expect(page.getByRole('status')).toHaveText(m('invitation:redirecting'));
      await leaving.request;
      expect(processCalls).toBe(1);
    });

    for (const [token, key] of ERROR_TOKENS) {
      test(`${token}: ${key}`, async ({ page }) => {
        await signIn(page);
        await page.goto(pathOf(token));
        await page.getByRole('button', { name: m('invitation:accept') }).click();
        await expect(
          page.getByRole('heading', { level: 1, name: m('invitation:errorTitle') }),
        ).toBeFocused();
        await expect(page.getByRole('alert')).toHaveText(m(`invitation:error.${key}`));
        if (token === 'inv-notfound') {
          // The user is told which number they logged in with.
          await expect(page.locator('.invitation-phone bdi')).toHaveText(LAYLA.phone);
          if (locale === 'en') {
            await expect(page.getByRole('alert')).toContainText(
              'check the phone number you logged in with',
            );
          }
        }
        await expect(page.getByRole('button', { name: m('invitation:accept') })).toHaveCount(0);
        await expectAccessible(page, `${token} ${locale}`);
        await expectNoRawKeys(page);
      });
    }

    test('inv-motfail with the flag on: the accept call itself fails the role assignment', async ({
      page,
      sandbox,
    }) => {
      await sandbox.flags({ businessInvitationS2SRoles: true });
      await signIn(page);
      await page.goto(pathOf('inv-motfail'));
      await page.getByRole('button', { name: m('invitation:accept') }).click();
      await expect(page.getByRole('alert')).toHaveText(m('invitation:error.motFailed'));
    });

    test('an unknown failure can be tried again', async ({ page, sandbox }) => {
      await signIn(page);
      await stubBusinessApp(page);
      await page.goto(pathOf('inv-valid'));
      await sandbox.fault({
        method: 'PATCH',
        path: '/_be/business/api/business/v1/invites/process',
        status: 500,
        times: 1,
      });
      const accept = page.getByRole('button', { name: m('invitation:accept') });
      await accept.click();
      await expect(page.getByRole('alert')).toHaveText(m('invitation:error.unknown'));
      await expect(accept).toBeVisible();
      await expectAccessible(page, `retryable error ${locale}`);
      await accept.click();
      await page.waitForURL(BUSINESS_APP);
    });

    test("'Not now' logs out and goes to the login page", async ({ page }) => {
      await signIn(page);
      await page.goto(pathOf('inv-valid'));
      // First stay on the 'logging you out' view to look at it.
      const leaving = await stayOnLeavingView(page, '/_be/idp/logout**');
      await page.getByRole('button', { name: m('invitation:notNow') }).click();
      await expect(page.getByRole('status')).toHaveText(m('invitation:leaving'));
      const logout = new URL((await leaving.request).url());
      // RP-initiated logout as this front end's client, back to the login page.
      expect(logout.searchParams.get('client_id')).toBe('account-web');
      expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(
        new URL(localizedPath(locale, '/login'), page.url()).href,
      );
      await expectAccessible(page, `leaving ${locale}`);
      await leaving.release();
      await page.goto(logout.href);
      // The identity service asks the person, then ends the session.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === localizedPath(locale, '/login'));
      // Signed out: an app's authorize request asks for the login page again.
      expect((await beginSignIn(page)).pathname).toMatch(/\/login$/);
    });

    test('not signed in: sign in, come back with a token that leaves the address at once', async ({
      page,
    }) => {
      await watchAddressAtEveryCall(page);
      const authorize = page.waitForRequest((r) => r.url().includes('/_be/idp/authorize'));
      // Whatever answers /login must not navigate on its own meanwhile (timers stay still).
      await page.clock.install();
      const login = waitForLogin(page);
      await page.goto(pathOf('inv-valid'));
      const query = new URL((await authorize).url()).searchParams;
      // One registered return address; the invitation's code waits in session storage.
      expect(query.get('redirect_uri')).toBe(
        new URL(localizedPath(locale, '/invitation/_'), page.url()).href,
      );
      expect(query.get('state')).toMatch(/^[\w-]{43}$/);
      const csrf = csrfOf(await login);

      const record = recordRequests(page);
      await finishSignInInPage(page, csrf);
      await page.waitForURL((url) => url.pathname === pathOf('inv-valid'));
      await expect(page.locator('.invitation-greeting')).toHaveText(
        m('invitation:greeting', { name: LAYLA.givenName }),
      );
      expect(new URL(page.url()).hash).toBe('');
      const sent = await record.settled();
      const info = sent.find((r) => r.url.endsWith('/_be/idp/api/profile/userinfo'));
      const bearer = info?.headers['authorization']?.replace('Bearer ', '') ?? '';
      expect(bearer.length).toBeGreaterThan(20);
      expect(leaksOf(sent, bearer, /^\/_be\/idp\/api\/profile\/userinfo$/)).toEqual([]);
      const seen = await addressesAtCalls(page);
      expect(seen.filter((address) => address.includes(bearer))).toEqual([]);
      const stored = await page.evaluate(() =>
        JSON.stringify({ ...sessionStorage, ...localStorage }),
      );
      expect(stored).not.toContain(bearer);
    });

    test('the sign-in redirect view and its loop guard', async ({ page }) => {
      const leaving = await stayOnLeavingView(page, '/_be/idp/authorize**');
      await leaving.open(pathOf('inv-valid'));
      await expect(page.getByRole('status')).toHaveText(m('invitation:signingIn'));
      await expect(
        page.getByRole('link', { name: m('invitation:continueToSignIn') }),
      ).toBeVisible();
      await expectAccessible(page, `signing in ${locale}`);
      expect(new URL((await leaving.request).url()).searchParams.get('code_challenge')).toMatch(
        /^[\w-]{43}$/,
      );
      await leaving.release();

      // Back from the authorize flow and still not signed in (the identity service refused):
      // no loop, the invitation's own address again.
      let authorizeCalls = 0;
      page.on('request', (r) => {
        if (r.url().includes('/_be/idp/authorize')) authorizeCalls += 1;
      });
      await page.goto('about:blank'); // a new document, not a same-page hash change
      await answerLoginRequired(page, pathOf('inv-valid'));
      await expect(
        page.getByRole('heading', { level: 1, name: m('invitation:signInTitle') }),
      ).toBeFocused();
      expect(authorizeCalls).toBe(1);
      await expectAccessible(page, `sign in again ${locale}`);
      const login = waitForLogin(page);
      await page.getByRole('button', { name: m('invitation:signIn') }).click();
      await login;
      expect(authorizeCalls).toBe(2);
    });

    test('loading, then a failed user info read with a retry', async ({ page, sandbox }) => {
      await signIn(page);
      const release = await holdRequests(page, '**/_be/idp/api/profile/userinfo');
      await openSignedIn(page, pathOf('inv-valid'));
      await expect(page.getByRole('status')).toHaveText(m('invitation:loading'));
      await expectAccessible(page, `loading ${locale}`);
      release();
      await expect(page.locator('.invitation-greeting')).toBeVisible();

      await sandbox.fault({ path: '/_be/idp/api/profile/userinfo', status: 500, times: 3 });
      await page.reload();
      await expect(page.getByRole('alert')).toHaveText(m('invitation:loadFailed'), {
        timeout: 10_000,
      });
      await expectAccessible(page, `load failed ${locale}`);
      await page.getByRole('button', { name: m('common:retry') }).click();
      await expect(page.locator('.invitation-greeting')).toBeVisible();
    });

    test('the bare shell path is an invalid invitation', async ({ page }) => {
      await page.goto(localizedPath(locale, '/invitation/_'));
      await expect(page.getByRole('alert')).toHaveText(m('invitation:error.invalid'));
    });

    test('the page sends no Referer and names the business_invitation page in analytics', async ({
      page,
      sandbox,
    }) => {
      await signIn(page);
      const record = recordRequests(page);
      await page.goto(pathOf('inv-expired'));
      await page.getByRole('button', { name: m('invitation:accept') }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      // Leaving the page hands queued events to the browser.
      await page.goto('/_sandbox/openapi.json');
      await expect
        .poll(async () => JSON.stringify(await sandbox.events()))
        .toContain('business_invitation');
      const events = JSON.stringify(await sandbox.events());
      expect(events).toContain('"page":"business_invitation"');
      expect(events).not.toContain('inv-expired');
      expect(events).not.toContain(LAYLA.phone);
      const sent = await record.settled();
      const apiCalls = sent.filter((r) => r.url.includes('/_be/'));
      expect(apiCalls.length).toBeGreaterThan(0);
      for (const call of apiCalls) expect(call.headers['referer']).toBeUndefined();
    });
  });
}
