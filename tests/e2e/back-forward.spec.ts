/**
 * Issue 16, item 8: Back from the identity service after a sign-in, with Chromium's back/forward
 * cache on (Playwright turns it off by default with --disable-back-forward-cache): the page comes
 * back from the cache, which this test proves (a pageshow with persisted), and must not stay on
 * its frozen 'Signing you in' screen. In English and Arabic.
 */
import { expect, FLOW_LOCALES, test as base } from './fixtures.ts';
import {
  expectSignedIn,
  expectView,
  openLogin,
  PASSWORD,
  submitButton,
  submitPhone,
} from './login-helpers.ts';

/** The same browser as every other test, with the back/forward cache left on. */
const test = base.extend<object, object>({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
    },
    { scope: 'worker' },
  ],
});

for (const locale of FLOW_LOCALES) {
  test.describe(`${locale}: Back from the identity service`, () => {
    test('Back from the identity service after a sign-in: restored from the back/forward cache, a usable login page', async ({
      page,
    }) => {
      // Every pageshow of the tab, in its session storage (which outlives the reloads): whether
      // the page came from the back/forward cache.
      await page.addInitScript(() => {
        addEventListener('pageshow', (event) => {
          const shows = JSON.parse(sessionStorage.getItem('e2e:pageshows') ?? '[]') as unknown[];
          shows.push({ persisted: event.persisted, path: location.pathname });
          sessionStorage.setItem('e2e:pageshows', JSON.stringify(shows));
        });
      });
      const csrfs: (string | null)[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/_be/idp/login')) {
          csrfs.push(new URLSearchParams(request.postData() ?? '').get('_csrf'));
        }
      });
      await openLogin(page, locale, 'clientId=sandbox-web&csrf=csrf-back-1');
      await submitPhone(page, '01');
      await expectView(page, 'password_form', false);
      await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
      await submitButton(page).click();
      await expectSignedIn(page, 'Layla Haddad');
      await page.goBack({ waitUntil: 'commit' });
      await expectView(page, 'phone_form', false);
      // Chromium restored the page from its back/forward cache (a pageshow with persisted), and the
      // page then loaded afresh: the form, not the frozen 'Signing you in' screen.
      const shows = await page.evaluate(
        () =>
          JSON.parse(sessionStorage.getItem('e2e:pageshows') ?? '[]') as { persisted: boolean }[],
      );
      expect(shows.some((show) => show.persisted)).toBe(true);
      expect(
        await page.evaluate(
          () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
        ),
      ).toBe('reload');
      await expect(page.locator('input[type=tel]')).toBeEditable();
      // Signing in again: the csrf was spent by the first hand-off (the identity service renews
      // it at sign-in), so the second form goes without one, and the service signs the person in.
      await submitPhone(page, '01');
      await expectView(page, 'password_form', false);
      await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
      await submitButton(page).click();
      await expectSignedIn(page, 'Layla Haddad');
      expect(csrfs).toEqual(['csrf-back-1', '']);
    });
  });
}
