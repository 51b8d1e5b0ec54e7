/**
 * Helpers for the pages that need a signed-in user or an access token: signing in against the
 * sandbox's identity service as an app does (the demo app's authorize request, a proof token from
 * the phone login, then the `/login` form with the interaction's csrf), the catalogs to compare
 * texts with, and a recorder of every request the page makes.
 */
import type { Page, Request, Response, Route } from '@playwright/test';
import type { Locale } from '../../src/i18n/config.ts';
import { catalogMessage } from './fixtures.ts';

export const LAYLA = { phone: '+971500000001', password: 'Sandbox-Pass1', givenName: 'Layla' };

/** A message of `i18n/<locale>/<ns>.json`, with `{{x}}` placeholders filled. */
export function message(locale: Locale, key: string, params: Record<string, string> = {}): string {
  return catalogMessage(locale, key, params);
}

/** A proof token for Layla from the sandbox's phone login, for `clientId`. */
async function proofToken(page: Page, clientId: string): Promise<string> {
  const answer = await page.request.post('/_be/identity-api/login/phone', {
    headers: { 'x-client-id': clientId },
    data: { phone_number: LAYLA.phone, password: LAYLA.password },
  });
  if (!answer.ok()) throw new Error(`phone login: ${answer.status()}`);
  return ((await answer.json()) as { token: string }).token;
}

/** Where the demo app starts: its sign-in, or the partner's checkout and business web app. */
export type DemoStart = `/${string}`;

/**
 * Starts a sign-in as an app does: the demo app's authorize request (through `/_sandbox/demo-app`,
 * which knows the worker's demo app), in the page's context (its cookies: the demo app's flow,
 * the identity service's interaction binding). An identity service mounted under `/_be` is asked
 * on the site's own origin (a host in front of the sandbox passes `/_be` on); one on an origin of
 * its own (the production topology) there. Resolves with the login page the identity service
 * sends the browser to: `/{lang}/login?csrf=...&clientId=...`.
 */
export async function beginSignIn(page: Page, start: DemoStart = '/signin'): Promise<URL> {
  const demo = await page.request.get(`/_sandbox/demo-app${start}`, { maxRedirects: 0 });
  const rp = demo.headers()['location'];
  if (!rp) throw new Error(`demo app: ${demo.status()}`);
  const app = await page.request.get(rp, { maxRedirects: 0 });
  const authorize = URL.parse(app.headers()['location'] ?? '');
  if (!authorize) throw new Error(`demo app sign-in: ${app.status()}`);
  const mounted = authorize.pathname.startsWith('/_be/');
  const idp = await page.request.get(
    mounted ? `${authorize.pathname}${authorize.search}` : authorize.href,
    { maxRedirects: 0 },
  );
  const login = idp.headers()['location'];
  if (idp.status() !== 303 || !login) throw new Error(`authorize: ${idp.status()}`);
  return new URL(login, 'http://site.invalid');
}

/** The interaction id (`csrf`) of a login address the identity service gave. */
export function csrfOf(login: Request | URL): string {
  const url = login instanceof URL ? login : new URL(login.url());
  const csrf = url.searchParams.get('csrf');
  if (!csrf) throw new Error(`no csrf in ${url.href}`);
  return csrf;
}

/**
 * Finishes a sign-in of Layla at the identity service's form, as the login page would (posted
 * from the page's context, so the session lands in the browser); resolves with the address the
 * identity service then goes on to (its authorize request).
 */
async function postLogin(page: Page, csrf: string, clientId: string): Promise<string> {
  const token = await proofToken(page, clientId);
  const answer = await page.request.post('/_be/idp/login', {
    form: { token, _csrf: csrf },
    maxRedirects: 0,
  });
  const next = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(await answer.text())?.[1];
  if (answer.status() !== 200 || !next)
    throw new Error(`identity service login: ${answer.status()}`);
  return next.replace(/&amp;/g, '&');
}

/** Signs Layla in to the identity service (through the demo app; its session lands in the page's context). */
export async function signIn(page: Page): Promise<void> {
  const login = await beginSignIn(page);
  const next = await postLogin(page, csrfOf(login), 'sandbox-web');
  const done = await page.request.get(next);
  if (!done.ok()) throw new Error(`back to the demo app: ${done.status()}`);
}

/**
 * The navigation an authorize request of this front end's pages ends with when nobody is signed
 * in: `/login?csrf=...&clientId=account-web`. Call before the action that triggers it.
 */
export function waitForLogin(page: Page): Promise<Request> {
  return page.waitForRequest(
    (r) => r.isNavigationRequest() && /\/login\?csrf=[^&]+&clientId=account-web/.test(r.url()),
  );
}

/**
 * Finishes a sign-in the authorize flow started, as the login page would: the identity
 * service's form with a proof token and the csrf, then the page follows the answer back through
 * authorize to its own address.
 */
export async function finishSignInInPage(page: Page, csrf: string): Promise<void> {
  // The login page has arrived (no navigation pending), as a user would see it.
  await page.waitForURL((url) => url.pathname.endsWith('/login'));
  await page.goto(await postLogin(page, csrf, 'account-web'));
}

/**
 * Opens `path`, whose authorize request is answered as an identity service would, with
 * `answer(request)` (an address built from the request's own redirect_uri and state); resolves once
 * the page has loaded it. Nobody is signed in at the identity service: it sends the browser on to
 * the login page, and the answer is then opened instead, as a new document. No route: with one in
 * place every request of the page is intercepted, and in full runs the page's return then stalled
 * now and then (its navigation or its modules), the page left on its loader.
 */
