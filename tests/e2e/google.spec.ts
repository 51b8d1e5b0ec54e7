/**
 * Google sign-in that cannot lock people out (issue 16, item 3), on the production path: Google's
 * own button (renderButton, FedCM button mode) through a fake of Google's library that implements
 * what the product calls (initialize with its callback, renderButton, prompt, cancel); the OAuth
 * popup when the button cannot be drawn; One Tap behind the googleOneTap flag, dismissed by typing
 * a phone. Google cannot load here: a sandbox build takes this path when `__sandboxGoogleSdk` is
 * set before load (src/lib/social/index.ts), and the page's CSP, which allows no Google origin in
 * a sandbox build, is bypassed for these tests only (the production CSP's Google sources are
 * unit-tested: tests/unit/routing/sdk-csp.test.ts). The sandbox window itself: login.spec.ts.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  FLOW_LOCALES,
  localizedPath,
  settleTasks,
  test,
} from './fixtures.ts';
import { expectSignedIn, loginPath, openLogin, view, withInteraction } from './login-helpers.ts';
import { socialToken } from './signup-helpers.ts';
import { msg } from './recovery-support.ts';

test.use({ bypassCSP: true });

interface FakeGsi {
  config?: { callback: (answer: { credential: string }) => void; [key: string]: unknown };
  button?: Record<string, unknown>;
  prompts: number;
  cancels: number;
  /** The nonce of each `initialize`. */
  nonces: unknown[];
}

/**
 * Google's library as the product uses it; `draw: false` plays a button that cannot be shown. Like
 * Google's, its credential carries the nonce the page initialised it with.
 */
const FAKE_GSI = (token: string, draw: boolean) => `
  const gsi = { prompts: 0, cancels: 0, nonces: [] };
  window.__gsi = gsi;
  const base64url = (text) => btoa(text).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const bound = (jwt, nonce) => {
    const [head, body] = jwt.split('.');
    const claims = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/')));
    return head + '.' + base64url(JSON.stringify({ ...claims, nonce })) + '.';
  };
  const tap = () =>
    gsi.config.callback({ credential: bound(${JSON.stringify(token)}, gsi.config.nonce), select_by: 'btn' });
  window.google = { accounts: { id: {
    initialize(config) { gsi.config = config; gsi.nonces.push(config.nonce); },
    renderButton(parent, options) {
      gsi.button = options;
      if (!${draw}) return;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'fake-gsi-button';
      button.textContent = 'Google: ' + options.text;
      button.addEventListener('click', tap);
      parent.append(button);
    },
    prompt(listener) {
      gsi.prompts += 1;
      const sheet = document.createElement('div');
      sheet.id = 'fake-one-tap';
      const pick = document.createElement('button');
      pick.type = 'button';
      pick.textContent = 'One Tap: continue';
      pick.addEventListener('click', () => { sheet.remove(); tap(); });
      sheet.append(pick);
      document.body.append(sheet);
      listener?.({ isNotDisplayed: () => false, isSkippedMoment: () => false });
    },
    cancel() { gsi.cancels += 1; document.getElementById('fake-one-tap')?.remove(); },
  } } };
`;

const gsi = (page: Page) =>
  page.evaluate(() => {
    const fake = (window as unknown as { __gsi?: FakeGsi }).__gsi;
    return fake
      ? {
          config: fake.config,
          button: fake.button,
          prompts: fake.prompts,
          cancels: fake.cancels,
          nonces: fake.nonces,
        }
      : undefined;
  });

/** Google's path in this page, with the fake library answering with `email`'s token. */
async function useGoogle(page: Page, email: string, draw = true): Promise<string> {
  const token = await socialToken(page, 'google', email);
  await page.addInitScript(() => {
    (window as unknown as { __sandboxGoogleSdk: boolean }).__sandboxGoogleSdk = true;
  });
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_GSI(token, draw) }),
  );
  return token;
}

