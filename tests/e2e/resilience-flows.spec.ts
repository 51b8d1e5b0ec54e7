/**
 * Resilience of every flow's main call, beyond the login call of resilience.spec.ts: through the
 * sandbox's faults, a 500, malformed JSON, a timeout and a dropped connection each give a
 * translated message, keep what was typed, and leave a way to try again; offline says so at once;
 * a double submit sends one request; then a retry without a fault succeeds. One test per flow and language runs the whole sequence on one page.
 *
 * Timeouts are not waited for: the page's clock is installed, stopped while the call leaves, and
 * moved by exactly the client's own limit (src/api/client.ts: 10 s for writes, 5 s for reads)
 * while the sandbox holds the answer back; backoffs between attempts are skipped the same way.
 * Calls the client may repeat (idempotent ones) must be tried 1 + MAX_RETRIES times on a 500, a
 * timeout or a dropped connection (never on malformed JSON), every other call exactly once.
 */
import type { Locator, Page, Request } from '@playwright/test';
import { BUSINESS_WEB_APP_LOGIN } from '../../src/site-config.ts';
import {
  catalogMessage,
  expect,
  expectNoRawKeys,
  FLOW_LOCALES,
  idleLoaded,
  localizedPath,
  openHydrated,
  pendingScripts,
  test,
  type Locale,
  type Sandbox,
} from './fixtures.ts';
import { openWithHashToken, signIn, stayOnLeavingView } from './identity-helpers.ts';
import { pressConfirm, shownCard } from './links-helpers.ts';
import { LAYLA, NEW_PASSWORD, RECOVERY_LINK } from './recovery-support.ts';

/** 1 + MAX_RETRIES of src/api/client.ts (which Node cannot import: it reads build variables). */
const ATTEMPTS_WHEN_RETRIED = 3;

type FaultKind = 'server' | 'malformed' | 'timeout' | 'dropped';
/**
 * In this order (after offline), two faults in a row show different messages on most flows, so a
 * message left over cannot pass for the next; the end of every attempt is waited for anyway.
 */
const FAULT_KINDS: readonly FaultKind[] = ['server', 'malformed', 'timeout', 'dropped'];

/** What the sandbox does for each fault; a held answer is a 503, never the real call. */
const FAULTS = {
  server: { status: 500 },
  malformed: { malformed: true },
  timeout: { delayMs: 20_000, status: 503 },
  dropped: { drop: true },
} as const satisfies Record<FaultKind, object>;

/** The failures the client retries for an idempotent call (src/api/client.ts `shouldRetry`). */
const RETRIED: ReadonlySet<FaultKind> = new Set(['server', 'timeout', 'dropped']);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A message of the catalogs: a key and its placeholders. */
type Message = readonly [key: string, params?: Record<string, string>];

/** The messages a flow shows for each failure; the transport ones default to common's. */
type Messages = Record<FaultKind | 'offline', readonly Message[]>;

function transportMessages(
  server: readonly Message[],
  wrap: (message: Message) => readonly Message[] = (message) => [message],
): Messages {
  return {
    server,
    malformed: wrap(['common:networkError']),
    timeout: wrap(['common:timeout']),
    dropped: wrap(['common:networkError']),
    offline: wrap(['common:offline']),
  };
}

interface Call {
  method: Method;
  /** Path prefix on the site's origin, as the sandbox's faults take it. */
  path: string;
  /** The client retries it (GET, or a call marked idempotent in src/api). */
  idempotent: boolean;
}

interface FormRow {
  kind: 'form';
  name: string;
  call: Call;
  messages: Messages;
  /** Opens the flow and fills it in, ready to submit (the island hydrated). */
  open: (page: Page, locale: Locale) => Promise<void>;
  submit: (page: Page, locale: Locale) => Promise<void>;
  /** Two submits at once: Enter in a field plus a click, or a double click. */
  submitTwice: (page: Page, locale: Locale) => Promise<void>;
  /** What was typed (or shown) is still there, and the submit can be used again. */
  expectKept: (page: Page, locale: Locale) => Promise<void>;
  /** After a server answer, the way back to the form, when the flow leaves it. */
  backToForm?: (page: Page, locale: Locale) => Promise<void>;
  expectSucceeded: (page: Page, locale: Locale) => Promise<void>;
}