export async function answerAuthorize(
  page: Page,
  path: string,
  answer: (request: URL) => string,
): Promise<void> {
  const asked = page.waitForRequest(
    (r) => r.isNavigationRequest() && new URL(r.url()).pathname.endsWith('/_be/idp/authorize'),
  );
  // At commit: the page leaves for the authorize request as it starts, maybe before its load.
  await page.goto(path, { waitUntil: 'commit' });
  const request = new URL((await asked).url());
  await page.waitForURL((url) => url.pathname.endsWith('/login'));
  await page.goto(answer(request));
}

/** Opens `path`, whose authorize request comes back with `login_required` (nobody signed in). */
export function answerLoginRequired(page: Page, path: string): Promise<void> {
  return answerAuthorize(page, path, (request) => {
    const back = new URL(request.searchParams.get('redirect_uri') ?? '');
    back.search = new URLSearchParams({
      error: 'login_required',
      state: request.searchParams.get('state') ?? '',
    }).toString();
    return back.href;
  });
}

/**
 * Opens a page of this front end that signs in through the authorize flow with the browser's
 * session (signIn first): the page leaves for the authorize request and comes back with a code.
 * Resolves once the returned page has exchanged it, so that checks see that page and not the first
 * one, which is leaving.
 */
export async function openSignedIn(page: Page, path: string): Promise<void> {
  const exchanged = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/_be/idp/token',
  );
  await page.goto(path);
  await exchanged;
}

/**
 * Opens a page of this front end that signs in through the authorize flow as if the identity
 * service sent an access token in the hash (the spec's entry), with the page's own state.
 */
export function openWithHashToken(page: Page, path: string, token: string): Promise<void> {
  return answerAuthorize(page, path, (request) => {
    const state = request.searchParams.get('state') ?? '';
    const hash = new URLSearchParams({ access_token: token, token_type: 'Bearer', state });
    return `${path}#${hash.toString()}`;
  });
}

export interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** Records every request of the page (with all headers) until `settled()`, for leak checks. */
export function recordRequests(page: Page): { settled: () => Promise<Sent[]> } {
  const pending: Promise<Sent>[] = [];
  const onRequest = (request: Request) => {
    const base = { url: request.url(), method: request.method(), body: request.postData() ?? '' };
    pending.push(
      request.allHeaders().then(
        (headers) => ({ ...base, headers }),
        // The page went away before the headers could be read: the provisional ones.
        () => ({ ...base, headers: request.headers() }),
      ),
    );
  };
  page.on('request', onRequest);
  return {
    settled: async () => {
      page.off('request', onRequest);
      return Promise.all(pending);
    },
  };
}

/**
 * The token appears nowhere in what the page sent, except in the Authorization header of calls
 * to the identity-service paths allowed.
 */
export function leaksOf(sent: Sent[], token: string, allowed: RegExp): string[] {
  const leaks: string[] = [];
  for (const request of sent) {
    if (request.url.includes(token)) leaks.push(`URL ${request.url}`);
    if (request.body.includes(token)) leaks.push(`body of ${request.method} ${request.url}`);
    for (const [name, value] of Object.entries(request.headers)) {
      if (!value.includes(token)) continue;
      const path = new URL(request.url).pathname;
      if (name === 'authorization' && value === `Bearer ${token}` && allowed.test(path)) continue;
      leaks.push(`header ${name} of ${request.method} ${request.url}`);
    }
  }
  return leaks;
}

/**
 * Before any page script: wraps fetch and sendBeacon to note the address at each call, so a test
 * can tell that no call was made while a secret was still in the address bar.
 */
export async function watchAddressAtEveryCall(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __addressesAtCalls: string[] }).__addressesAtCalls = seen;
    const originalFetch = window.fetch.bind(window);
    window.fetch = (...args: Parameters<typeof fetch>) => {
      seen.push(location.href);
      return originalFetch(...args);
    };
    const originalBeacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (...args: Parameters<typeof navigator.sendBeacon>) => {
      seen.push(location.href);
      return originalBeacon(...args);
    };
  });
}

export function addressesAtCalls(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { __addressesAtCalls?: string[] }).__addressesAtCalls ?? [],
  );
}

/**
 * Keeps the page on its leaving view (redirect, sign-in): the navigation to `pattern` is answered
 * with 204 No Content, which browsers drop, so the document stays. Resolves with the request, and
 * `release()`, which lifts the hold (before the page goes that way for real).
 *
 * `open(url)` opens a page that leaves at once and waits for its commit only: its `load` can come
 * after the held navigation has started, and once in a full run (routes.spec.ts, /ckb/security/,
 * the fifth page of one tab) `load` never came and `goto` waited out the test. What the tests
 * check comes after the leaving request, which they wait for.
 */
export async function stayOnLeavingView(
  page: Page,
  pattern: string,
): Promise<{
  request: Promise<Request>;
  release: () => Promise<void>;
  open: (url: string) => Promise<Response | null>;
}> {
  const hold = (route: Route) => route.fulfill({ status: 204 });
  await page.route(pattern, hold);
  const prefix = pattern.replace(/\*+$/, '');
  return {
    request: page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes(prefix)),
    release: () => page.unroute(pattern, hold),
    open: (url) => page.goto(url, { waitUntil: 'commit' }),
  };
}
