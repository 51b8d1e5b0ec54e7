/**
 * Passkeys on /login (the `biometric` flow) with Chromium's virtual authenticator: the offer after
 * a code login, then sign-in through the phone field's autofill and through the button, each
 * handed off like every login; the failures, each with its message and the phone form still
 * usable; the `autocomplete` tokens Chromium accepts on the phone field.
 */
import type { Page } from '@playwright/test';
import { catalogT, expect, FLOW_LOCALES, test, type Locale, type Sandbox } from './fixtures.ts';
import {
  expectSignedIn,
  expectView,
  loginPath,
  openLogin,
  withInteraction,
  submitPhone,
  view,
} from './login-helpers.ts';
import {
  addAuthenticator,
  HANA,
  hanaCodeLogin,
  passkeyButton,
  passkeyError,
  withoutAutofill,
} from './passkey-helpers.ts';

const phoneField = (page: Page) => page.locator('input[type=tel]');

async function biometricLogins(sandbox: Sandbox): Promise<number> {
  const events = (await sandbox.events()) as { name: string; flow?: string }[];
  return events.filter((event) => event.name === 'login_succeeded' && event.flow === 'biometric')
    .length;
}

/** Hana's code login on a device with a platform authenticator, and 'Add a passkey'. */
async function enrolHana(page: Page, locale: Locale, check = true): Promise<void> {
  await openLogin(page, locale, 'clientId=sandbox-web');
  await hanaCodeLogin(page);
  await expectView(page, 'passkey_offer', check);
  await view(page).locator('button.button-primary').click();
  await expectSignedIn(page, 'Hana Saleh', { amr: 'otp' });
}

for (const locale of FLOW_LOCALES) {
  const t = catalogT(locale, ['login']);

  test.describe(`${locale}: passkeys`, () => {
    test('a code login, one tap to add a passkey, then autofill and the button sign in with no code', async ({
      page,
      sandbox,
    }) => {
      const authenticator = await addAuthenticator(page);
      await enrolHana(page, locale);
      expect(await authenticator.credentials()).toHaveLength(1);
      expect(await sandbox.outbox(HANA)).toHaveLength(1);

      // Autofill: the virtual authenticator answers the conditional request with its passkey.
      // (It answers at once: the page may be gone before the field could be looked at.)
      await page.goto(
        loginPath(locale, await withInteraction(page, locale, 'clientId=sandbox-web')),
      );
      await expectSignedIn(page, 'Hana Saleh', { amr: 'hwk' });
      await expect.poll(() => biometricLogins(sandbox)).toBe(1);

      // The button, where the browser has no passkey autofill.
      await withoutAutofill(page);
      await openLogin(page, locale, 'clientId=sandbox-web');
      await expectView(page, 'phone_form');
      await expect(passkeyButton(page)).toHaveText(t('login:passkey.button'));
      await passkeyButton(page).click();
      await expectSignedIn(page, 'Hana Saleh', { amr: 'hwk' });
      await expect.poll(() => biometricLogins(sandbox)).toBe(2);
      // No code was sent for either passkey sign-in.
      expect(await sandbox.outbox(HANA)).toHaveLength(1);
    });

    test('a passkey the server does not know (after a reset): its message, and the phone form works', async ({
      page,
      sandbox,
    }) => {
      await addAuthenticator(page);
      await enrolHana(page, locale, false);
      await sandbox.reset();
      await withoutAutofill(page);
      await openLogin(page, locale);
      await passkeyButton(page).click();
      await expect(passkeyError(page)).toHaveText(t('login:passkey.rejected'));
      await expectView(page, 'phone_form');
      await submitPhone(page, '02');
      await expectView(page, 'otp', false);
    });

    test('a cancelled ceremony: its message, and the phone form works', async ({ page }) => {
      const authenticator = await addAuthenticator(page);
      await enrolHana(page, locale, false);
      await authenticator.setUserVerified(false);
      await withoutAutofill(page);
      await openLogin(page, locale);
      await passkeyButton(page).click();
      await expect(passkeyError(page)).toHaveText(t('login:passkey.cancelled'));
      await expectView(page, 'phone_form');
      await expect(passkeyButton(page)).toBeEnabled();
      await submitPhone(page, '02');
      await expectView(page, 'otp', false);
    });
  });
}

test.describe('passkeys: the other cases (en)', () => {
  const t = catalogT('en', ['login']);

  test('no passkey on this device: its message, and the phone form works', async ({ page }) => {
    const authenticator = await addAuthenticator(page);
    await withoutAutofill(page);
    await openLogin(page, 'en');
    await passkeyButton(page).click();
    await expect(passkeyError(page)).toHaveText(t('login:passkey.noPasskey'));
    expect(await authenticator.credentials()).toHaveLength(0);
    await submitPhone(page, '02');
    await expectView(page, 'otp', false);
  });

  test('a ceremony nobody answers times out with its message', async ({ page, sandbox }) => {
    await addAuthenticator(page, { automaticPresenceSimulation: false });
    await withoutAutofill(page);
    await sandbox.fault({
      path: '/_be/identity-api/login/passkey/options',
      status: 200,
      body: {
        data: { challenge: 'dGltZW91dC1jaGFsbGVuZ2U', timeout: 1000, userVerification: 'required' },
      },
    });
    await openLogin(page, 'en');
    await passkeyButton(page).click();
    await expect(passkeyError(page)).toHaveText(t('login:passkey.timeout'));
    await expectView(page, 'phone_form');
  });

  test("'Not now' is remembered on the device and hands off at once", async ({ page, sandbox }) => {
    await addAuthenticator(page);
    await openLogin(page, 'en');
    await hanaCodeLogin(page);
    await expectView(page, 'passkey_offer', false);
    await view(page).locator('button.button-link').click();
    await expectSignedIn(page, 'Hana Saleh');

    // Back on the site (the sign-in ended at the demo app, another origin): remembered there.
    await openLogin(page, 'en');
    expect(await page.evaluate(() => localStorage.getItem('acct:passkeyOfferSkipped'))).toBe('1');
    await hanaCodeLogin(page);
    await expectSignedIn(page, 'Hana Saleh');
    const events = (await sandbox.events()) as { name: string }[];
    expect(events.filter((event) => event.name === 'passkey_offered')).toHaveLength(1);
  });

  test('no offer without a platform authenticator', async ({ page, sandbox }) => {
    await openLogin(page, 'en');
    await hanaCodeLogin(page);
    await expectSignedIn(page, 'Hana Saleh');
    const events = (await sandbox.events()) as { name: string }[];
    expect(events.some((event) => event.name === 'passkey_offered')).toBe(false);
  });

  test("the phone field's autocomplete: Chromium keeps `tel webauthn` (phone autofill and passkeys)", async ({
    page,
  }) => {
    await openLogin(page, 'en');
    // The IDL attribute reflects only a value the browser's autofill understands, else ''.
    const accepted = await page.evaluate(() =>
      ['tel webauthn', 'username webauthn', 'webauthn tel', 'tel username'].map((tokens) => {
        const input = document.createElement('input');
        input.setAttribute('autocomplete', tokens);
        return [tokens, input.autocomplete];
      }),
    );
    expect(Object.fromEntries(accepted)).toEqual({
      'tel webauthn': 'tel webauthn',
      'username webauthn': 'username webauthn',
      'webauthn tel': '',
      'tel username': '',
    });
    await expect(phoneField(page)).toHaveAttribute('autocomplete', 'tel webauthn');
    expect(await phoneField(page).evaluate((input: HTMLInputElement) => input.autocomplete)).toBe(
      'tel webauthn',
    );
  });
});