/** Google's OAuth endpoint: back to the redirect address with a token bound to the nonce. */
async function fakeOAuth(page: Page, token: string): Promise<string[]> {
  const asked: string[] = [];
  await page.context().route('https://accounts.google.com/o/oauth2/v2/auth?**', (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    const [head, body] = token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as object;
    const nonce = url.searchParams.get('nonce');
    const bound = `${head}.${Buffer.from(JSON.stringify({ ...claims, nonce })).toString('base64url')}.`;
    const back = new URLSearchParams({
      id_token: bound,
      state: url.searchParams.get('state') ?? '',
    });
    return route.fulfill({
      status: 302,
      headers: { location: `${url.searchParams.get('redirect_uri')}#${back.toString()}` },
    });
  });
  return asked;
}

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: Google's own button`, () => {
    test('/login draws Google button in FedCM button mode; its credential signs in', async ({
      page,
    }) => {
      await useGoogle(page, 'google.user@example.com');
      await page.goto(
        loginPath(locale, await withInteraction(page, locale, 'clientId=sandbox-web')),
      );
      const google = view(page).locator('.fake-gsi-button');
      await expect(google).toHaveText('Google: signin_with');
      const fake = await gsi(page);
      expect(fake?.config).toMatchObject({
        use_fedcm_for_button: true,
        use_fedcm_for_prompt: true,
        ux_mode: 'popup',
        context: 'signin',
      });
      expect(fake?.button).toMatchObject({ type: 'standard', text: 'signin_with', locale });
      // Our stand-in is gone once Google's is drawn; One Tap is off without its flag.
      await expect(
        view(page).getByRole('button', { name: msg(locale, 'login:social.google') }),
      ).toHaveCount(0);
      expect(fake?.prompts).toBe(0);
      await expectAccessible(page, `${locale} Google button`);
      // The library was given the identity API's nonce, which the login sends back (L3).
      const nonce = fake?.config?.['nonce'];
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      const login = page.waitForRequest((r) => r.url().endsWith('/_be/identity-api/login/google'));
      await google.click();
      expect((await login).postDataJSON()).toMatchObject({ nonce });
      await expectSignedIn(page, 'Karim Mansour', { amr: 'fed' });
    });

    test('a Google-only account (google_form) signs in with the button', async ({ page }) => {
      await useGoogle(page, 'google.user@example.com');
      await page.goto(
        loginPath(locale, await withInteraction(page, locale, 'clientId=sandbox-web')),
      );
      await page.locator('input[type=tel]').fill('500000010');
      await view(page).locator('button[type=submit]').click();
      await expect(view(page)).toHaveAttribute('data-view', 'google_form');
      await view(page).locator('.fake-gsi-button').click();
      await expectSignedIn(page, 'Karim Mansour');
    });

    test('sign-up draws it as signup_with; a new Google account turns the form into its sign-up', async ({
      page,
    }) => {
      await useGoogle(page, 'new.google@example.com');
      await page.goto(localizedPath(locale, '/signup/?clientId=sandbox-web'));
      const google = page.locator('.fake-gsi-button');
      await expect(google).toHaveText('Google: signup_with');
      expect((await gsi(page))?.config).toMatchObject({ context: 'signup' });
      await google.click();
      await expect(
        page.getByText(msg(locale, 'signup:socialIntro', { provider: 'Google' })),
      ).toBeVisible();
      // The credential spent its nonce: the library was initialised again with a new one.
      await expect.poll(async () => (await gsi(page))?.nonces.length).toBe(2);
      const [first, second] = (await gsi(page))?.nonces ?? [];
      expect(second).toMatch(/^[0-9a-f]{32}$/);
      expect(second).not.toBe(first);
    });

    test('when the button cannot be drawn, ours opens the OAuth popup', async ({ page }) => {
      const token = await useGoogle(page, 'google.user@example.com', false);
      const asked = await fakeOAuth(page, token);
      await page.goto(
        loginPath(locale, await withInteraction(page, locale, 'clientId=sandbox-web')),
      );
      const ours = view(page).getByRole('button', { name: msg(locale, 'login:social.google') });
      await expect.poll(async () => (await gsi(page))?.button).toBeTruthy();
      await expect(ours).toBeVisible();
      const popup = page.waitForEvent('popup');
      await ours.click();
      await (await popup).waitForEvent('close');
      await expectSignedIn(page, 'Karim Mansour');
      const query = new URLSearchParams(asked[0]);
      expect(query.get('response_type')).toBe('id_token');
      expect(query.get('scope')).toBe('openid email profile');
      expect(query.get('redirect_uri')).toMatch(/\/login$/);
      expect(query.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
      expect(query.get('state')).toMatch(/^[0-9a-f]{32}$/);
    });

    test('a token for another request is refused', async ({ page }) => {
      const token = await useGoogle(page, 'google.user@example.com', false);
      await page.context().route('https://accounts.google.com/o/oauth2/v2/auth?**', (route) => {
        const url = new URL(route.request().url());
        // The right state, but a token without the nonce (replayed from elsewhere).
        const back = new URLSearchParams({
          id_token: token,
          state: url.searchParams.get('state') ?? '',
        });
        return route.fulfill({
          status: 302,
          headers: { location: `${url.searchParams.get('redirect_uri')}#${back.toString()}` },
        });
      });
      // Hydrated first: a press replayed later than Chromium's 5 s of user activation (a loaded
      // machine) can no longer open a window (early-input.spec tests the early press).
      await openLogin(page, locale);
      const popup = page.waitForEvent('popup');
      await view(page)
        .getByRole('button', { name: msg(locale, 'login:social.google') })
        .click();
      await (await popup).waitForEvent('close');
      await expect(
        view(page).getByText(msg(locale, 'login:social.failed', { provider: 'Google' })),
      ).toBeVisible();
      expect(page.url()).toContain('/login');
    });
  });

  test.describe(`${locale}: One Tap`, () => {
    test('behind its flag: offered on /login, signs in when picked', async ({ page, sandbox }) => {
      await sandbox.flags({ googleOneTap: true });
      await useGoogle(page, 'google.user@example.com');
      await page.goto(
        loginPath(locale, await withInteraction(page, locale, 'clientId=sandbox-web')),
      );
      await expect(page.locator('#fake-one-tap')).toBeVisible();
      expect((await gsi(page))?.prompts).toBe(1);
      await page.locator('#fake-one-tap button').click();
      await expectSignedIn(page, 'Karim Mansour');
    });

    test('dismissed as soon as a phone is typed, and not offered again', async ({
      page,
      sandbox,
    }) => {
      await sandbox.flags({ googleOneTap: true });
      await useGoogle(page, 'google.user@example.com');
      await page.clock.install();
      await page.goto(localizedPath(locale, '/signup/?clientId=sandbox-web'));
      await expect(page.locator('#fake-one-tap')).toBeVisible();
      await page.locator('input[type=tel]').pressSequentially('5');
      await expect(page.locator('#fake-one-tap')).toHaveCount(0);
      expect(await gsi(page)).toMatchObject({ prompts: 1, cancels: 1 });
      await page.locator('input[type=tel]').fill('');
      // Not offered again: not at once, nor on any timer within a minute of the page's time, nor
      // on the render that follows (shown to fail: a flow that offered it again to an emptied
      // field failed here).
      await page.clock.runFor(60_000);
      await settleTasks(page);
      expect((await gsi(page))?.prompts).toBe(1);
    });
  });
}
