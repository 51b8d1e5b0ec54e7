/**
 * No secrets in addresses between pages (security review M3, issue 30 item 6), in English and
 * Arabic: the login hands sign-up Google's or Apple's id token and a verified code's id in session
 * storage, read once; sign-up shows which account will be linked and lets the person decline; a
 * link from outside that still carries a token is read once and cleaned from the address.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { clickClosingWindow, expect, expectAccessible, FLOW_LOCALES, test } from './fixtures.ts';
import { loginPath, openLogin, submitButton, view, withInteraction } from './login-helpers.ts';
import {
  form,
  latestCode,
  open,
  PASSWORD,
  signupUrl,
  socialToken,
  translator,
} from './signup-helpers.ts';

const ACCOUNTS = {
  google: { email: 'new.google@example.com', name: 'New Google' },
  apple: { email: 'new.apple@example.com', name: 'New Apple' },
} as const;

/** Every address the browser asks for, goes to or sends as Referer, in every page of the context. */
function recordAddresses(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    seen.push(request.url());
    const referer = request.headers()['referer'];
    if (referer) seen.push(referer);
  });
  context.on('page', (page) => {
    page.on('framenavigated', (frame) => seen.push(frame.url()));
  });
  return seen;
}

/** Login → the provider's window → an unregistered account: sign-up. Returns the id token. */
async function socialToSignup(page: Page, provider: 'google' | 'apple'): Promise<string> {
  const popupPromise = page.waitForEvent('popup');
  await view(page).locator(`.social-${provider}`).click();
  const popup = await popupPromise;
  const button = popup.locator('button[data-token]', { hasText: ACCOUNTS[provider].email });
  const token = (await button.getAttribute('data-token')) ?? '';
  expect(token).toMatch(/^[\w-]+\.[\w-]+\./);
  await clickClosingWindow(button);
  await page.waitForURL(/\/signup\//);
  return token;
}

const linked = (page: Page) => page.locator('.signup-linked');

for (const locale of FLOW_LOCALES) {
  const t = translator(locale);

  test.describe(`${locale}: secrets between login and sign-up (M3)`, () => {
    for (const provider of ['google', 'apple'] as const) {
      test(`${provider}: a new person reaches sign-up with no token in any address; the account shown; a reload forgets it`, async ({
        page,
      }) => {
        const addresses = recordAddresses(page.context());
        page.on('framenavigated', (frame) => addresses.push(frame.url()));
        await openLogin(page, locale);
        const token = await socialToSignup(page, provider);
        const f = form(page, t);
        await expect(f.heading).toHaveText(t('signup:enhancedTitle'));
        await expect(linked(page)).toContainText(
          t('signup:linked.intro', { provider: provider === 'apple' ? 'Apple' : 'Google' }),
        );
        await expect(linked(page)).toContainText(ACCOUNTS[provider].email);
        await expect(linked(page)).toContainText(ACCOUNTS[provider].name);
        await expect(f.name).toHaveCount(0);
        await expect(f.password).toHaveCount(0);
        await expectAccessible(page, `${provider} account to link`);
        expect(addresses.length).toBeGreaterThan(5);
        expect(addresses.filter((address) => address.includes(token))).toEqual([]);
        expect(addresses.filter((address) => /IdToken=/.test(address))).toEqual([]);
        // Taken once: nothing is left in storage, and a reload is the plain form.
        expect(await page.evaluate(() => sessionStorage.getItem('acct:signupHandoff'))).toBeNull();
        await page.reload();
        await expect(f.name).toBeVisible();
        await expect(f.password).toBeVisible();
        await expect(linked(page)).toHaveCount(0);
        await expect(f.google).toBeVisible();
      });
    }

    test("google: 'Don't link this account' signs up without the token", async ({
      page,
      sandbox,
    }) => {
      await openLogin(page, locale);
      const token = await socialToSignup(page, 'google');
      const f = form(page, t);
      const decline = page.getByRole('button', { name: t('signup:linked.decline') });
      await decline.click();
      await expect(linked(page)).toHaveCount(0);
      await expect(page.getByText(t('signup:socialIntro', { provider: 'Google' }))).toHaveCount(0);
      // Focus does not fall to the page: the form's first field takes it.
      await expect(f.name).toBeFocused();
      await expect(f.google).toBeVisible();
      await expectAccessible(page, 'after declining the link');
      await f.name.fill('Mona Saeed');
      await f.phone.fill('501234571');
      await f.password.fill(PASSWORD);
      await f.submit.click();
      await page.getByLabel(t('fields:otp.label')).fill(await latestCode(sandbox, '+971501234571'));
      const onboard = page.waitForRequest((r) => r.url().endsWith('/_be/onboarder/onboard'));
      await page.getByRole('button', { name: t('login_otp:submit') }).click();
      const body = (await onboard).postData() ?? '';
      expect(body).not.toContain(token);
      expect(JSON.parse(body)).not.toHaveProperty('google_id_token');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:registered', { client: 'Sandbox Web' }),
      );
    });

    test('a code-verified new number reaches sign-up without the proof in the address', async ({
      page,
      sandbox,
    }) => {
      const addresses = recordAddresses(page.context());
      page.on('framenavigated', (frame) => addresses.push(frame.url()));
      const number = '971501234572';
      await page.goto(
        loginPath(
          locale,
          await withInteraction(
            page,
            locale,
            `clientId=sandbox-web&view=otp&fullMobileNumber=${number}`,
          ),
        ),
      );
      await expect(view(page)).toHaveAttribute('data-view', 'otp');
      // The code's id, read on its way (the page leaves before its response could be read).
      let proof = '';
      await page.route('**/otp/verify', async (route) => {
        const response = await route.fetch();
        proof = ((await response.json()) as { data: { id: string } }).data.id;
        await route.fulfill({ response });
      });
      await page
        .locator('input[autocomplete=one-time-code]')
        .fill(await latestCode(sandbox, `+${number}`));
      await submitButton(page).click();
      await page.waitForURL(/\/signup\//);
      expect(proof).toBeTruthy();
      const f = form(page, t);
      await expect(f.phone).toHaveValue('501234572');
      expect(addresses.filter((address) => address.includes(proof))).toEqual([]);
      expect(
        addresses.filter(
          (address) => /[?&](otp|fullMobileNumber)=/.test(address) && address.includes('/signup'),
        ),
      ).toEqual([]);
      // The number is proved: the form onboards at once, with the handed-over proof.
      await f.name.fill('Mona Saeed');
      await f.password.fill(PASSWORD);
      const onboard = page.waitForRequest((r) => r.url().endsWith('/_be/onboarder/onboard'));
      await f.submit.click();
      expect((await onboard).postDataJSON()).toMatchObject({ phone_number: number, otp: proof });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t('redirect:registered', { client: 'Sandbox Web' }),
      );
    });

    test('the login drops a hand-off that sign-up never took', async ({ page }) => {
      await openLogin(page, locale);
      await page.evaluate(() =>
        sessionStorage.setItem('acct:signupHandoff', 'googleIdToken=stale.token.x'),
      );
      await openLogin(page, locale);
      expect(await page.evaluate(() => sessionStorage.getItem('acct:signupHandoff'))).toBeNull();
    });

    test('a link from outside with a token: read once, cleaned from the address, declinable', async ({
      page,
    }) => {
      const token = await socialToken(page, 'google', ACCOUNTS.google.email);
      const f = await open(
        page,
        t,
        signupUrl(locale, { clientId: 'sandbox-web', googleIdToken: token }),
      );
      await expect(linked(page)).toContainText(ACCOUNTS.google.email);
      expect(page.url()).not.toContain(token);
      expect(await page.evaluate(() => location.href)).not.toContain(token);
      expect(new URL(page.url()).searchParams.get('clientId')).toBe('sandbox-web');
      // The history entry is the clean address: away and back, no token comes back.
      await page.goto('about:blank');
      await page.goBack();
      await page.waitForURL(/\/signup\//);
      expect(page.url()).not.toContain(token);
      await expect(f.heading).toHaveText(t('signup:enhancedTitle'));
      await expect(linked(page)).toHaveCount(0);
      await expect(f.name).toBeVisible();

      // Declining an outside link's account: the form is whole, and stays so.
      await open(page, t, signupUrl(locale, { googleIdToken: token }));
      await page.getByRole('button', { name: t('signup:linked.decline') }).click();
      await expect(linked(page)).toHaveCount(0);
      await expect(f.name).toBeVisible();
      await expect(f.password).toBeVisible();
    });
  });
}
