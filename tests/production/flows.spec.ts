/**
 * The main flows, in English and Arabic, in the production topology: the production build on its
 * origin, each back end on its own (sandbox/topology.ts). Each flow checks what only this topology
 * shows: its calls left the site's origin for the back ends' (the fixtures fail a test on any call
 * to the site's own origin, and on any CSP or Trusted Types violation or page error, the vendors'
 * stand-ins loaded on every page), and the sign-ins end in a cross-origin form post that the
 * identity service accepts (./helpers.ts). Each sign-in starts at the demo app (its authorize
 * request to the identity service, an OpenID provider on its own origin) and ends there with a
 * verified ID token; connected apps and the invitation run their own code flow with PKCE against
 * it. What the flows show on each view, with axe, is the sandbox project's (tests/e2e); here
 * steps share pages and contexts to keep the run short.
 */
import { BUSINESS_WEB_APP_LOGIN } from '../../src/site-config.ts';
import { catalogMessage, FLOW_LOCALES, localizedPath } from '../e2e/fixtures.ts';
import { gotoLink } from '../e2e/links-helpers.ts';
import { beginSignIn } from '../e2e/identity-helpers.ts';
import {
  e164,
  latestCode,
  loginPath,
  openLogin,
  PASSWORD,
  submitButton,
  submitPhone,
  view,
  withInteraction,
} from '../e2e/login-helpers.ts';
import { ACR, DESKTOP_UA, hurryPolls, newPush, pushNumber } from '../e2e/one-click-helpers.ts';
import { addAuthenticator, hanaCodeLogin } from '../e2e/passkey-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectSignedInAt } from './helpers.ts';

const BUSINESS_APP = BUSINESS_WEB_APP_LOGIN.production;

