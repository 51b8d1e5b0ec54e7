/**
 * Security review L3, in the sandbox's sign-in window: each Apple or Google sign-in asks the
 * identity API for a nonce, the window's id token carries it, and the login sends it back; a token
 * without it, or with one already spent, is refused. (Google's own library: google.spec.ts.)
 */
import { clickClosingWindow, expect, FLOW_LOCALES, test } from './fixtures.ts';
import { expectSignedIn, openLogin, view } from './login-helpers.ts';

const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    nonce?: string;
  };

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: social sign-in nonce`, () => {
    test('the window is sent the nonce, its token carries it, the login sends it back', async ({
      page,
    }) => {
      await openLogin(page, locale);
      const issued = page.waitForResponse((r) => r.url().endsWith('/login/social/nonce'));
      const popupPromise = page.waitForEvent('popup');
      await view(page).locator('.social-apple').click();
      const { nonce } = (await (await issued).json()) as { nonce: string };
      const popup = await popupPromise;
      await popup.waitForURL(`**/_sandbox/social/apple?nonce=${nonce}`);
      const login = page.waitForRequest((r) => r.url().endsWith('/_be/identity-api/login/apple'));
      await clickClosingWindow(
        popup.locator('button[data-token]', { hasText: 'apple.user@example.com' }),
      );
      const body = (await login).postDataJSON() as { access_token: string; nonce?: string };
      expect(body.nonce).toBe(nonce);
      expect(claimsOf(body.access_token).nonce).toBe(nonce);
      await expectSignedIn(page, 'Noor Hassan');
    });

    test('a token replayed after its sign-in is refused', async ({ page }) => {
      await openLogin(page, locale);
      const login = page.waitForRequest((r) => r.url().endsWith('/_be/identity-api/login/google'));
      const popupPromise = page.waitForEvent('popup');
      await view(page).locator('.social-google').click();
      await clickClosingWindow(
        (await popupPromise).locator('button[data-token]', { hasText: 'google.user@example.com' }),
      );
      const spent = (await login).postDataJSON() as Record<string, string>;
      await expectSignedIn(page, 'Karim Mansour');
      const replay = await page.request.post('/_be/identity-api/login/google', { data: spent });
      expect(replay.status()).toBe(400);
      expect(((await replay.json()) as { error: string }).error).toBe('invalid_nonce');
    });
  });
}
