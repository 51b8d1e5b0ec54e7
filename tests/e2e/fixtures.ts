/**
 * Shared Playwright fixtures: a sandbox client (reset before every test, outbox, faults, flags),
 * the locale table, and an axe check that fails on any WCAG 2.2 A/AA violation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import type { AccountSecurityResponse } from '../../src/contract/sandbox-control.ts';
import { LOCALES, localizedPath, type Locale } from '../../src/i18n/config.ts';
import { createT, type Translate } from '../../src/i18n/t.ts';
import { startSite, type ServeWith } from './servers.ts';

export { expect };
export { LOCALES, localizedPath, type Locale };

const catalogs = new Map<string, unknown>();

/** The product's own `t()` over the catalogs of a language, to compare page texts with. */
export function catalogT(locale: Locale, namespaces: readonly string[]): Translate {
  const picked = Object.fromEntries(
    namespaces.map((ns) => {
      const id = `${locale}/${ns}`;
      if (!catalogs.has(id)) {
        const file = new URL(`../../i18n/${locale}/${ns}.json`, import.meta.url);
        catalogs.set(id, JSON.parse(readFileSync(file, 'utf8')));
      }
      return [ns, catalogs.get(id)];
    }),
  );
  return createT(locale, picked);
}

/** One message of the catalogs, placeholders filled; throws when the key does not exist. */
export function catalogMessage(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = catalogT(locale, [key.split(':')[0] ?? '']).maybe(key, params);
  if (text === undefined) throw new Error(`No ${key} in ${locale}`);
  return text;
}

/**
 * Fake timers with time standing still until the test moves it (`page.clock.runFor`): the
 * 2-second redirects wait however slow the machine is. (`clock.install()` alone lets time flow.)
 */
export async function freezeTime(page: Page): Promise<void> {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 60_000);
}

/**
 * Runs the page's timers ahead, a second at a time and for at most `seconds` of the page's time,
 * until `done()` holds: a countdown on the screen (the redirect view's 5 seconds before the
 * hand-off) passes in a moment instead of in real seconds, through its own timers and renders.
 * From the first call on, the context's pages run on Playwright's clock (time still flows; a timer
 * set before the call runs in real time). The clock stands while one of the page's calls (fetch,
 * XHR) is on its way: a call's own time limit is never run ahead of its answer. For waits whose
 * length is not what the test checks.
 */
export async function hurryTimers(page: Page, done: () => boolean, seconds = 15): Promise<void> {
  if (done()) return;
  const faked = await page.evaluate(() => 'isFake' in Date).catch(() => undefined);
  // The page is going away (what the test waits for, most likely): nothing left to hurry.
  if (faked === undefined) return;
  if (!faked) await page.clock.install();
  const calls = new Set<Request>();
  const onRequest = (request: Request) => {
    if (['fetch', 'xhr'].includes(request.resourceType())) calls.add(request);
  };
  const onEnd = (request: Request) => calls.delete(request);
  page.on('request', onRequest);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  try {
    for (let second = 0; second < seconds && !done() && !page.isClosed();) {
      if (calls.size === 0) {
        await page.clock.runFor(1000);
        second += 1;
      }
      // The page renders what its timers changed and sets its next ones (a countdown's next tick).
      await new Promise((resolve) => setTimeout(resolve, calls.size === 0 ? 100 : 20));
    }
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onEnd);
    page.off('requestfailed', onEnd);
  }
}

/**
 * Navigations to `pattern` answer 204 No Content, which browsers treat as 'stay on the current
 * page': a view that leaves for another page stays to be checked, however slow the machine. The
 * returned function waits until the page has tried to leave: a test that goes on to another
 * address waits for it first, or the held page's own navigation, when it comes, aborts the
 * test's (net::ERR_ABORTED).
 */
export async function stayBefore(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  let tried = () => {};
  const left = new Promise<void>((resolve) => {
    tried = resolve;
  });
  await page.route(pattern, (route) => {
    if (!route.request().isNavigationRequest()) return route.continue();
    tried();
    return route.fulfill({ status: 204 });
  });
  return () => left;
}

