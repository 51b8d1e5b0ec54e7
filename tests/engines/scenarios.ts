/**
 * The main flows of the engine smoke, each a small function over an engine-neutral page
 * (engine.ts), run in WebKit and in Firefox from one session per engine. Every scenario starts
 * from the sandbox's seeded state and an empty cookie jar and storage; a page error or a CSP or
 * Trusted Types violation at any step fails it. To add one, append it to SCENARIOS.
 */
import { DIR, localizedPath, type Locale } from '../../src/i18n/config.ts';
import { catalogT } from '../e2e/fixtures.ts';
import { waitFor, type EnginePage } from './engine.ts';

export interface Scenario {
  readonly name: string;
  /** Resolves with a note for the test's annotations when the scenario has one. */
  readonly run: (page: EnginePage, sandbox: SandboxControl) => Promise<string | void>;
}

/** The sandbox's control API (sandbox-contract.md), from the test process. */
export interface SandboxControl {
  outbox(to: string): Promise<{ channel: string; code?: string }[]>;
}

const PASSWORD = 'Sandbox-Pass1';
const CODE = '123456';
const NEW_PASSWORD = 'Recovered-Pass9';

const t = (locale: Locale) =>
  catalogT(locale, [
    'common',
    'fields',
    'links',
    'login',
    'login_otp',
    'password',
    'redirect',
    'session',
    'signup',
  ]);

/** `<html lang dir>` of the page as served: the language's own on first paint. */
async function expectLanguage(page: EnginePage, locale: Locale): Promise<void> {
  const [lang, dir] = [await page.attribute('html', 'lang'), await page.attribute('html', 'dir')];
  if (lang !== locale || dir !== DIR[locale]) {
    throw new Error(`<html lang="${lang}" dir="${dir}">, expected ${locale} ${DIR[locale]}`);
  }
}

/**
 * The demo app's 'Sign in with Masar' in a language, to the login page the identity service
 * opens (hydrated), with the phone of `+9715000000NN` submitted.
 */
async function loginWithPhone(page: EnginePage, locale: Locale, nn: string): Promise<void> {
  await page.goto(`/_sandbox/demo-app/signin?ui_locales=${locale}`);
  await page.expectPath(`${localizedPath(locale, '/login')}?clientId=sandbox-web`);
  await expectLanguage(page, locale);
  await page.hydrated();
  await page.type('section.login input[type=tel]', `5000000${nn}`);
  await page.click({
    css: 'section.login button[type=submit]',
    text: t(locale)('login:phone.continue'),
  });
}

/** The demo app once the identity service finished its sign-in: its verified ID token's name. */
async function expectSignedIn(page: EnginePage, name: string): Promise<void> {
  await page.expectBodyText(`You are signed in as ${name}`);
  await page.expectPath('/');
}

