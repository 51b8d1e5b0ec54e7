/**
 * 'Stay signed in on this browser' on the login's code and password steps (issue 34, item 1), in
 * English and Arabic, with axe on each changed view: the box and its shared-computer line, the
 * identity API's trusted-device cookie (HttpOnly: the page never sees it), the next sign-in from
 * this browser without the code for Omar (`is_known_device: true`, `amr` rba), and a revoked or
 * expired device that brings the code step back as usual, with no error.
 */
import type { Page, Request } from '@playwright/test';
import { catalogMessage, expect, FLOW_LOCALES, test, type Locale } from './fixtures.ts';
import {
  expectSignedIn,
  expectView,
  openLogin,
  PASSWORD,
  PERSONA_CODE,
  submitButton,
  submitPhone,
  view,
} from './login-helpers.ts';

const isLogin = (request: Request) =>
  request.method() === 'POST' && /\/_be\/identity-api\/login\/phone$/.test(request.url());
const isHandOff = (request: Request) =>
  request.method() === 'POST' && /\/_be\/idp\/login$/.test(request.url());

/** The box and the line under it, in the page's language. */
function staySignedIn(page: Page, locale: Locale) {
  const box = view(page).getByRole('checkbox', {
    name: catalogMessage(locale, 'common:staySignedIn.label'),
    exact: true,
  });
  return { box, hint: view(page).locator('.stay-signed-in .field-hint') };
}

async function expectBox(page: Page, locale: Locale): Promise<ReturnType<typeof staySignedIn>> {
  const stay = staySignedIn(page, locale);
  await expect(stay.box).not.toBeChecked();
  await expect(stay.hint).toHaveText(catalogMessage(locale, 'common:staySignedIn.sharedComputer'));
  if (locale === 'en') {
    await expect(stay.hint).toHaveText("Don't use this on a shared or public computer.");
  }
  // The line is the box's description for screen readers.
  await expect(stay.box).toHaveAccessibleDescription(
    catalogMessage(locale, 'common:staySignedIn.sharedComputer'),
  );
  return stay;
}

/** Omar signs in with his code, the box ticked: the hand-off posts remember=true. */
async function rememberOmar(page: Page, locale: Locale): Promise<void> {
  await openLogin(page, locale);
  await submitPhone(page, '02');
  await expectView(page, 'otp');
  const { box } = await expectBox(page, locale);
  await box.check();
  await page.locator('input[autocomplete=one-time-code]').fill(PERSONA_CODE);
  const login = page.waitForRequest(
    (request) => isLogin(request) && /"otp"/.test(request.postData() ?? ''),
  );
  const handOff = page.waitForRequest(isHandOff);
  await submitButton(page).click();
  expect((await login).postDataJSON()).toMatchObject({
    remember_device: true,
    is_known_device: false,
  });
  await expectSignedIn(page, 'Omar Khan', { amr: 'otp' });
  expect(new URLSearchParams((await handOff).postData() ?? '').get('remember')).toBe('true');
}

/** Omar's next sign-in from this browser: what the login sent, and the view it led to. */
async function omarAgain(page: Page, locale: Locale): Promise<Record<string, unknown>> {
  await openLogin(page, locale);
  const login = page.waitForRequest(isLogin);
  await submitPhone(page, '02');
  return (await login).postDataJSON() as Record<string, unknown>;
}

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: stay signed in`, () => {
    test('Omar ticks it on the code step; next time this browser skips the code', async ({
      page,
      context,
    }) => {
      await rememberOmar(page, locale);
      // The credential is the identity API's HttpOnly cookie: the page cannot read it.
      const cookie = (await context.cookies()).find((item) => item.name === 'trusted_device');
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/_be/identity-api/login',
      });
      expect(await page.evaluate(() => document.cookie)).not.toContain('trusted_device');
      const handOff = page.waitForRequest(isHandOff);
      expect(await omarAgain(page, locale)).toMatchObject({ is_known_device: true });
      // No code step: straight on to the app, signed in by the trusted device, and remembered.
      await expectSignedIn(page, 'Omar Khan', { amr: 'rba' });
      expect(new URLSearchParams((await handOff).postData() ?? '').get('remember')).toBe('true');
    });

    test('a revoked device brings the code step back as usual, with no error', async ({
      page,
      request,
    }) => {
      await rememberOmar(page, locale);
      expect((await request.delete('/_sandbox/trusted-devices')).status()).toBe(204);
      expect(await omarAgain(page, locale)).toMatchObject({ is_known_device: true });
      await expectView(page, 'otp');
      await expect(view(page).getByRole('alert')).toHaveCount(0);
      // The page no longer says it is known: the API said otherwise.
      expect(await page.evaluate(() => localStorage.getItem('acct:trustedDeviceUntil'))).toBeNull();
      await expectBox(page, locale);
      await page.locator('input[autocomplete=one-time-code]').fill(PERSONA_CODE);
      await submitButton(page).click();
      await expectSignedIn(page, 'Omar Khan', { amr: 'otp' });
    });

    test('an expired device brings the code step back as usual, with no error', async ({
      page,
      request,
    }) => {
      await rememberOmar(page, locale);
      expect((await request.post('/_sandbox/trusted-devices/expire')).ok()).toBe(true);
      await omarAgain(page, locale);
      await expectView(page, 'otp', false);
      await expect(view(page).getByRole('alert')).toHaveCount(0);
      const again = await omarAgain(page, locale);
      expect(again).toMatchObject({ is_known_device: false });
      await expectView(page, 'otp', false);
    });

    test('Layla ticks it on the password step: the login and the hand-off remember', async ({
      page,
      request,
    }) => {
      await openLogin(page, locale);
      await submitPhone(page, '01');
      await expectView(page, 'password_form');
      const { box } = await expectBox(page, locale);
      await box.check();
      await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
      const login = page.waitForRequest((r) => isLogin(r) && /"password"/.test(r.postData() ?? ''));
      const handOff = page.waitForRequest(isHandOff);
      await submitButton(page).click();
      expect((await login).postDataJSON()).toMatchObject({ remember_device: true });
      await expectSignedIn(page, 'Layla Haddad', { amr: 'pwd' });
      expect(new URLSearchParams((await handOff).postData() ?? '').get('remember')).toBe('true');
      const devices = (await (await request.get('/_sandbox/trusted-devices')).json()) as unknown[];
      expect(devices).toEqual([expect.objectContaining({ sub: 'sbx-layla', revoked: false })]);
    });

    test('left unticked: no trusted device, and the hand-off is not remembered', async ({
      page,
      request,
    }) => {
      await openLogin(page, locale);
      await submitPhone(page, '02');
      await expectView(page, 'otp', false);
      await page.locator('input[autocomplete=one-time-code]').fill(PERSONA_CODE);
      const handOff = page.waitForRequest(isHandOff);
      await submitButton(page).click();
      await expectSignedIn(page, 'Omar Khan', { amr: 'otp' });
      expect(new URLSearchParams((await handOff).postData() ?? '').get('remember')).toBe('false');
      expect(await (await request.get('/_sandbox/trusted-devices')).json()).toEqual([]);
    });
  });
}