/** Keeps a page that sends itself to the login page after 2 s (session expired ...) in place. */
export async function holdLoginRedirect(page: Page): Promise<() => Promise<void>> {
  return stayBefore(page, /\/login(\?.*)?$/);
}

/**
 * Holds the page's requests matching `url` until the returned `release` is called, then lets
 * them go on to the sandbox (faults included) or fails them as a lost connection: the view that
 * waits for them stays to be checked for as long as that takes, and no longer.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  then: 'continue' | 'abort' = 'continue',
): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await (then === 'abort' ? route.abort('internetdisconnected') : route.continue());
  });
  return release;
}

/**
 * Opens a page and waits until its islands have hydrated (Astro drops an island's `ssr` attribute
 * then): for tests that press keys, since a submit stays disabled until its island runs.
 */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** The page's script requests still on their way (for checks made once every module is here). */
export function pendingScripts(page: Page): Set<Request> {
  const pending = new Set<Request>();
  const done = (request: Request) => pending.delete(request);
  page.on('request', (request) => {
    if (request.resourceType() === 'script') pending.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return pending;
}

/**
 * Resolves once the tasks the page has queued have run, React's renders among them (its scheduler
 * queues them on a MessageChannel, which Playwright's clock does not hold): a module that arrived
 * or a promise that settled before the call has been drawn when it returns.
 */
export async function settleTasks(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let task = 0; task < 3; task += 1) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(undefined);
      });
    }
  });
}

/**
 * Resolves once the code the page loads when idle (src/lib/later.ts) has arrived: the idle
 * callbacks' time limit run on the page's clock (installed), then no script on its way, twice
 * across the page's queued tasks (a module's own imports are asked for once it has arrived).
 * `scripts` is `pendingScripts(page)`, taken before the page opened.
 *
 * For the tests that go offline: a connection lost while a module and its imports are on their
 * way leaves them failed for the page's whole life (Chromium's module map keeps a failed module;
 * docs/test-trust.md), which is a known defect of the product these tests do not test.
 */
export async function idleLoaded(page: Page, scripts: Set<Request>): Promise<void> {
  await page.clock.runFor(3000);
  await expect(async () => {
    expect(scripts.size).toBe(0);
    await settleTasks(page);
    expect(scripts.size).toBe(0);
  }).toPass();
}

/**
 * Clicks a button of the sandbox's sign-in window, which closes itself on that click: the window
 * can be gone before the click returns, which is the button working, not a failure.
 */
export async function clickClosingWindow(button: Locator): Promise<void> {
  const window = button.page();
  const closed = window.waitForEvent('close');
  await button.click({ noWaitAfter: true }).catch((error: unknown) => {
    if (!window.isClosed()) throw error;
  });
  await closed;
}