interface LinkRow {
  kind: 'link';
  name: string;
  call: Call;
  /** The page in a language; it makes its call once confirmed (the alert's read, on load). */
  path: (locale: Locale) => string;
  /** The spec's outcome for a server error: its view and title. */
  serverView: { view: string; title: string };
  succeededView: string;
}

type Row = FormRow | LinkRow;

const m = (locale: Locale, key: string, params: Record<string, string> = {}) =>
  catalogMessage(locale, key, params);

const button = (page: Page, locale: Locale, key: string, params?: Record<string, string>) =>
  page.getByRole('button', { name: m(locale, key, params), exact: true });

const textbox = (page: Page, locale: Locale, key: string) =>
  page.getByRole('textbox', { name: m(locale, key), exact: true });

/** A password input (no role of its own) by its label. */
const passwordInput = (page: Page, locale: Locale, key: string) =>
  page.getByLabel(m(locale, key), { exact: true });

/**
 * Enter in the field, then a click on its form's submit button while the first submit is under
 * way (the button then says 'please wait', so it is found by its form, not its name).
 */
async function enterPlusClick(page: Page, field: Locator): Promise<void> {
  await field.press('Enter');
  await page.locator('form').filter({ has: field }).locator('button[type=submit]').click({
    force: true,
  });
}

const SIGNUP_NAME = 'Mona Saeed';
const SIGNUP_PASSWORD = 'Sandbox-Pass9';
const ONE_CLICK_ACR = 'merchant:Cafe%20Sandbox invoice_id:INV-7 promoValue:10';
const BUSINESS_APP = BUSINESS_WEB_APP_LOGIN.production;
const APPS_TOKEN = 'sandbox-access-token';

