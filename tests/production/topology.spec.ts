/**
 * The production topology itself (issue 29, item 1 and its faults): the build's headers name
 * exactly the topology's origins and hold no sandbox code; the back ends answer CORS as an API
 * gateway does, tested at the API side (only the site's origin, preflights answered, credentials
 * only for the identity service, any other origin refused, never reaching the back end); the
 * sandbox's control API is also at the site's `/_sandbox`; and in the browser, a back end that
 * answers without CORS headers, a gateway's 502 error page, a refused preflight: the page says
 * the service cannot be reached and offers a retry, which works once the fault is gone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_PREFIX, type Backend } from '../../src/contract/backends.ts';
import { calledOrigins, CREDENTIALED, PRODUCTION_DIST } from '../../sandbox/topology.ts';
import { catalogMessage } from '../e2e/fixtures.ts';
import { gotoLink } from '../e2e/links-helpers.ts';
import { openLogin, submitPhone, view } from '../e2e/login-helpers.ts';
import { corsRefusal, expect, test } from './fixtures.ts';

const directive = (csp: string, name: string) =>
  csp
    .split(/[;,]/)
    .map((d) => d.trim())
    .filter((d) => d.startsWith(`${name} `))
    .map((d) => d.split(/\s+/).slice(1));

test.describe('the build', () => {
  test("its CSP names exactly the topology's origins; the e-mail function's pages keep their headers", async ({
    request,
    topology,
  }) => {
    const page = await request.get('/login');
    const csp = page.headers()['content-security-policy'] ?? '';
    const [connect = []] = directive(csp, 'connect-src');
    expect(connect.filter((s) => s.startsWith('http')).sort()).toEqual(
      [...calledOrigins(topology), 'https://accounts.google.com/gsi/'].sort(),
    );
    expect(directive(csp, 'form-action')).toEqual([["'self'", topology.backends.identityService]]);
    expect(csp).not.toMatch(/https:\/\/www\.google\.com( |;|,|$)/);
    // No browser reporting: its reports carry the page's address (src/lib/error-reporting.ts).
    expect(csp).not.toMatch(/report-(uri|to)/);
    expect(page.headers()).not.toHaveProperty('reporting-endpoints');
    // The e-mail routes are a Pages Function (functions/email): its answer keeps the page's
    // security headers (security review L5, here under Cloudflare's own runtime).
    const email = await request.get('/email/ev-valid/verify?lang=ar');
    expect(email.headers()['content-security-policy']).toBe(csp);
    expect(email.headers()['cache-control']).toBe('no-store');
    expect(email.headers()['referrer-policy']).toBe('no-referrer');
  });

  test('holds no sandbox code; the sandbox answers at the site only through its proxy', async ({
    request,
    topology,
  }) => {
    const dist = new URL(`../../${PRODUCTION_DIST}/`, import.meta.url).pathname;
    const files = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(html|js)$/.test(e.name))
      .map((e) => join(e.parentPath, e.name));
    expect(files.length).toBeGreaterThan(50);
    const found = files.filter((file) =>
      /\/_sandbox|\/_be\/|sandbox-recaptcha-/.test(readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
    const control = await request.get('/_sandbox');
    expect(control.status()).toBe(200);
    expect(await control.text()).toContain('Sandbox');
    expect((await request.get(`${topology.sandbox}/_sandbox/flags`)).ok()).toBe(true);
  });
});

test.describe('the back ends’ gateways (API side)', () => {
  const PATHS: Record<Backend, [method: string, path: string]> = {
    identityApi: ['GET', '/clients/api/v3/clients/sandbox-web'],
    onboarder: ['POST', '/onboard'],
    identityGateway: ['PUT', '/users/email/verification/ev-valid'],
    identityService: ['GET', '/api/profile/userinfo'],
    businessApi: ['PATCH', '/api/business/v1/invites/process'],
    analytics: ['POST', '/v3/publish-event'],
    flags: ['GET', '/v1/flags'],
  };

  test('answer preflights and calls from the site only, with credentials only where the cookie is read', async ({
    request,
    topology,
    sandbox,
  }) => {
    const foreign = topology.sandbox; // a page there is on the allow-list of no back end
    for (const [backend, [method, path]] of Object.entries(PATHS) as [
      Backend,
      [string, string],
    ][]) {
      const url = `${topology.backends[backend]}${path}`;
      const preflight = (origin: string) =>
        request.fetch(url, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': method,
            'Access-Control-Request-Headers': 'content-type, x-device-id',
          },
        });
      const ours = await preflight(topology.site);
      expect(ours.status(), backend).toBe(204);
      expect(ours.headers()['access-control-allow-origin'], backend).toBe(topology.site);
      expect(ours.headers()['access-control-allow-methods'], backend).toContain(method);
      expect(ours.headers()['access-control-allow-headers'], backend).toContain('x-device-id');
      expect(ours.headers()['access-control-allow-credentials'], backend).toBe(
        CREDENTIALED.includes(backend) ? 'true' : undefined,
      );
      const theirs = await preflight(foreign);
      expect(theirs.status(), backend).toBe(403);
      expect(theirs.headers()['access-control-allow-origin'], backend).toBeUndefined();
      // The call itself from another origin never reaches the back end.
      const call = await request.fetch(url, { method, headers: { Origin: foreign }, data: {} });
      expect(call.status(), backend).toBe(403);
      expect(call.headers()['access-control-allow-origin'], backend).toBeUndefined();
    }
    // Not even a well-formed call from another origin reaches the back end.
    const event = {
      session: {
        session_id: 's',
        device_id: 'd',
        platform: 'web',
        locale: 'en',
        client_version: '0.1.0',
      },
      events: [{ name: 'page_view', at: new Date().toISOString() }],
    };
    const publish = `${topology.backends.analytics}/v3/publish-event`;
    expect(
      (await request.post(publish, { headers: { Origin: foreign }, data: event })).status(),
    ).toBe(403);
    expect(await sandbox.events()).toEqual([]);
    expect(
      (await request.post(publish, { headers: { Origin: topology.site }, data: event })).status(),
    ).toBe(204);
    expect(await sandbox.events()).toHaveLength(1);
    // A rate limit's wait is readable across origins.
    await sandbox.fault({
      path: `${SANDBOX_PREFIX.flags}/v1/flags`,
      status: 429,
      retryAfter: '7',
      times: 1,
    });
    const limited = await request.get(`${topology.backends.flags}/v1/flags`, {
      headers: { Origin: topology.site },
    });
    expect(limited.status()).toBe(429);
    expect(limited.headers()['access-control-expose-headers']).toContain('retry-after');
  });
});

test.describe('faults between the site and a back end', () => {
  // Each call fails in the network (no CORS answer): the browser says so on the console, which
  // each test declares to the page guard (corsRefusal), and no page error follows.
  const LOGIN = `${SANDBOX_PREFIX.identityApi}/login/phone`;
  const cases = [
    ['a back end answering without CORS headers', { path: LOGIN, cors: false }],
    ["a gateway's 502 error page (no CORS headers)", { path: LOGIN, status: 502, cors: false }],
    ['a refused preflight', { method: 'OPTIONS', path: LOGIN, status: 403 }],
  ] as const;

  for (const [name, fault] of cases) {
    test(`login: ${name} says the service cannot be reached; Continue tries again`, async ({
      page,
      sandbox,
      topology,
      pageGuards,
    }) => {
      pageGuards.provokes(corsRefusal(topology, `${topology.backends.identityApi}/login/phone`));
      await sandbox.fault({ ...fault, times: 1 });
      await openLogin(page, 'en');
      await submitPhone(page, '01');
      await expect(view(page).getByRole('alert')).toHaveText(
        catalogMessage('en', 'common:networkError'),
      );
      await expect(view(page)).toHaveAttribute('data-view', 'phone_form');
      await expect(view(page).locator('.spinner')).toHaveCount(0);
      await view(page).locator('button[type=submit]').click();
      await expect(view(page)).toHaveAttribute('data-view', 'password_form');
    });
  }

  test('a link page: a refused preflight shows Try again, which then confirms', async ({
    page,
    sandbox,
    topology,
    pageGuards,
  }) => {
    pageGuards.provokes(
      corsRefusal(
        topology,
        `${topology.backends.identityGateway}/users/email/verification/ev-valid`,
      ),
    );
    await sandbox.fault({
      method: 'OPTIONS',
      path: `${SANDBOX_PREFIX.identityGateway}/users/email/verification/`,
      status: 403,
      times: 1,
    });
    await gotoLink(page, '/email/ev-valid/verify?lang=ar');
    const card = page.locator('.link-page:visible');
    await expect(card).toHaveAttribute('data-view', 'network');
    await expect(card.getByRole('alert')).toHaveText(catalogMessage('ar', 'common:networkError'));
    await card.getByRole('button', { name: catalogMessage('ar', 'common:retry') }).click();
    await expect(page.locator('.link-page:visible')).toHaveAttribute('data-view', 'verified');
  });
});

test('a beacon at pagehide reaches the analytics origin without a preflight', async ({
  page,
  sandbox,
  calls,
}) => {
  // Away as soon as the page's first event is queued, long before its batch is due (10 s): only
  // the page going away sends it. The analytics come with the page; the flow queues the page view
  // as it starts, done once the hydrated page is idle again.
  await openLogin(page, 'en');
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
  );
  await page.goto('about:blank');
  await expect
    .poll(async () => ((await sandbox.events()) as { name: string }[]).map((e) => e.name))
    .toContain('page_view');
  // Not by a call of the page (none went to the analytics origin): by the beacon, which a gateway
  // that allows no credentials lets through only without a preflight (a text/plain body).
  expect(calls.all().filter((c) => c.backend === 'analytics' && c.type !== 'ping')).toEqual([]);
});