/** A slow network for the page's scripts: its pre-rendered form takes input long before its island. */
export async function slowScripts(page: Page, delayMs = 1000): Promise<void> {
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

/** The languages every flow runs in: English and a right-to-left one. */
export const FLOW_LOCALES = ['en', 'ar'] as const satisfies readonly Locale[];

export interface OutboxItem {
  channel: 'sms' | 'voice' | 'email' | 'push';
  to: string;
  text: string;
  code?: string;
  link?: string;
  requestId?: string;
  /** The number challenge a push carries. */
  number?: string;
  at: string;
}

export function sandboxClient(request: APIRequestContext) {
  return {
    reset: async () => expect((await request.post('/_sandbox/reset')).ok()).toBe(true),
    outbox: async (to: string): Promise<OutboxItem[]> =>
      (await request.get(`/_sandbox/outbox?to=${encodeURIComponent(to)}`)).json() as Promise<
        OutboxItem[]
      >,
    flags: async (flags: Record<string, unknown>) =>
      expect((await request.put('/_sandbox/flags', { data: flags })).ok()).toBe(true),
    fault: async (fault: {
      method?: string;
      path: string;
      status?: number;
      body?: unknown;
      delayMs?: number;
      times?: number;
      /** Answer `status` (default 200) with a truncated JSON body. */
      malformed?: boolean;
      /** Drop the connection instead of answering (after `delayMs`). */
      drop?: boolean;
      /** The answer's `Retry-After` header (seconds or an HTTP date). */
      retryAfter?: string;
    }) => expect((await request.post('/_sandbox/faults', { data: fault })).ok()).toBe(true),
    /** How many calls each fault still set (in order) is to answer (`undefined`: every call). */
    faultsLeft: async () =>
      ((await (await request.get('/_sandbox/faults')).json()) as { remaining?: number }[]).map(
        (fault) => fault.remaining,
      ),
    events: async () => (await request.get('/_sandbox/events')).json() as Promise<unknown[]>,
    /** The security page's sample: sessions elsewhere, Layla's listed passkeys (until reset). */
    sampleSessions: async () =>
      expect((await request.post('/_sandbox/sessions/sample')).ok()).toBe(true),
    /** An account's sessions, payments and passkeys, as 'This wasn't me' left them. */
    security: async (account: string): Promise<AccountSecurityResponse> =>
      (
        await request.get(`/_sandbox/security?account=${encodeURIComponent(account)}`)
      ).json() as Promise<AccountSecurityResponse>,
    /** Acts as the mobile app; approving a push with a number challenge takes the number. */
    push: async (requestId: string, action: 'approve' | 'reject', number?: string) =>
      expect(
        (
          await request.post(`/_sandbox/push/${requestId}/${action}`, {
            data: number === undefined ? {} : { number },
          })
        ).ok(),
      ).toBe(true),
  };
}

export type Sandbox = ReturnType<typeof sandboxClient>;

/** What a test provokes on purpose, declared to the page guard (`pageGuards.provokes`). */
export interface Provoked {
  /** First-party requests (their URL) that may fail or answer 400 or more. */
  requests?: RegExp;
  /** `console.error` texts the page may log. */
  console?: RegExp;
  /** Uncaught errors (their message) the page may throw. */
  errors?: RegExp;
}

/**
 * Whose a request is: the site's (its pages and their assets), a back end's (its answers are the
 * flows' business: the tests check them), or neither (a vendor's: not the product's to judge).
 */
export type Party = (url: URL) => 'site' | 'backEnd' | undefined;

/** The sandbox build's: one origin, its back ends (`/_be/`, and the sandbox's `/_sandbox/`) under it. */
export function sandboxParty(origin: string): Party {
  return (url) => {
    if (url.origin !== origin) return undefined;
    return /^\/_(be|sandbox)\//.test(url.pathname) ? 'backEnd' : 'site';
  };
}

/**
 * Console errors that are not the page's: each entry says where it comes from and why it is
 * let through. (Content-Security-Policy and Trusted Types messages are judged apart, below.)
 */
const CONSOLE_NOISE: readonly RegExp[] = [
  // Chromium's own line for every answer of 400 or more and every failed load. The guard judges
  // the request itself instead: a back end's 4xx is the flow under test, an asset's is a failure.
  /^Failed to load resource: /,
];

const POLICY_VIOLATION = /Content.Security.Policy|TrustedHTML|TrustedScript|Trusted Type/i;

/**
 * Watches a page for what a person would see go wrong, into `problems`: an uncaught error, a
 * `console.error`, a first-party request (the site's or a back end's, `party`) that fails (a lost
 * connection, a refused load, a call the browser refuses for CORS; not one the browser cancels
 * because the page left or the page's own code aborted it), and an asset of the site (a script, a
 * style sheet, an image, a font) that answers 400 or more. The back ends' answers are the flows'
 * business: the tests check them. Policy violations go to `violations`. What `provoked` says the
 * test provokes is let through.
 */
export function watchPage(
  page: Page,
  party: Party,
  provoked: (kind: keyof Provoked, text: string) => boolean,
  problems: string[],
  violations: string[],
): void {
  const partyOf = (url: string) => (URL.canParse(url) ? party(new URL(url)) : undefined);
  const where = (request: Request) => `${request.method()} ${request.url().slice(0, 160)}`;
  page.on('pageerror', (error) => {
    if (!provoked('errors', error.message)) problems.push(`page error: ${error.message}`);
  });
  page.on('console', (message) => {
    const text = message.text();
    if (POLICY_VIOLATION.test(text)) violations.push(`policy violation: ${text}`);
    else if (message.type() !== 'error') return;
    else if (CONSOLE_NOISE.some((noise) => noise.test(text))) return;
    else if (!provoked('console', text)) problems.push(`console.error: ${text}`);
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    if (partyOf(request.url()) === undefined || error === 'net::ERR_ABORTED') return;
    if (provoked('requests', request.url())) return;
    problems.push(`request failed (${error}): ${where(request)}`);
  });
  page.on('response', (response) => {
    const request = response.request();
    if (response.status() < 400 || partyOf(request.url()) !== 'site') return;
    // A document's status is what the test that opens it checks (the 404 page answers 404).
    if (['document', 'fetch', 'xhr'].includes(request.resourceType())) return;
    if (provoked('requests', request.url())) return;
    problems.push(`asset answered ${response.status()}: ${where(request)}`);
  });
}

/**
 * The page guard of a test's browser context: `watchPage` on each of its pages, those open and
 * those it opens (popups, the sandbox's sign-in windows ...), with what the test declares it
 * provokes (`provokes`). The fixtures check `problems` and `violations` at the test's end.
 */
export function guardContext(context: BrowserContext, party: Party) {
  const problems: string[] = [];
  const violations: string[] = [];
  const declared: Provoked[] = [];
  const provoked = (kind: keyof Provoked, text: string) =>
    declared.some((what) => what[kind]?.test(text) === true);
  const watch = (page: Page) => watchPage(page, party, provoked, problems, violations);
  context.pages().forEach(watch);
  context.on('page', watch);
  return { problems, violations, provokes: (what: Provoked) => void declared.push(what) };
}

/**
 * Every test starts from the sandbox's seeded state, and fails on what a person would see go
 * wrong on any page of its browser context (`watchPage`): a Content-Security-Policy or Trusted
 * Types violation, an uncaught error, a `console.error`, a failed first-party load (auto
 * fixtures). A test that provokes a failure on purpose declares it (`pageGuards.provokes`);
 * tests/e2e/guard-check.spec.ts shows that each kind of problem fails a test.
 */
export const test = base.extend<
  {
    sandbox: Sandbox;
    pageGuards: { provokes: (what: Provoked) => void };
    /** For the tests that provoke a violation on purpose. */
    allowPolicyViolations: boolean;
  },
  { serveWith: ServeWith; site: { url: string } }
>({
  serveWith: ['sandbox', { scope: 'worker', option: true }],
  site: [
    async ({ serveWith }, use, workerInfo) => {
      const site = await startSite(serveWith, workerInfo.parallelIndex);
      await use({ url: site.url });
      await site.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  allowPolicyViolations: [false, { option: true }],
  sandbox: [
    async ({ request }, use) => {
      const sandbox = sandboxClient(request);
      await sandbox.reset();
      await use(sandbox);
    },
    { auto: true },
  ],
  pageGuards: [
    // `page` first: the test's page is watched from its start.
    async ({ page: _page, context, site, allowPolicyViolations }, use) => {
      const { problems, violations, provokes } = guardContext(
        context,
        sandboxParty(new URL(site.url).origin),
      );
      await use({ provokes });
      expect(problems, 'script errors, console errors or failed loads on the page').toEqual([]);
      if (!allowPolicyViolations) {
        expect(violations, 'CSP or Trusted Types violations on the page').toEqual([]);
      }
    },
    { auto: true },
  ],
});

/**
 * axe-core takes text whose shapes differ much from a fallback font's for an icon-font ligature
 * and, after three in one font, skips the colour contrast of all text in that font. Joined Arabic
 * script (Arabic, Urdu, Sorani) looks like that to it, so the contrast of right-to-left pages
 * would go unchecked. Icon fonts spell ligatures in Latin: text with Arabic-script letters is text.
 */
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
/**
 * axe-core's minified build (the same version and rules as axe.js; put into a page and run once
 * in 0.58 s against 1.0 s, means of 8 documents of /ar/login each, alternately, on a loaded
 * machine), with the icon-ligature heuristic patched as above and the configuration AxeBuilder's legacy mode sets (frames of the
 * same origin only) run with it, in one evaluation. The heuristic's minified name is read from
 * axe's own export of it (`isIconLigature:function(){return NAME}`).
 */
const AXE_SOURCE = (() => {
  const changed = () =>
    new Error('axe-core changed: re-check its icon-ligature heuristic (fixtures.ts)');
  // The axe-core that @axe-core/playwright itself depends on.
  const axeBuilder = createRequire(import.meta.url).resolve('@axe-core/playwright');
  const source = readFileSync(createRequire(axeBuilder).resolve('axe-core/axe.min.js'), 'utf8');
  const exported = [...source.matchAll(/isIconLigature:function\(\)\{return (\w+)\}/g)];
  const name = exported.length === 1 ? exported[0]?.[1] : undefined;
  if (name === undefined) throw changed();
  // Its definition: one text-node parameter, then the two thresholds (0.15 and 3) it defaults.
  const definitions = [
    ...source.matchAll(new RegExp(`function ${name}\\((\\w+)\\)\\{(?=var \\w+=1<arguments)`, 'g')),
  ];
  const [head, parameter] = definitions.length === 1 ? (definitions[0] ?? []) : [];
  if (head === undefined || parameter === undefined || source.split(head).length !== 2) {
    throw changed();
  }
  const patched = source.replace(
    head,
    `${head}if(${ARABIC_SCRIPT.toString()}.test(${parameter}.actualNode.nodeValue))return false;`,
  );
  // Its few non-ASCII characters (in messages and regular expressions) written as \u escapes:
  // a string of one byte a character crosses the DevTools pipe and is parsed faster (174 -> 157
  // ms a new document, means of 12 each, session 48; 653 new documents in a run).
  return `${patched}
;window.axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`.replace(
    /[\u0080-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
})();

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules (target size among them): what every check runs. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Puts axe into every frame of the page that does not have it yet: once per document, not once
 * per check. (@axe-core/playwright's AxeBuilder evaluated its 550 KB source twice per check, which
 * took 1.5 s of each 2 s check; a page checked in several views paid it for each.)
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    try {
      const present = await frame.evaluate(
        () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
      );
      if (present) continue;
      await frame.evaluate(AXE_SOURCE);
    } catch {
      // A frame that went away or cannot be scripted: AxeBuilder skipped those too.
    }
  }
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Waits until the page shows its view as people will use it: a card waiting for the feature flags
 * hides its fields, and a view whose module is still on its way is a spinner
 * (`ViewSuspense`, src/ui/lazy-view.tsx; on a busy machine the idle prefetch comes late).
 */
export async function expectViewShown(page: Page): Promise<void> {
  await expect(page.locator('[data-flags="loading"]')).toHaveCount(0);
  await expect(page.locator('.view-loading')).toHaveCount(0);
}

/** Runs axe (WCAG 2.0, 2.1 and 2.2 A and AA) on the page as it is now; any violation fails the test. */
export async function expectAccessible(page: Page, context = ''): Promise<void> {
  await expectViewShown(page);
  await injectAxe(page);
  // axe.run in the page itself, as AxeBuilder's legacy mode does (its default merges per-frame
  // results in a new blank page, twice the time, for cross-origin frames that the sandbox's pages
  // do not have). Every rule runs and every violation is reported in full; `resultTypes` only
  // spares axe listing every node that passed (one of each is kept), which nothing here reads.
  const outcome = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: unknown): Promise<{ violations: unknown[] }> };
    };
    try {
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return { violations: results.violations, error: null };
    } catch (error) {
      return { violations: [], error: error instanceof Error ? error.message : String(error) };
    }
  }, AXE_TAGS);
  if (outcome.error !== null) throw new Error(`axe failed: ${outcome.error}`);
  const summary = (outcome.violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

const NAMESPACES = readdirSync(new URL('../../i18n/en/', import.meta.url))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));
const RAW_KEY = new RegExp(`\\b(${NAMESPACES.join('|')}):[A-Za-z_][\\w.]*`);

/** No message key (`common:continue`, `spring_security_error:X` ...) is shown untranslated. */
export async function expectNoRawKeys(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(RAW_KEY);
}
