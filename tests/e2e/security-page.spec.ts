/**
 * /security/: where the account is signed in and its passkeys, signed in through the authorize
 * flow as connected apps is. Layla (sandbox-access-token) has three other sessions and two
 * passkeys; Hana adds a passkey with Chromium's virtual authenticator and removes it here. Each
 * fault with its message: a session already signed out (404: said, the list read again), the list
 * call failing (retry), an expired token (back to sign-in), the last passkey (removed with a
 * warning) and the service keeping it (409). The passkey signals are recorded by stubs.
 */
import type { Page } from '@playwright/test';
import {
  catalogMessage,
  expect,
  expectAccessible,
  expectNoRawKeys,
  FLOW_LOCALES,
  localizedPath,
  test,
} from './fixtures.ts';
import { message, openSignedIn, openWithHashToken } from './identity-helpers.ts';
import { expectSignedIn, expectView, openLogin, view } from './login-helpers.ts';
import {
  addAuthenticator,
  hanaCodeLogin,
  passkeyButton,
  passkeyError,
  withoutAutofill,
} from './passkey-helpers.ts';

const TOKEN = 'sandbox-access-token';
const SESSIONS_API = '/_be/identity-api/sessions';
const PASSKEYS_API = '/_be/identity-api/passkeys';

/** Records the WebAuthn signal calls the page makes (the browser's own may be missing or real). */
async function recordSignals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: { name: string; options: unknown }[] = [];
    (window as unknown as { __signals: typeof calls }).__signals = calls;
    // Not on pages without WebAuthn (about:blank).
    if (typeof PublicKeyCredential === 'undefined') return;
    for (const name of [
      'signalUnknownCredential',
      'signalAllAcceptedCredentials',
      'signalCurrentUserDetails',
    ]) {
      Object.defineProperty(PublicKeyCredential, name, {
        configurable: true,
        value: (options: unknown) => {
          calls.push({ name, options });
          return Promise.resolve();
        },
      });
    }
  });
}

const signals = (page: Page, name: string) =>
  page.evaluate(
    (wanted) =>
      (window as unknown as { __signals: { name: string; options: unknown }[] }).__signals
        .filter((call) => call.name === wanted)
        .map((call) => call.options),
    name,
  );

// Layla's other sessions and listed passkeys (not in the sandbox's seed: a reset forgets them).
test.beforeEach(async ({ sandbox }) => sandbox.sampleSessions());