const ROWS: readonly Row[] = [
  {
    kind: 'form',
    name: 'sign-up',
    call: { method: 'POST', path: '/_be/onboarder/onboard', idempotent: false },
    messages: transportMessages([['spring_security_error:INTERNAL_SERVER_ERROR']]),
    open: async (page, locale) => {
      // The redirect screen's own post to the identity service stays on the page (204).
      await page.route('**/_be/idp/login', (route) => route.fulfill({ status: 204 }));
      await openHydrated(
        page,
        `${localizedPath(locale, '/signup/')}?fullMobileNumber=971500000003&otp=123456`,
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        m(locale, 'signup:enhancedTitle'),
      );
      await expect(textbox(page, locale, 'fields:phone.label')).toHaveValue('500000003');
      await textbox(page, locale, 'signup:fullName.label').fill(SIGNUP_NAME);
      await passwordInput(page, locale, 'fields:password.label').fill(SIGNUP_PASSWORD);
      await expect(page.locator('form.signup-form button[type=submit]')).toBeEnabled();
    },
    submit: (page) => page.locator('form.signup-form button[type=submit]').click(),
    submitTwice: (page, locale) =>
      enterPlusClick(page, passwordInput(page, locale, 'fields:password.label')),
    expectKept: async (page, locale) => {
      await expect(textbox(page, locale, 'signup:fullName.label')).toHaveValue(SIGNUP_NAME);
      await expect(textbox(page, locale, 'fields:phone.label')).toHaveValue('500000003');
      await expect(passwordInput(page, locale, 'fields:password.label')).toHaveValue(
        SIGNUP_PASSWORD,
      );
      await expect(page.locator('form.signup-form button[type=submit]')).toBeEnabled();
    },
    expectSucceeded: async (page, locale) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        m(locale, 'redirect:registered', { client: m(locale, 'common:productName') }),
      );
    },
  },
  {
    kind: 'form',
    name: 'recovery form (code by SMS)',
    call: { method: 'POST', path: '/_be/identity-api/otp/send', idempotent: false },
    messages: transportMessages([['error:default']]),
    open: async (page, locale) => {
      await openHydrated(page, localizedPath(locale, '/recovery?clientId=sandbox-web'));
      await page.locator('input[type=tel]').fill(LAYLA.national);
      await page.getByRole('radio', { name: m(locale, 'recovery:form.method.full_name') }).check();
      await textbox(page, locale, 'recovery:form.fullName.label').fill(LAYLA.name);
      await expect(button(page, locale, 'recovery:form.sendCode')).toBeEnabled();
    },
    submit: (page, locale) => button(page, locale, 'recovery:form.sendCode').click(),
    submitTwice: (page, locale) =>
      enterPlusClick(page, textbox(page, locale, 'recovery:form.fullName.label')),
    expectKept: async (page, locale) => {
      await expect(page.locator('input[type=tel]')).toHaveValue(LAYLA.national);
      await expect(
        page.getByRole('radio', { name: m(locale, 'recovery:form.method.full_name') }),
      ).toBeChecked();
      await expect(textbox(page, locale, 'recovery:form.fullName.label')).toHaveValue(LAYLA.name);
      await expect(button(page, locale, 'recovery:form.sendCode')).toBeEnabled();
    },
    expectSucceeded: async (page, locale) => {
      await expect(
        page.getByRole('heading', { name: m(locale, 'recovery:form.codeTitle') }),
      ).toBeVisible();
    },
  },
  {
    kind: 'form',
    name: 'reset password (/password/{token})',
    call: { method: 'PUT', path: '/_be/identity-api/recovery/password', idempotent: false },
    messages: transportMessages([['error:default']]),
    open: async (page, locale) => {
      await openHydrated(page, localizedPath(locale, '/password/reset-valid'));
      await passwordInput(page, locale, 'password:label').fill(NEW_PASSWORD);
      await expect(button(page, locale, 'password:submit')).toBeEnabled();
    },
    submit: (page, locale) => button(page, locale, 'password:submit').click(),
    submitTwice: (page, locale) =>
      enterPlusClick(page, passwordInput(page, locale, 'password:label')),
    expectKept: async (page, locale) => {
      await expect(passwordInput(page, locale, 'password:label')).toHaveValue(NEW_PASSWORD);
      await expect(button(page, locale, 'password:submit')).toBeEnabled();
    },
    expectSucceeded: async (page, locale) => {
      await page.waitForURL(`**${localizedPath(locale, '/password_success')}`);
    },
  },
  {
    kind: 'form',
    name: 'session recovery (the reset link)',
    call: {
      method: 'POST',
      path: '/_be/identity-api/recovery/notification/sandbox-web',
      idempotent: false,
    },
    messages: transportMessages([['error:default']]),
    open: async (page, locale) => {
      await openHydrated(page, localizedPath(locale, RECOVERY_LINK));
      await expect(page.locator('.masked-name')).toHaveText('L*** H*****');
      await textbox(page, locale, 'recovery:challenge.label').fill(LAYLA.name);
      await expect(button(page, locale, 'recovery:challenge.submit')).toBeEnabled();
    },
    submit: (page, locale) => button(page, locale, 'recovery:challenge.submit').click(),
    submitTwice: (page, locale) =>
      enterPlusClick(page, textbox(page, locale, 'recovery:challenge.label')),
    expectKept: async (page, locale) => {
      await expect(textbox(page, locale, 'recovery:challenge.label')).toHaveValue(LAYLA.name);
      await expect(button(page, locale, 'recovery:challenge.submit')).toBeEnabled();
    },
    expectSucceeded: async (page, locale) => {
      await expect(
        page.getByRole('heading', { name: m(locale, 'recovery:linkSent.title') }),
      ).toBeVisible();
    },
  },
  {
    kind: 'form',
    name: 'one-click checkout (its login call)',
    call: { method: 'POST', path: '/_be/identity-api/one-click/login', idempotent: true },
    // A server answer without a code of its own is the no-response text.
    messages: transportMessages([['spring_security_error:NO_RESPONSE']]),
    open: async (page, locale) => {
      await openHydrated(
        page,
        `${localizedPath(locale, '/login/one-click')}?csrf=csrf-oc-1&acr_values=${encodeURIComponent(ONE_CLICK_ACR)}`,
      );
      const section = page.locator('section.one-click');
      await expect(section).toHaveAttribute('data-view', 'phone_form');
      await expect(section).not.toHaveAttribute('aria-busy', 'true');
      // +971500000017: a push nobody answers (the phone view: 'confirm via the app').
      await page.locator('input[type=tel]').fill('500000017');
      await expect(button(page, locale, 'one_click:phone.continue')).toBeEnabled();
    },
    submit: (page, locale) => button(page, locale, 'one_click:phone.continue').click(),
    submitTwice: (page) => enterPlusClick(page, page.locator('input[type=tel]')),
    expectKept: async (page, locale) => {
      await expect(page.locator('section.one-click')).toHaveAttribute('data-view', 'phone_form');
      await expect(page.locator('input[type=tel]')).toHaveValue('500000017');
      await expect(button(page, locale, 'one_click:phone.continue')).toBeEnabled();
    },
    backToForm: async (page, locale) => {
      await expect(page.locator('section.one-click')).toHaveAttribute('data-view', 'error');
      await button(page, locale, 'one_click:tryAgain').click();
    },
    expectSucceeded: async (page) => {
      await expect(page.locator('section.one-click')).toHaveAttribute(
        'data-view',
        'confirm_via_app',
      );
    },
  },
  {
    kind: 'form',
    name: 'connected apps (remove)',
    call: { method: 'DELETE', path: '/_be/idp/api/approved/clients/', idempotent: true },
    // 'Could not remove X. Your apps have not changed.', then why when no server answered; an
    // unreadable answer counts as the server's failure.
    messages: {
      ...transportMessages([['apps:removeFailed', { name: 'Sandbox Web' }]], (message) => [
        ['apps:removeFailed', { name: 'Sandbox Web' }],
        message,
      ]),
      malformed: [['apps:removeFailed', { name: 'Sandbox Web' }]],
    },
    open: async (page, locale) => {
      // Signed in through the page's own authorize request (a token with this page's state).
      await openWithHashToken(page, localizedPath(locale, '/client-management/'), APPS_TOKEN);
      await expect(page.locator('.app-item')).toHaveCount(2);
    },
    submit: async (page, locale) => {
      await button(page, locale, 'apps:removeLabel', { name: 'Sandbox Web' }).click();
      await button(page, locale, 'apps:confirmRemove').click();
    },
    submitTwice: async (page, locale) => {
      await button(page, locale, 'apps:removeLabel', { name: 'Sandbox Web' }).click();
      await button(page, locale, 'apps:confirmRemove').dblclick();
    },
    expectKept: async (page, locale) => {
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.locator('.app-item')).toHaveCount(2);
      await expect(button(page, locale, 'apps:removeLabel', { name: 'Sandbox Web' })).toBeEnabled();
    },
    expectSucceeded: async (page, locale) => {
      await expect(page.locator('.apps-status')).toHaveText(
        m(locale, 'apps:removed', { name: 'Sandbox Web' }),
      );
      await expect(page.locator('.app-item')).toHaveCount(1);
    },
  },
  {
    kind: 'form',
    name: 'business invitation (accept)',
    call: {
      method: 'PATCH',
      path: '/_be/business/api/business/v1/invites/process',
      idempotent: false,
    },
    messages: transportMessages([['invitation:error.unknown']]),
    open: async (page, locale) => {
      await signIn(page);
      // The accepted view stays (its navigation to the business app answers 204). Whether that
      // navigation comes before the test ends is not this test's business (invitation.spec.ts
      // checks it): its wait must not fail the test when the test ends first.
      const leaving = await stayOnLeavingView(page, `${new URL(BUSINESS_APP).origin}/**`);
      leaving.request.catch(() => undefined);
      await openHydrated(page, localizedPath(locale, '/invitation/inv-valid'));
      await expect(button(page, locale, 'invitation:accept')).toBeEnabled();
    },
    submit: (page, locale) => button(page, locale, 'invitation:accept').click(),
    submitTwice: (page, locale) => button(page, locale, 'invitation:accept').dblclick(),
    expectKept: async (page, locale) => {
      await expect(page.locator('.invitation-greeting')).toHaveText(
        m(locale, 'invitation:greeting', { name: 'Layla' }),
      );
      await expect(button(page, locale, 'invitation:accept')).toBeEnabled();
    },
    expectSucceeded: async (page, locale) => {
      await expect(
        page.getByRole('heading', { level: 1, name: m(locale, 'invitation:acceptedTitle') }),
      ).toBeVisible();
    },
  },
  {
    kind: 'link',
    name: 'e-mail verification',
    call: {
      method: 'PUT',
      path: '/_be/identity-gateway/users/email/verification/ev-valid',
      idempotent: false,
    },
    // The e-mail routes take their language from ?lang=, not from the path.
    path: (locale) => `/email/ev-valid/verify?lang=${locale}`,
    // Any server error on an e-mail link shows 'expired'.
    serverView: { view: 'expired', title: 'links:email.expiredTitle' },
    succeededView: 'verified',
  },
  {
    kind: 'link',
    name: 'profile update confirmation',
    call: {
      method: 'POST',
      path: '/_be/identity-api/partner/users/profile/confirm/profile-valid',
      idempotent: false,
    },
    path: (locale) => localizedPath(locale, '/profile/update/confirm/profile-valid'),
    serverView: { view: 'error', title: 'links:profile.errorTitle' },
    succeededView: 'success',
  },
  {
    kind: 'link',
    name: 'corporate invitation',
    call: {
      method: 'POST',
      path: '/_be/identity-api/corporate/user/invitation/corp-valid',
      idempotent: false,
    },
    path: (locale) => localizedPath(locale, '/corporate/invitation/corp-valid'),
    serverView: { view: 'invalid', title: 'links:corporate.invalidTitle' },
    succeededView: 'valid',
  },
  {
    kind: 'link',
    name: 'security alert (read on load)',
    call: { method: 'GET', path: '/_be/identity-api/alerts/alert-login', idempotent: true },
    path: (locale) => localizedPath(locale, '/alerts/alert-login'),
    serverView: { view: 'error', title: 'links:alert.loadErrorTitle' },
    succeededView: 'shown',
  },
];

