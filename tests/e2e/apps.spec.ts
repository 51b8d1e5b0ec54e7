/**
 * /client-management/: every connected-apps token of the sandbox contract (sandbox-access-token,
 * sandbox-empty-token, an invalid one, none), the authorize round trip (code flow with PKCE; a
 * token in the hash only with the page's own state), removal with its confirmation dialog
 * (keyboard only), failures, and the access token's confinement: out of the address bar at once,
 * sent nowhere but the Authorization header of the API.
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
  finishSignInInPage,
  leaksOf,
  message,
  openWithHashToken,
  recordRequests,
  signIn,
  stayOnLeavingView,
  csrfOf,
  waitForLogin,
  watchAddressAtEveryCall,
} from './identity-helpers.ts';

const TOKEN = 'sandbox-access-token';
const API = /^\/_be\/idp\/api\/approved(\/|$)/;

for (const locale of FLOW_LOCALES) {
  const path = localizedPath(locale, '/client-management/');
  const m = (key: string, params?: Record<string, string>) => message(locale, key, params);

  test.describe(`connected apps (${locale})`, () => {
    test('lists the apps of sandbox-access-token; the token leaves the address at once', async ({
      page,
    }) => {
      const record = recordRequests(page);
      await watchAddressAtEveryCall(page);
      await openWithHashToken(page, path, TOKEN);
      await expect(page.getByRole('heading', { level: 1, name: m('apps:title') })).toBeVisible();
      const items = page.locator('.app-item');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText('Sandbox Web');
      await expect(items.nth(1)).toContainText('Sandbox No Logo');
      expect(new URL(page.url()).hash).toBe('');
      expect(page.url()).not.toContain(TOKEN);
      expect(await page.evaluate(() => location.href)).not.toContain(TOKEN);

      // Logo: the real one for sandbox-web, a letter for the app without one.
      await expect
        .poll(() =>
          items
            .nth(0)
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await expect(items.nth(1).locator('img')).toHaveCount(0);
      await expect(items.nth(1).locator('.app-logo-letter')).toHaveText('S');
      await expect(
        page.getByRole('button', { name: m('apps:removeLabel', { name: 'Sandbox Web' }) }),
      ).toBeVisible();

      await expectAccessible(page, `list ${locale}`);
      await expectNoRawKeys(page);

      const sent = await record.settled();
      expect(leaksOf(sent, TOKEN, API)).toEqual([]);
      const listCall = sent.find((r) => new URL(r.url).pathname === '/_be/idp/api/approved');
      expect(listCall?.headers['authorization']).toBe(`Bearer ${TOKEN}`);
      // Nothing in storage either.
      const stored = await page.evaluate(() =>
        JSON.stringify({ ...sessionStorage, ...localStorage, cookie: document.cookie }),
      );
      expect(stored).not.toContain(TOKEN);
      // Every call the page made (fetch, beacon) happened with the token already gone.
      const seen = await addressesAtCalls(page);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((address) => address.includes(TOKEN))).toEqual([]);
    });

    test('says so when there are no apps (sandbox-empty-token)', async ({ page }) => {
      await openWithHashToken(page, path, 'sandbox-empty-token');
      await expect(page.getByText(m('apps:empty'))).toBeVisible();
      await expect(page.locator('.app-item')).toHaveCount(0);
      expect(new URL(page.url()).hash).toBe('');
      await expectAccessible(page, `empty ${locale}`);
    });

    test('a token injected in the hash (no state, or not this page’s) is not used: sign in again', async ({
      page,
    }) => {
      const record = recordRequests(page);
      for (const hash of [
        `access_token=${TOKEN}&token_type=Bearer`,
        `access_token=${TOKEN}&state=client-management`,
      ]) {
        await page.goto('about:blank');
        await page.goto(`${path}#${hash}`);
        await expect(
          page.getByRole('heading', { level: 1, name: m('apps:signInTitle') }),
        ).toBeFocused();
        expect(new URL(page.url()).hash).toBe('');
      }
      const sent = await record.settled();
      expect(sent.filter((r) => API.test(new URL(r.url).pathname))).toEqual([]);
      expect(sent.filter((r) => r.url.includes('/_be/idp/authorize'))).toEqual([]);
    });

    test('no token goes to the authorize flow (code, PKCE, exact return) without calling the API', async ({
      page,
      baseURL,
    }) => {
      const record = recordRequests(page);
      const authorize = page.waitForRequest((r) => r.url().includes('/_be/idp/authorize'));
      const login = waitForLogin(page);
      await page.goto(path);
      const query = new URL((await authorize).url()).searchParams;
      expect(query.get('client_id')).toBe('account-web');
      expect(query.get('response_type')).toBe('code');
      expect(query.get('redirect_uri')).toBe(new URL(path, baseURL).href);
      expect(query.get('code_challenge_method')).toBe('S256');
      expect(query.get('state')).toMatch(/^[\w-]{43}$/);
      expect(query.get('nonce')).toMatch(/^[\w-]{43}$/);
      expect(query.get('ui_locales')).toBe(locale);
      // The login page in the page's language, for this front end's client.
      const loginUrl = new URL((await login).url());
      expect(loginUrl.pathname).toBe(localizedPath(locale, '/login'));
      expect(loginUrl.searchParams.get('clientId')).toBe('account-web');
      const sent = await record.settled();
      expect(sent.some((r) => API.test(new URL(r.url).pathname))).toBe(false);
    });

    test('the view that leaves for sign-in is accessible and has a link', async ({ page }) => {
      const leaving = await stayOnLeavingView(page, '/_be/idp/authorize**');
      await leaving.open(path);
      await expect(page.getByRole('status')).toHaveText(m('apps:redirecting'));
      const target = (await leaving.request).url();
      await expect(page.getByRole('link', { name: m('apps:continueToSignIn') })).toHaveAttribute(
        'href',
        target.slice(new URL(target).origin.length),
      );
      await expectAccessible(page, `redirect ${locale}`);
    });

    test('signed in: the authorize round trip brings a fresh token that lists the apps', async ({
      page,
    }) => {
      await signIn(page);
      const record = recordRequests(page);
      await page.goto(path);
      await expect(page.locator('.app-item')).toHaveCount(2);
      expect(page.url()).toMatch(new RegExp(`${path}$`));
      const sent = await record.settled();
      // The code came back in the query, and went only to the token endpoint with the verifier.
      const token = sent.find((r) => new URL(r.url).pathname === '/_be/idp/token');
      const form = new URLSearchParams(token?.body ?? '');
      expect(form.get('grant_type')).toBe('authorization_code');
      expect(form.get('code_verifier')).toMatch(/^[\w-]{43}$/);
      const call = sent.find((r) => new URL(r.url).pathname === '/_be/idp/api/approved');
      const bearer = call?.headers['authorization']?.replace('Bearer ', '') ?? '';
      expect(bearer.length).toBeGreaterThan(20);
      expect(leaksOf(sent, bearer, API)).toEqual([]);
      expect(JSON.stringify(await page.evaluate(() => ({ ...sessionStorage })))).not.toContain(
        bearer,
      );
    });

    test('not signed in: sign in, then back to the list', async ({ page }) => {
      // Whatever answers /login must not navigate on its own meanwhile (timers stay still).
      await page.clock.install();
      const login = waitForLogin(page);
      await page.goto(path);
      await finishSignInInPage(page, csrfOf(await login));
      await page.waitForURL((url) => url.pathname === path);
      await expect(page.locator('.app-item')).toHaveCount(2);
      expect(new URL(page.url()).hash).toBe('');
    });

    test('back from the authorize flow with a refused token: no loop, a sign-in button', async ({
      page,
    }) => {
      let authorizeCalls = 0;
      page.on('request', (r) => {
        if (r.url().includes('/_be/idp/authorize')) authorizeCalls += 1;
      });
      await openWithHashToken(page, path, 'expired-token');
      await expect(
        page.getByRole('heading', { level: 1, name: m('apps:signInTitle') }),
      ).toBeFocused();
      expect(authorizeCalls).toBe(1);
      await expectAccessible(page, `sign in again ${locale}`);
      const login = waitForLogin(page);
      await page.getByRole('button', { name: m('apps:signIn') }).click();
      await login;
      expect(authorizeCalls).toBe(2);
    });

    test('removes an app after confirming, keyboard only', async ({ page }) => {
      await openWithHashToken(page, path, TOKEN);
      const remove = page.getByRole('button', {
        name: m('apps:removeLabel', { name: 'Sandbox Web' }),
      });
      await expect(remove).toBeVisible();
      await remove.focus();
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', {
        name: m('apps:confirmTitle', { name: 'Sandbox Web' }),
      });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(m('apps:confirmBody', { name: 'Sandbox Web' }));
      const cancel = dialog.getByRole('button', { name: m('common:cancel') });
      const confirm = dialog.getByRole('button', { name: m('apps:confirmRemove') });
      await expect(cancel).toBeFocused();
      await expectAccessible(page, `confirm dialog ${locale}`);

      // Focus stays in the dialog both ways.
      await page.keyboard.press('Tab');
      await expect(confirm).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(cancel).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(confirm).toBeFocused();

      // Escape cancels and gives focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();
      await expect(page.locator('.app-item')).toHaveCount(2);

      // Cancel does the same.
      await page.keyboard.press('Enter');
      await expect(cancel).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(remove).toBeFocused();

      // Confirm removes it.
      const deleted = page.waitForRequest(
        (r) =>
          r.method() === 'DELETE' && r.url().endsWith('/_be/idp/api/approved/clients/sandbox-web'),
      );
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(confirm).toBeFocused();
      await page.keyboard.press('Enter');
      expect(await (await deleted).headerValue('authorization')).toBe(`Bearer ${TOKEN}`);
      await expect(dialog).toBeHidden();
      await expect(page.locator('.app-item')).toHaveCount(1);
      await expect(page.getByRole('status')).toHaveText(m('apps:removed', { name: 'Sandbox Web' }));
      // Focus moves to the next app's Remove button.
      await expect(
        page.getByRole('button', { name: m('apps:removeLabel', { name: 'Sandbox No Logo' }) }),
      ).toBeFocused();
      await expectAccessible(page, `after removal ${locale}`);

      // The sandbox forgot it too; removing the last one leaves the empty message.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByText(m('apps:empty'))).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await openWithHashToken(page, path, TOKEN);
      await expect(page.getByText(m('apps:empty'))).toBeVisible();
    });

    test('a failed removal keeps the list and says what happened', async ({ page, sandbox }) => {
      await openWithHashToken(page, path, TOKEN);
      await expect(page.locator('.app-item')).toHaveCount(2);
      await sandbox.fault({ method: 'DELETE', path: '/_be/idp/api/approved/clients', status: 500 });
      const remove = page.getByRole('button', {
        name: m('apps:removeLabel', { name: 'Sandbox Web' }),
      });
      await remove.click();
      // The removal is held while the busy dialog is checked.
      const release = await holdRequests(page, '**/_be/idp/api/approved/clients/**');
      await page.getByRole('button', { name: m('apps:confirmRemove') }).click();
      await expect(page.getByRole('button', { name: m('apps:removing') })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expectAccessible(page, `removing ${locale}`);
      release();
      await expect(page.getByRole('alert')).toContainText(
        m('apps:removeFailed', { name: 'Sandbox Web' }),
        { timeout: 10_000 },
      );
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.locator('.app-item')).toHaveCount(2);
      await expect(remove).toBeFocused();
      await expectAccessible(page, `removal failed ${locale}`);
    });

    test('a refused removal (expired token) offers to sign in again, keeping the list', async ({
      page,
      sandbox,
    }) => {
      await openWithHashToken(page, path, TOKEN);
      await expect(page.locator('.app-item')).toHaveCount(2);
      await sandbox.fault({ method: 'DELETE', path: '/_be/idp/api/approved/clients', status: 401 });
      await page
        .getByRole('button', { name: m('apps:removeLabel', { name: 'Sandbox Web' }) })
        .click();
      await page.getByRole('button', { name: m('apps:confirmRemove') }).click();
      await expect(page.getByRole('alert')).toContainText(
        m('apps:removeExpired', { name: 'Sandbox Web' }),
      );
      await expect(page.locator('.app-item')).toHaveCount(2);
      await expectAccessible(page, `removal refused ${locale}`);
      const login = waitForLogin(page);
      await page
        .getByRole('alert')
        .getByRole('button', { name: m('apps:signIn') })
        .click();
      await login;
    });

    test('a failed load offers a retry that works', async ({ page, sandbox }) => {
      await sandbox.fault({ method: 'GET', path: '/_be/idp/api/approved', status: 503, times: 3 });
      await openWithHashToken(page, path, TOKEN);
      await expect(page.getByRole('alert')).toHaveText(m('apps:loadFailed'), { timeout: 10_000 });
      expect(new URL(page.url()).hash).toBe('');
      await expectAccessible(page, `load failed ${locale}`);
      await page.getByRole('button', { name: m('common:retry') }).click();
      await expect(page.locator('.app-item')).toHaveCount(2);
    });

    test('a logo that does not load becomes a letter', async ({ page, pageGuards }) => {
      pageGuards.provokes({ requests: /\/_sandbox\/logo\.svg$/ });
      await page.route('**/_sandbox/logo.svg', (route) => route.abort());
      await openWithHashToken(page, path, TOKEN);
      const first = page.locator('.app-item').nth(0);
      await expect(first.locator('.app-logo-letter')).toHaveText('S');
      await expect(first.locator('img')).toHaveCount(0);
    });

    test('shows a loader before the list arrives', async ({ page }) => {
      const release = await holdRequests(page, '**/_be/idp/api/approved');
      await openWithHashToken(page, path, TOKEN);
      await expect(page.getByRole('status')).toHaveText(m('apps:loading'));
      // The loader is pre-rendered; the token leaves the address as soon as the island runs.
      await expect.poll(() => new URL(page.url()).hash).toBe('');
      await expectAccessible(page, `loading ${locale}`);
      release();
      await expect(page.locator('.app-item')).toHaveCount(2);
    });
  });
}
