/**
 * Helpers for the pages that need a signed-in user or an access token: signing in against the
 * sandbox's identity service (a proof token from the phone login, then its `/login` form), the
 * catalogs to compare texts with, and a recorder of every request the page makes.
 */
import type { Page, Request } from '@playwright/test';
import type { Locale } from '../../src/i18n/config.ts';
import { catalogMessage } from './fixtures.ts';

export const LAYLA = { phone: '+971500000001', password: 'Sandbox-Pass1', givenName: 'Layla' };

/** A message of `i18n/<locale>/<ns>.json`, with `{{x}}` placeholders filled. */
export function message(locale: Locale, key: string, params: Record<string, string> = {}): string {
  return catalogMessage(locale, key, params);
}

/** A proof token for Layla from the sandbox's phone login. */
async function proofToken(page: Page): Promise<string> {
  const answer = await page.request.post('/_be/identity-api/login/phone', {
    headers: { 'x-client-id': 'sandbox-web' },
    data: { phone_number: LAYLA.phone, password: LAYLA.password },
  });
  if (!answer.ok()) throw new Error(`phone login: ${answer.status()}`);
  return ((await answer.json()) as { token: string }).token;
}

/** Signs Layla in to the identity service (its session cookie lands in the page's context). */
export async function signIn(page: Page): Promise<void> {
  const token = await proofToken(page);
  const answer = await page.request.post('/_be/idp/login', { form: { token } });
  if (!answer.ok()) throw new Error(`identity service login: ${answer.status()}`);
}

/**
 * The navigation the authorize flow ends with when nobody is signed in:
 * `/login?clientId=...&csrf=...`. Call before the action that triggers it.
 */
export function waitForLogin(page: Page): Promise<Request> {
  return page.waitForRequest(
    (r) => r.isNavigationRequest() && /\/login\?clientId=[^&]+&csrf=/.test(r.url()),
  );
}

/** The csrf of that navigation (the login page may take it out of the address). */
export function csrfOf(login: Request): string {
  const csrf = new URL(login.url()).searchParams.get('csrf');
  if (!csrf) throw new Error(`no csrf in ${login.url()}`);
  return csrf;
}

/**
 * Finishes a sign-in the authorize flow started, as the login page would: the identity
 * service's form with a proof token and the csrf (posted from the page's context, so its session
 * cookie lands in the browser), then the page follows the answer back through authorize.
 */
export async function finishSignInInPage(page: Page, csrf: string): Promise<void> {
  // The login page has arrived (no navigation pending), as a user would see it.
  await page.waitForURL((url) => url.pathname.endsWith('/login'));
  const token = await proofToken(page);
  const answer = await page.request.post('/_be/idp/login', {
    form: { token, _csrf: csrf },
    maxRedirects: 0,
  });
  const next = answer.headers()['location'];
  if (answer.status() !== 302 || !next)
    throw new Error(`identity service login: ${answer.status()}`);
  await page.goto(next);
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
 * with 204 No Content, which browsers drop, so the document stays. Resolves with the request.
 */
export async function stayOnLeavingView(
  page: Page,
  pattern: string,
): Promise<{ request: Promise<Request> }> {
  await page.route(pattern, (route) => route.fulfill({ status: 204 }));
  const prefix = pattern.replace(/\*+$/, '');
  return {
    request: page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes(prefix)),
  };
}