/** Counts the flow's calls as they leave, and as they end (answered or failed). */
function watchCall(page: Page, call: Call) {
  const isCall = (request: Request) =>
    request.method() === call.method &&
    new URL(request.url()).pathname.startsWith(call.path) &&
    // The alert's acknowledgement shares the alert's prefix.
    !new URL(request.url()).pathname.slice(call.path.length).includes('/');
  let sent = 0;
  let ended = 0;
  page.on('request', (request) => {
    if (isCall(request)) sent += 1;
  });
  const end = (request: Request) => {
    if (isCall(request)) ended += 1;
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return { sent: () => sent, ended: () => ended };
}

type Watch = ReturnType<typeof watchCall>;

const attemptsOf = (call: Call, kind: FaultKind) =>
  call.idempotent && RETRIED.has(kind) ? ATTEMPTS_WHEN_RETRIED : 1;

/** The client's time limit for the call (src/api/client.ts). */
const timeLimitOf = (call: Call) => (call.method === 'GET' ? 5000 : 10_000);

/** The longest backoff between two attempts: ~500 ms, then ~1500 ms, ±20 % (src/api/client.ts). */
const MAX_BACKOFF_MS = 1800;

/**
 * Sets the fault for every attempt the client will make and runs `act`. Where the page's timers
 * matter (a timeout, backoffs between attempts) its clock stands still from just before `act`, and
 * is moved by exactly the client's time limit for each attempt of a timeout (so a longer limit
 * fails the test), and by the longest backoff between attempts. Returns how many calls there must
 * be once the page shows that it gave up (no attempt more).
 */
async function provoke(
  page: Page,
  sandbox: Sandbox,
  watch: Watch,
  call: Call,
  kind: FaultKind,
  act: () => Promise<void>,
  options: { navigates?: boolean } = {},
): Promise<number> {
  const attempts = attemptsOf(call, kind);
  await everyFaultTaken(sandbox);
  await sandbox.fault({ method: call.method, path: call.path, times: attempts, ...FAULTS[kind] });
  const before = watch.sent();
  const paused = !options.navigates && (kind === 'timeout' || attempts > 1);
  // In the page's own time, which may run ahead of the test's.
  if (paused) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  await act();
  if (!paused) {
    // The page's time flows (a navigation's page, or one attempt): every attempt may be made
    // before the first look on a slow machine, so the whole count is awaited; the caller's 'no
    // attempt more' check still fails on one too many.
    await expect
      .poll(watch.sent, { message: `${kind}: every attempt sent` })
      .toBe(before + attempts);
    await expect
      .poll(watch.ended, { message: `${kind}: every attempt ended` })
      .toBe(before + attempts);
    await everyFaultTaken(sandbox);
    return before + attempts;
  }
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const total = before + attempt;
    await expect.poll(watch.sent, { message: `${kind}: attempt ${attempt} sent` }).toBe(total);
    // The browser reports a request before it writes it: the page's time runs on only once the
    // sandbox has it (its fault taken). A try the page gave up on before that never reached the
    // sandbox and left its fault to the next step (a 20 s hang where a drop was meant, which the
    // stopped clock never ended: the 'dropped' flakes of the alert and one-click rows).
    await expect
      .poll(sandbox.faultsLeft, { message: `${kind}: attempt ${attempt} reached the sandbox` })
      .toEqual(attempt === attempts ? [] : [attempts - attempt]);
    if (kind === 'timeout') await page.clock.runFor(timeLimitOf(call));
    await expect.poll(watch.ended, { message: `${kind}: attempt ${attempt} ended` }).toBe(total);
    if (attempt < attempts) await page.clock.runFor(MAX_BACKOFF_MS);
  }
  await page.clock.resume();
  return before + attempts;
}