for (const locale of FLOW_LOCALES) {
  const path = localizedPath(locale, '/security/');
  const m = (key: string, params?: Record<string, string>) => message(locale, key, params);
  const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
  const sessionRows = (page: Page) => page.locator('ul[aria-labelledby=security-sessions] > li');
  const passkeyRows = (page: Page) => page.locator('ul[aria-labelledby=security-passkeys] > li');
  const windows = m('security:device', { browser: 'Edge', os: 'Windows' });
  const iphone = m('security:deviceNamed', { device: 'iPhone', browser: 'Safari', os: 'iOS' });

  test.describe(`security page (${locale})`, () => {
    test('lists the sessions, the current one marked, and the passkeys; links both ways', async ({
      page,
    }) => {
      await recordSignals(page);
      await openWithHashToken(page, path, TOKEN);
      await expect(title(page, m('security:title'))).toBeVisible();
      const rows = sessionRows(page);
      await expect(rows).toHaveCount(4);
      expect(new URL(page.url()).hash).toBe('');

      // This browser first: marked, active now, no sign-out of its own.
      await expect(rows.nth(0)).toContainText(m('security:thisBrowser'));
      await expect(rows.nth(0)).toContainText(m('security:activeNow'));
      await expect(rows.nth(0).getByRole('button')).toHaveCount(0);
      // The trusted iPhone, in Dubai, two hours ago in the page's language.
      const hoursAgo = new Intl.RelativeTimeFormat(`${locale}-u-nu-latn`, {
        numeric: 'auto',
      }).format(-2, 'hour');
      const uae = new Intl.DisplayNames([locale], { type: 'region' }).of('AE') ?? '';
      await expect(rows.nth(1)).toContainText(iphone);
      await expect(rows.nth(1)).toContainText(m('security:trusted'));
      await expect(rows.nth(1)).toContainText(m('security:place', { city: 'Dubai', country: uae }));
      await expect(rows.nth(1)).toContainText(m('security:lastActive', { when: hoursAgo }));
      await expect(
        rows.nth(2).getByRole('button', { name: m('security:signOutLabel', { name: windows }) }),
      ).toBeVisible();

      const passkeys = passkeyRows(page);
      await expect(passkeys).toHaveCount(2);
      await expect(passkeys.nth(0)).toContainText('Google Password Manager');
      await expect(passkeys.nth(0)).toContainText(m('security:passkeyNeverUsed'));
      await expect(passkeys.nth(1)).toContainText('iCloud Keychain');

      await expectAccessible(page, `list ${locale}`);
      await expectNoRawKeys(page);

      // The browser is told which passkeys the account has here, and the account's names.
      await expect
        .poll(() => signals(page, 'signalAllAcceptedCredentials'))
        .toEqual([
          {
            rpId: 'localhost',
            userId: Buffer.from('sbx-layla').toString('base64url'),
            allAcceptedCredentialIds: ['cGstbGF5bGEtZ29vZ2xl', 'cGstbGF5bGEtaWNsb3Vk'],
          },
        ]);
      expect(await signals(page, 'signalCurrentUserDetails')).toEqual([
        {
          rpId: 'localhost',
          userId: Buffer.from('sbx-layla').toString('base64url'),
          name: '+971500000001',
          displayName: 'Layla Haddad',
        },
      ]);

      // To connected apps, and back (each page signs in on its own: the token stays with one).
      const apps = localizedPath(locale, '/client-management/');
      await expect(page.getByRole('link', { name: m('security:connectedApps') })).toHaveAttribute(
        'href',
        apps,
      );
      await page.goto('about:blank');
      await openWithHashToken(page, apps, TOKEN);
      await expect(page.getByRole('link', { name: m('apps:security') })).toHaveAttribute(
        'href',
        path,
      );
    });

    test('signs one session out after the dialog; one already gone says so and refreshes', async ({
      page,
      request,
    }) => {
      await openWithHashToken(page, path, TOKEN);
      const rows = sessionRows(page);
      await expect(rows).toHaveCount(4);

      // Keyboard only: the dialog opens on Cancel, which keeps everything.
      const signOutWindows = page.getByRole('button', {
        name: m('security:signOutLabel', { name: windows }),
      });
      await signOutWindows.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', {
        name: m('security:confirmSignOutTitle', { name: windows }),
      });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: m('common:cancel') })).toBeFocused();
      await expectAccessible(page, `sign-out dialog ${locale}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(signOutWindows).toBeFocused();
      await expect(rows).toHaveCount(4);

      await signOutWindows.click();
      await dialog.getByRole('button', { name: m('security:signOut'), exact: true }).click();
      await expect(page.getByRole('status')).toHaveText(m('security:signedOut', { name: windows }));
      await expect(rows).toHaveCount(3);
      await expect(
        page.getByRole('heading', { level: 2, name: m('security:sessionsTitle') }),
      ).toBeFocused();

      // The iPhone is signed out elsewhere meanwhile: a 404 here, said, and the list read again.
      const gone = await request.delete(`${SESSIONS_API}/ses-layla-iphone`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(gone.status()).toBe(204);
      const reread = page.waitForResponse(
        (r) => new URL(r.url()).pathname === SESSIONS_API && r.request().method() === 'GET',
      );
      await page
        .getByRole('button', { name: m('security:signOutLabel', { name: iphone }) })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: m('security:signOut'), exact: true })
        .click();
      await expect(page.getByRole('status')).toHaveText(
        m('security:alreadySignedOut', { name: iphone }),
      );
      await reread;
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: iphone })).toHaveCount(0);
      await expectAccessible(page, `already signed out ${locale}`);
    });

    test('signs out everywhere else; this browser stays', async ({ page }) => {
      await openWithHashToken(page, path, TOKEN);
      await expect(sessionRows(page)).toHaveCount(4);
      await page.getByRole('button', { name: m('security:signOutOthers') }).click();
      const dialog = page.getByRole('dialog', { name: m('security:confirmOthersTitle') });
      await expect(dialog).toContainText(m('security:confirmOthersBody'));
      await expectAccessible(page, `everywhere else dialog ${locale}`);
      await dialog.getByRole('button', { name: m('security:signOutOthers') }).click();
      await expect(page.getByRole('status')).toHaveText(
        catalogMessage(locale, 'security:signedOutOthers', { count: 3 }),
      );
      await expect(sessionRows(page)).toHaveCount(1);
      await expect(sessionRows(page).nth(0)).toContainText(m('security:thisBrowser'));
      // The sandbox agrees.
      const answer = await page.request.get(SESSIONS_API, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(((await answer.json()) as { sessions: unknown[] }).sessions).toHaveLength(1);
    });

    test('the list call failing: its message and a retry that lists', async ({ page, sandbox }) => {
      await sandbox.fault({ method: 'GET', path: SESSIONS_API, status: 400, times: 1 });
      await openWithHashToken(page, path, TOKEN);
      await expect(page.getByRole('alert')).toHaveText(m('security:loadFailed'));
      await expectAccessible(page, `load failed ${locale}`);
      await page.getByRole('button', { name: m('common:retry') }).click();
      await expect(sessionRows(page)).toHaveCount(4);
      await expect(title(page, m('security:title'))).toBeFocused();
    });

    test('an expired token: back to sign-in, once; an action refused offers to sign in', async ({
      page,
      sandbox,
    }) => {
      await openWithHashToken(page, path, 'expired-token');
      await expect(title(page, m('security:signInTitle'))).toBeFocused();
      await expect(page.getByRole('button', { name: m('security:signIn') })).toBeVisible();
      await expectAccessible(page, `sign in again ${locale}`);

      await page.goto('about:blank');
      await openWithHashToken(page, path, TOKEN);
      await expect(sessionRows(page)).toHaveCount(4);
      await sandbox.fault({ method: 'DELETE', path: `${PASSKEYS_API}/`, status: 401, times: 1 });
      await page
        .getByRole('button', { name: m('security:removeLabel', { name: 'iCloud Keychain' }) })
        .click();
      await page.getByRole('button', { name: m('security:confirmRemove') }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(m('security:expired'));
      await expect(alert.getByRole('button', { name: m('security:signIn') })).toBeVisible();
      await expect(passkeyRows(page)).toHaveCount(2);
    });

    test('Hana removes her passkey (virtual authenticator): the last one, with a warning', async ({
      page,
    }) => {
      await recordSignals(page);
      const authenticator = await addAuthenticator(page);
      await openLogin(page, locale, 'clientId=sandbox-web');
      await hanaCodeLogin(page);
      await expectView(page, 'passkey_offer', false);
      await view(page).locator('button.button-primary').click();
      await expectSignedIn(page, 'Hana Saleh', { amr: 'otp' });
      const [credential] = await authenticator.credentials();
      expect(credential).toBeDefined();

      await openSignedIn(page, path);
      const passkeys = passkeyRows(page);
      await expect(passkeys).toHaveCount(1);
      // Named after the browser it was made in (the sandbox's naming: 'Chrome on Android').
      const name = (await passkeys.nth(0).locator('.security-name').textContent()) ?? '';
      expect(name).toMatch(/^Chrome on /);
      await expect(sessionRows(page)).toHaveCount(2);
      await expect
        .poll(() => signals(page, 'signalAllAcceptedCredentials'))
        .toEqual([
          {
            rpId: 'localhost',
            userId: Buffer.from('sbx-hana').toString('base64url'),
            // CDP gives the id in base64; WebAuthn's JSON in base64url.
            allAcceptedCredentialIds: [
              Buffer.from(credential?.credentialId ?? '', 'base64').toString('base64url'),
            ],
          },
        ]);

      await page.getByRole('button', { name: m('security:removeLabel', { name }) }).click();
      const dialog = page.getByRole('dialog', {
        name: m('security:confirmRemoveTitle', { name }),
      });
      await expect(dialog).toContainText(m('security:lastPasskeyWarning'));
      await expectAccessible(page, `last passkey dialog ${locale}`);
      await dialog.getByRole('button', { name: m('security:confirmRemove') }).click();
      await expect(page.getByRole('status')).toHaveText(m('security:removed', { name }));
      await expect(page.getByText(m('security:noPasskeys'))).toBeVisible();
      // The browser is told the account has no passkey here any more.
      await expect
        .poll(async () => (await signals(page, 'signalAllAcceptedCredentials')).at(-1))
        .toEqual({
          rpId: 'localhost',
          userId: Buffer.from('sbx-hana').toString('base64url'),
          allAcceptedCredentialIds: [],
        });
      await expectAccessible(page, `no passkeys ${locale}`);
    });
  });
}

test.describe('security page: the other faults (en)', () => {
  const m = (key: string, params?: Record<string, string>) => message('en', key, params);
  const path = '/security/';

  test('a passkey the service keeps (409, the only way in) says so and stays', async ({
    page,
    sandbox,
  }) => {
    await sandbox.fault({
      method: 'DELETE',
      path: `${PASSKEYS_API}/`,
      status: 409,
      body: { error: 'last_sign_in_method' },
      times: 1,
    });
    await openWithHashToken(page, path, TOKEN);
    await page
      .getByRole('button', { name: m('security:removeLabel', { name: 'iCloud Keychain' }) })
      .click();
    await page.getByRole('button', { name: m('security:confirmRemove') }).click();
    await expect(page.getByRole('alert')).toHaveText(
      m('security:lastKept', { name: 'iCloud Keychain' }),
    );
    await expect(page.locator('ul[aria-labelledby=security-passkeys] > li')).toHaveCount(2);
  });

  test('a browser without the signal methods: the page works and says nothing', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      if (typeof PublicKeyCredential === 'undefined') return;
      for (const name of [
        'signalUnknownCredential',
        'signalAllAcceptedCredentials',
        'signalCurrentUserDetails',
      ]) {
        Object.defineProperty(PublicKeyCredential, name, { configurable: true, value: undefined });
      }
    });
    await openWithHashToken(page, path, TOKEN);
    await expect(page.locator('ul[aria-labelledby=security-passkeys] > li')).toHaveCount(2);
    await page
      .getByRole('button', { name: m('security:removeLabel', { name: 'iCloud Keychain' }) })
      .click();
    await page.getByRole('button', { name: m('security:confirmRemove') }).click();
    await expect(page.getByRole('status')).toHaveText(
      m('security:removed', { name: 'iCloud Keychain' }),
    );
  });

  test('passkey sign-in: the account’s names after it; an unknown passkey after a reset', async ({
    page,
    sandbox,
  }) => {
    await recordSignals(page);
    const authenticator = await addAuthenticator(page);
    await openLogin(page, 'en', 'clientId=sandbox-web');
    await hanaCodeLogin(page);
    await expectView(page, 'passkey_offer', false);
    await view(page).locator('button.button-primary').click();
    await expectSignedIn(page, 'Hana Saleh', { amr: 'otp' });
    const id = Buffer.from(
      (await authenticator.credentials())[0]?.credentialId ?? '',
      'base64',
    ).toString('base64url');
    const hana = Buffer.from('sbx-hana').toString('base64url');

    // Signed in with the passkey: the page (the login's, before it hands off) tells the browser.
    await withoutAutofill(page);
    await openLogin(page, 'en', 'clientId=sandbox-web');
    const told = page.waitForFunction(
      () =>
        (window as unknown as { __signals?: { name: string }[] }).__signals?.some(
          (call) => call.name === 'signalCurrentUserDetails',
        ) ?? false,
    );
    await passkeyButton(page).click();
    await told;
    expect(await signals(page, 'signalCurrentUserDetails')).toEqual([
      { rpId: 'localhost', userId: hana, name: '+971500000020', displayName: 'Hana Saleh' },
    ]);
    await expectSignedIn(page, 'Hana Saleh', { amr: 'hwk' });

    // The service forgets it: the refusal says so, and the browser is told to stop offering it.
    await sandbox.reset();
    await openLogin(page, 'en');
    await passkeyButton(page).click();
    await expect(passkeyError(page)).toHaveText(message('en', 'login:passkey.rejected'));
    expect(await signals(page, 'signalUnknownCredential')).toEqual([
      { rpId: 'localhost', credentialId: id },
    ]);
  });
});