/** In the page: how its document was loaded (Navigation Timing) and from which address. */
function howLoaded(): string | null {
  const entry = performance.getEntriesByType('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (!entry) return null;
  const url = new URL(entry.name);
  return `${entry.type} ${url.pathname}${url.search}`;
}

/** The page's own reload: Back restored it from the back/forward cache on 'Signing you in'. */
const RESTORED_THEN_RELOADED = 'reload';
/** The browser loaded it afresh (no cached page: WebKit across the change of opener policy). */
const LOADED_AFRESH = 'back_forward';

/**
 * Issue 16, item 8: Back from the app after signing in on `/login` (the phone
 * `+9715000000NN`). The login page again, at its own address, on the phone view (its field, then
 * an enabled Continue), not on the 'Signing you in' screen it was left on; its document came from
 * a GET of that address (the page's reload of a copy restored from the back/forward cache, or the
 * browser's fresh load), and nothing posted the spent hand-off again: the page stays there while
 * signing in starts over, up to the password view (the sandbox keeps no record of hand-offs; a
 * second post would take the tab to the identity service). Resolves with which load it was.
 */
async function backToUsableLogin(page: EnginePage, locale: Locale, nn: string): Promise<string> {
  const tr = t(locale);
  const login = `${localizedPath(locale, '/login')}?clientId=sandbox-web`;
  const phone = 'section.login input[type=tel]';
  const next = { css: 'section.login button[type=submit]', text: tr('login:phone.continue') };
  await page.back();
  await page.expectPath(login);
  await page.hydrated();
  await page.expectActionable(phone);
  const loaded = await page.driver.run(howLoaded);
  const how = [RESTORED_THEN_RELOADED, LOADED_AFRESH].find((type) => loaded === `${type} ${login}`);
  if (!how) throw new Error(`After Back, the login page was loaded as "${loaded}"`);
  // A reload may give the field back its number (Firefox restores form fields): typed if empty.
  const number = `5000000${nn}`;
  const kept = await page.driver.run(
    (css: string) => document.querySelector<HTMLInputElement>(css)?.value ?? '',
    phone,
  );
  if (kept.replace(/\D/g, '') !== number) {
    if (kept !== '') throw new Error(`After Back, the phone field holds "${kept}"`);
    await page.type(phone, number);
  }
  // The enhanced layout enables Continue once the field holds something.
  await page.expectActionable(next);
  await page.click(next);
  await page.expectText('section.login h1', tr('login:password.title'));
  await page.expectPath(login);
  return how === RESTORED_THEN_RELOADED
    ? 'Back: restored from the back/forward cache, then reloaded by the page'
    : 'Back: loaded afresh by the browser';
}

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'password login in Arabic (+971500000001) through to the identity service, then Back: a usable login page',
    run: async (page) => {
      const ar = t('ar');
      await loginWithPhone(page, 'ar', '01');
      await page.expectText('section.login h1', ar('login:password.title'));
      await page.type('section.login input[autocomplete=current-password]', PASSWORD);
      await page.click({
        css: 'section.login button[type=submit]',
        text: ar('login:password.submit'),
      });
      await expectSignedIn(page, 'Layla Haddad');
      return backToUsableLogin(page, 'ar', '01');
    },
  },
  {
    name: 'code login (+971500000002, code 123456)',
    run: async (page) => {
      const en = t('en');
      await loginWithPhone(page, 'en', '02');
      await page.expectText('section.login h1', en('login_otp:title'));
      await page.type('section.login input[autocomplete=one-time-code]', CODE);
      await page.click({ css: 'section.login button[type=submit]', text: en('login_otp:submit') });
      await expectSignedIn(page, 'Omar Khan');
      // The demo app is another origin, where the probe does not run: the final check reads the
      // probe on a page of the site again (each step's own check read the login page's).
      await page.goto('/password_success');
    },
  },
  {
    name: 'sign-up to the code view (+971500000003)',
    run: async (page, sandbox) => {
      const en = t('en');
      await page.goto('/signup/?clientId=sandbox-web');
      await expectLanguage(page, 'en');
      await page.expectText('h1', en('signup:enhancedTitle'));
      await page.hydrated();
      await page.type('form.signup-form input[autocomplete=name]', 'Mona Saeed Rahman');
      await page.type('form.signup-form input[type=tel]', '500000003');
      await page.type('form.signup-form input[autocomplete=new-password]', 'Sandbox-Pass9');
      await page.click('form.signup-form button[type=submit]');
      await page.expectText('h1', en('login_otp:title'));
      // The code view sends the code as it opens: the SMS reaches the outbox just after.
      await waitFor(
        'a code sent to +971500000003 by SMS',
        () => sandbox.outbox('+971500000003'),
        (sent) => sent.some((item) => item.channel === 'sms' && item.code),
      );
    },
  },
  {
    name: 'e-mail link page in Arabic (/email/ev-valid/verify?lang=ar): verified',
    run: async (page) => {
      await page.goto('/email/ev-valid/verify?lang=ar');
      // Nothing is spent on load: the person presses the confirm button (enabled by the script).
      await page.expectText('h1', t('ar')('links:confirm.verifyTitle'));
      await page.click({ css: 'button', text: t('ar')('links:confirm.verifyAction') });
      await expectLanguage(page, 'ar');
      await page.expectText('h1', t('ar')('links:email.verifiedTitle'));
    },
  },
  {
    name: "security alert (/alerts/alert-login): 'This wasn't me' reported",
    run: async (page) => {
      const en = t('en');
      await page.goto('/alerts/alert-login');
      await expectLanguage(page, 'en');
      await page.expectText('h1', en('links:alert.loginTitle'));
      await page.click({ css: 'button', text: en('links:alert.secure') });
      await page.expectText('h1', en('links:alert.thanksTitle'));
    },
  },
  {
    name: 'password reset (/password/reset-valid): changed',
    run: async (page) => {
      const en = t('en');
      await page.goto('/password/reset-valid');
      await expectLanguage(page, 'en');
      await page.expectText('h1', en('password:title'));
      await page.hydrated();
      await page.type('input[autocomplete=new-password]', NEW_PASSWORD);
      await page.click({ css: 'button[type=submit]', text: en('password:submit') });
      await page.expectPath('/password_success');
      await page.expectText('h1', en('session:passwordSuccessTitle'));
    },
  },
];