for (const locale of FLOW_LOCALES) {
  const m = (key: string, params?: Record<string, string>) => catalogMessage(locale, key, params);

  test.describe(`production topology (${locale})`, () => {
    test('password login, then connected apps (list, remove) and the business invitation', async ({
      page,
      topology,
      calls,
    }) => {
      await openLogin(page, locale);
      await submitPhone(page, '01');
      await expect(view(page)).toHaveAttribute('data-view', 'password_form');
      await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
      await submitButton(page).click();
      await expectSignedInAt(page, topology, 'Layla Haddad', 'pwd');
      expect(calls.backends()).toEqual(
        expect.arrayContaining(['identityApi', 'flags', 'analytics']),
      );

      // Connected apps: the code flow through the identity service's session (the code exchanged
      // at its token endpoint), then the list and a removal with the access token, each a call to
      // the identity service's origin.
      await page.goto(localizedPath(locale, '/client-management/'));
      await page.waitForURL((url) => url.origin === topology.site && url.hash === '');
      const items = page.locator('.app-item');
      await expect(items).toHaveCount(2);
      await page
        .getByRole('button', { name: m('apps:removeLabel', { name: 'Sandbox Web' }) })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: m('apps:confirmRemove') })
        .click();
      await expect(items).toHaveCount(1);
      const toIdp = calls
        .all()
        .filter((c) => c.backend === 'identityService' && c.type !== 'document');
      expect(toIdp.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(
        expect.arrayContaining([
          'POST /token',
          'GET /api/approved',
          'DELETE /api/approved/clients/sandbox-web',
        ]),
      );

      // The invitation: its own code flow, who is signed in read with the access token, then the
      // business API with it.
      await page.goto(localizedPath(locale, '/invitation/inv-valid'));
      await expect(page.locator('.invitation-greeting')).toHaveText(
        m('invitation:greeting', { name: 'Layla' }),
      );
      // The business web app is on the internet: the navigation to it is what is checked.
      const leaving = page.waitForRequest(
        (r) => r.isNavigationRequest() && r.url() === BUSINESS_APP,
      );
      await page.getByRole('button', { name: m('invitation:accept') }).click();
      await leaving;
      expect(calls.backends()).toEqual(expect.arrayContaining(['identityService', 'businessApi']));
    });

    test('code login, a passkey added, then a passkey login', async ({ page, topology, calls }) => {
      await addAuthenticator(page);
      await openLogin(page, locale);
      await hanaCodeLogin(page);
      await expect(view(page)).toHaveAttribute('data-view', 'passkey_offer');
      await view(page).locator('button.button-primary').click();
      await expectSignedInAt(page, topology, 'Hana Saleh', 'otp');
      const passkeyCalls = () =>
        calls
          .all()
          .filter((c) => c.backend === 'identityApi' && c.url.pathname.includes('passkey'));
      expect(passkeyCalls().length).toBeGreaterThan(0);

      // The phone field's autofill offers the passkey, which the authenticator gives at once.
      await page.goto(
        loginPath(locale, await withInteraction(page, locale, 'clientId=sandbox-web')),
      );
      const { form } = await expectSignedInAt(page, topology, 'Hana Saleh');
      expect(form.get('token')).toBeTruthy();
      await expect(page.locator('[data-claim="amr"]')).toHaveText(/^(hwk|swk)$/);
      expect(passkeyCalls().map((c) => c.url.pathname)).toContain('/login/passkey');
    });

    test("code login with 'Stay signed in', then the next one without the code", async ({
      page,
      context,
      topology,
      calls,
    }) => {
      await openLogin(page, locale);
      await submitPhone(page, '02');
      await expect(view(page)).toHaveAttribute('data-view', 'otp');
      await view(page)
        .getByRole('checkbox', { name: m('common:staySignedIn.label') })
        .check();
      await page.getByLabel(m('fields:otp.label')).fill('123456');
      await submitButton(page).click();
      const first = await expectSignedInAt(page, topology, 'Omar Khan', 'otp');
      expect(first.form.get('remember')).toBe('true');
      // The identity API's own cookie, from a call with credentials across origins.
      const cookies = await context.cookies(`${topology.backends.identityApi}/login/phone`);
      expect(cookies.find((cookie) => cookie.name === 'trusted_device')).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/login',
      });
      await openLogin(page, locale);
      await submitPhone(page, '02');
      const again = await expectSignedInAt(page, topology, 'Omar Khan', 'rba');
      expect(again.form.get('remember')).toBe('true');
      expect(calls.backends()).toContain('identityApi');
    });

    test('sign-up with a code', async ({ page, topology, sandbox, calls }) => {
      const signIn = await beginSignIn(page, `/signin?ui_locales=${locale}`);
      await page.goto(
        `${localizedPath(locale, '/signup/')}?clientId=sandbox-web&csrf=${signIn.searchParams.get('csrf') ?? ''}`,
      );
      await expect(page.locator('section.signup')).toHaveAttribute('data-flags', 'ready');
      await page.getByLabel(m('signup:fullName.label'), { exact: true }).fill('Mona Saeed');
      await page.getByLabel(m('fields:phone.label'), { exact: true }).fill('50 000 0003');
      await page.getByLabel(m('fields:password.label'), { exact: true }).fill(PASSWORD);
      await page.locator('form.signup-form button[type=submit]').click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('login_otp:title'));
      // The heading shows as the code is being sent: wait for it in the outbox.
      await page.getByLabel(m('fields:otp.label')).fill(await latestCode(sandbox, e164('03')));
      await page.getByRole('button', { name: m('login_otp:submit') }).click();
      await expectSignedInAt(page, topology, 'Mona Saeed', 'otp');
      expect(calls.backends()).toEqual(expect.arrayContaining(['identityApi', 'onboarder']));
    });

    test('the recovery form to a new password', async ({
      page,
      sandbox,
      calls,
      request,
      topology,
    }) => {
      await page.goto(localizedPath(locale, '/recovery?clientId=sandbox-web'));
      await page.locator('input[type=tel]').fill('500000001');
      await page.getByRole('radio', { name: m('recovery:form.method.full_name') }).check();
      await page
        .getByRole('textbox', { name: m('recovery:form.fullName.label'), exact: true })
        .fill('Layla Haddad');
      await page.getByRole('button', { name: m('recovery:form.sendCode') }).click();
      await expect(page.getByRole('heading', { name: m('recovery:form.codeTitle') })).toBeVisible();
      const [sms] = await sandbox.outbox(e164('01'));
      // The SMS names the page's host (WebOTP), not the identity API's.
      expect(sms?.text).toContain(`@${new URL(page.url()).host} #`);
      await page.getByLabel(m('fields:otp.label'), { exact: true }).fill(sms?.code ?? '');
      await page.getByRole('button', { name: m('recovery:form.verify') }).click();
      await page.getByLabel(m('password:label'), { exact: true }).fill('Recovered-Pass9');
      await page.getByLabel(m('password:confirmLabel'), { exact: true }).fill('Recovered-Pass9');
      await page.getByRole('button', { name: m('password:submit') }).click();
      await page.waitForURL((url) => url.pathname === localizedPath(locale, '/password_success'));
      // The success page leaves for /login after 2 s. The test ends once that page has loaded with
      // Google's button frame: closing the context while a page or a cross-origin frame is still
      // loading made Chromium hold its disposal until the test timed out (1 run in 4).
      await page.waitForURL((url) => url.pathname === localizedPath(locale, '/login'));
      await expect(
        page.frameLocator('iframe[title="Sign in with Google Button"]').getByRole('button'),
      ).toBeVisible();
      expect(calls.backends()).toContain('identityApi');
      const login = await request.post(`${topology.backends.identityApi}/login/phone`, {
        data: { phone_number: '971500000001', password: 'Recovered-Pass9' },
      });
      expect(login.status()).toBe(200);
    });

    test.describe('on a computer', () => {
      test.use({ userAgent: DESKTOP_UA });

      test('one-click approved by push', async ({ page, topology, sandbox }) => {
        await page.clock.install();
        // The demo app's sign-in with a merchant's acr_values: the identity service opens
        // one-click with them.
        const login = await beginSignIn(
          page,
          `/signin?ui_locales=${locale}&acr_values=${encodeURIComponent(ACR.cashback)}`,
        );
        expect(login.pathname).toBe(localizedPath(locale, '/login/one-click'));
        await page.goto(`${login.pathname}${login.search}`);
        const section = page.locator('section.one-click');
        await expect(section).toHaveAttribute('data-view', 'phone_form');
        await page.locator('input[type=tel]').fill('500000017');
        await page
          .getByRole('button', { name: m('one_click:phone.continue'), exact: true })
          .click();
        await expect(section).toHaveAttribute('data-view', 'push_notification');
        const id = await newPush(sandbox, '17');
        await sandbox.push(id, 'approve', await pushNumber(sandbox, '17', id));
        await hurryPolls(page);
        await expectSignedInAt(page, topology, 'Mona Fawzi', 'swk');
        await expect(page.locator('[data-claim="acr"]')).toHaveText(ACR.cashback);
      });
    });

    test('an e-mail link confirmed, and a security alert reported and the account secured', async ({
      page,
      calls,
    }) => {
      await gotoLink(page, `/email/ev-valid/verify?lang=${locale}`);
      await expect(page.locator('.link-page:visible')).toHaveAttribute('data-view', 'verified');
      expect(
        calls
          .all()
          .filter((c) => c.backend === 'identityGateway')
          .map((c) => c.method),
      ).toEqual(['PUT']);

      await gotoLink(page, localizedPath(locale, '/alerts/alert-login'));
      await expect(page.locator('h1:visible')).toHaveText(m('links:alert.loginTitle'));
      await page.getByRole('button', { name: m('links:alert.secure') }).click();
      await expect(page.locator('h1:visible')).toHaveText(m('links:alert.thanksTitle'));
      await expect(page.locator('.link-page:visible [data-action]:visible')).toHaveText([
        m('links:alert.done.signedOut'),
        m('links:alert.done.paymentsFrozen'),
      ]);
      expect(
        calls
          .all()
          .filter((c) => c.backend === 'identityApi')
          .map((c) => `${c.method} ${c.url.pathname}`),
      ).toEqual(
        expect.arrayContaining([
          'GET /alerts/alert-login',
          'PUT /alerts/alert-login/acknowledgement',
          'POST /alerts/alert-login/secure-account',
        ]),
      );
    });
  });
}