/** Every call a fault was set for has reached the sandbox: none is left to answer the next. */
async function everyFaultTaken(sandbox: Sandbox) {
  await expect.poll(sandbox.faultsLeft, { message: 'faults not yet taken' }).toEqual([]);
}

/**
 * The alert says exactly the catalog's messages in the page's language (so an alert left over
 * from the previous failure does not pass), not the English ones, and nothing raw.
 */
async function expectMessage(page: Page, locale: Locale, messages: readonly Message[]) {
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(messages.map(([key, params]) => m(locale, key, params)).join(' '));
  if (locale !== 'en') {
    for (const [key, params] of messages) {
      await expect(alert).not.toContainText(m('en', key, params));
    }
  }
  await expectNoRawKeys(page);
}

async function runForm(
  row: FormRow,
  locale: Locale,
  page: Page,
  sandbox: Sandbox,
  setOffline: (offline: boolean) => Promise<void>,
) {
  await page.clock.install();
  const watch = watchCall(page, row.call);
  await row.open(page, locale);

  await test.step('offline: says so at once, keeps the input', async () => {
    await setOffline(true);
    await row.submit(page, locale);
    await expectMessage(page, locale, row.messages.offline);
    await row.expectKept(page, locale);
    await setOffline(false);
  });

  for (const kind of FAULT_KINDS) {
    await test.step(`${kind}: a message, the input kept, a way to retry`, async () => {
      const calls = await provoke(page, sandbox, watch, row.call, kind, () =>
        row.submit(page, locale),
      );
      await expectMessage(page, locale, row.messages[kind]);
      expect(watch.sent(), 'no attempt more').toBe(calls);
      if (kind === 'server' && row.backToForm) await row.backToForm(page, locale);
      await row.expectKept(page, locale);
    });
  }

  await test.step('a double submit sends one request, and the retry succeeds', async () => {
    await everyFaultTaken(sandbox);
    await sandbox.fault({ method: row.call.method, path: row.call.path, times: 1, delayMs: 800 });
    const before = watch.sent();
    await row.submitTwice(page, locale);
    await row.expectSucceeded(page, locale);
    expect(watch.sent() - before).toBe(1);
  });
}

async function runLink(
  row: LinkRow,
  locale: Locale,
  page: Page,
  sandbox: Sandbox,
  setOffline: (offline: boolean) => Promise<void>,
) {
  await page.clock.install();
  const watch = watchCall(page, row.call);
  const card = shownCard(page);
  const retry = button(page, locale, 'common:retry');
  const expectNoAnswer = async (key: string, calls?: number) => {
    await expect(card).toHaveAttribute('data-view', 'network');
    await expect(card.getByRole('alert')).toHaveText(m(locale, key));
    if (calls !== undefined) expect(watch.sent(), 'no attempt more').toBe(calls);
    if (locale !== 'en') await expect(card.getByRole('alert')).not.toHaveText(m('en', key));
    await expectNoRawKeys(page);
    await expect(retry).toBeEnabled();
  };

  await test.step("server: the spec's outcome, translated", async () => {
    const calls = await provoke(
      page,
      sandbox,
      watch,
      row.call,
      'server',
      () => page.goto(row.path(locale)).then(() => pressConfirm(page)),
      { navigates: true },
    );
    await expect(card).toHaveAttribute('data-view', row.serverView.view);
    await expect(page.locator('h1:visible')).toHaveText(m(locale, row.serverView.title));
    expect(watch.sent(), 'no attempt more').toBe(calls);
    await expectNoRawKeys(page);
  });

  await test.step('malformed JSON: a reload calls again; no answer offers a retry', async () => {
    const calls = await provoke(
      page,
      sandbox,
      watch,
      row.call,
      'malformed',
      () => page.reload().then(() => pressConfirm(page)),
      { navigates: true },
    );
    await expectNoAnswer('common:networkError', calls);
  });

  await test.step('timeout: says so, and the retry button calls again', async () => {
    const calls = await provoke(page, sandbox, watch, row.call, 'timeout', () => retry.click());
    await expectNoAnswer('common:timeout', calls);
  });

  await test.step('dropped connection', async () => {
    const calls = await provoke(page, sandbox, watch, row.call, 'dropped', () => retry.click());
    await expectNoAnswer('common:networkError', calls);
  });

  await test.step('offline: says so at once', async () => {
    await setOffline(true);
    await retry.click();
    await expectNoAnswer('common:offline');
    await setOffline(false);
  });

  await test.step('a double click on retry sends one request, and succeeds', async () => {
    await everyFaultTaken(sandbox);
    await sandbox.fault({ method: row.call.method, path: row.call.path, times: 1, delayMs: 800 });
    const before = watch.sent();
    await retry.dblclick();
    await expect(card).toHaveAttribute('data-view', row.succeededView);
    expect(watch.sent() - before).toBe(1);
  });
}

for (const row of ROWS) {
  for (const locale of FLOW_LOCALES) {
    test(`${row.name} (${locale}): faults, offline and a double submit`, async ({
      page,
      context,
      sandbox,
      pageGuards,
    }) => {
      // Its call fails on purpose (dropped, cut short), and offline every back-end call made
      // meanwhile fails (the flow's, the analytics'). A module of the page must not: nothing is
      // fetched offline (src/lib/later.ts), so a failed module load still fails the test.
      pageGuards.provokes({ requests: /\/_be\// });
      const scripts = pendingScripts(page);
      // Offline once the page's idle code has arrived (`idleLoaded`: the loss of a module on its
      // way is not what this test tests), and until the page itself says so: a submit made while
      // it still reads `navigator.onLine` as false shows 'offline' again and sends nothing.
      const setOffline = async (offline: boolean) => {
        if (offline) await idleLoaded(page, scripts);
        await context.setOffline(offline);
        await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
      };
      if (row.kind === 'form') await runForm(row, locale, page, sandbox, setOffline);
      else await runLink(row, locale, page, sandbox, setOffline);
    });
  }
}
