/**
 * The production project's fixtures: each worker serves the production build in a production
 * topology of its own (./topology.ts), every test starts from a sandbox reset (through the site's
 * own `/_sandbox`, as QA does), with the vendors' stand-ins on their real addresses
 * (./vendors.ts; no test here sets a Playwright route: with one, Playwright would answer the
 * page's CORS preflights itself), and with guards that fail it at the end:
 * - the sandbox project's page guard (tests/e2e/fixtures.ts, `watchPage`, `pageGuards`) on every
 *   page of the test: an uncaught error, a `console.error`, a first-party request that fails (a
 *   call the browser refuses for CORS among them), an asset of the site answering 400 or more. A
 *   test that provokes one on purpose declares it: `pageGuards.provokes({ requests, console,
 *   errors })`. First party here: the site's origin and the back ends' (`productionParty`);
 * - any CSP or Trusted Types violation (`securitypolicyviolation`, recorded by a script that runs
 *   first in every document and frame, as the engine smoke's probe does: sandbox/probe.ts);
 * - any call (fetch, XHR, beacon) that a page made to the site's own origin: every call of the
 *   production build leaves it for a back end's (`calls` lists them, by back end).
 * ./guard-check.spec.ts shows the page guard failing here.
 */
import { test as base, expect, type APIRequestContext, type Request } from '@playwright/test';
import type { Backend } from '../../src/contract/backends.ts';
import type { ReportsResponse } from '../../src/contract/sandbox-control.ts';
import { guardContext, sandboxClient, type Party, type Provoked } from '../e2e/fixtures.ts';
import { startTopology } from './topology.ts';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../../scripts/local-browser.ts';
import { TOPOLOGY_PORTS, type Topology } from '../../sandbox/topology.ts';
import { startVendors, type VendorTokens } from './vendors.ts';

export { expect };

export interface Call {
  method: string;
  url: URL;
  /** `fetch`, `xhr`, `ping` (a beacon) or `document` (a navigation: a form post, a redirect). */
  type: string;
  /** The back end the call went to, when it went to one. */
  backend: Backend | undefined;
  request: Request;
}

export interface Calls {
  /** Every call and navigation so far, in order. */
  all: () => readonly Call[];
  /** The back ends called so far (by fetch, XHR or beacon). */
  backends: () => Backend[];
}

export function productionSandbox(request: APIRequestContext) {
  return {
    ...sandboxClient(request),
    reports: async () => (await (await request.get('/_sandbox/reports')).json()) as ReportsResponse,
  };
}

/**
 * The product's own requests in the topology: the site's origin (its pages and assets) and the
 * back ends' origins (sandbox/topology.ts, `backends`: the identity API, the onboarder, the
 * identity gateway, the identity service, the business API, analytics, the flags), each a service
 * of ours in production. Third party, not judged: the vendors' stand-ins (./vendors.ts: Google,
 * Apple, reCAPTCHA on their real addresses), the error reporting's (Sentry's ingest) and the demo
 * app (a relying party: someone else's site that signs people in with us); the sandbox's control
 * origin is the tests', never the pages'.
 */
export function productionParty(topology: Topology): Party {
  const backEnds = new Set(Object.values(topology.backends));
  return (url) => {
    if (url.origin === topology.site) return 'site';
    return backEnds.has(url.origin) ? 'backEnd' : undefined;
  };
}

/**
 * What a call the browser refuses for CORS leaves, for a test that provokes the refusal on purpose
 * (`pageGuards.provokes`): the call fails (net::ERR_FAILED), and Chromium says why on the console
 * ("Access to fetch at '{url}' from origin '{site}' has been blocked by CORS policy: ...").
 */
export function corsRefusal(topology: Topology, url: string): Provoked {
  return {
    requests: new RegExp(`^${RegExp.escape(url)}$`),
    console: new RegExp(
      `^Access to fetch at '${RegExp.escape(url)}' from origin '${RegExp.escape(topology.site)}' has been blocked by CORS policy: `,
    ),
  };
}

const CALL_TYPES = new Set(['fetch', 'xhr', 'ping', 'eventsource', 'websocket']);

export const test = base.extend<
  {
    sandbox: ReturnType<typeof productionSandbox>;
    /** The tokens the vendors' stand-ins answer with (set before the window or frame opens). */
    vendors: VendorTokens;
    calls: Calls;
    /** For the tests that provoke a CSP or Trusted Types violation on purpose. */
    allowViolations: boolean;
    pageGuards: { provokes: (what: Provoked) => void };
  },
  { topology: Topology; vendorServer: Awaited<ReturnType<typeof startVendors>> }
>({
  topology: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const running = await startTopology(workerInfo.parallelIndex);
      try {
        await use(running.topology);
      } finally {
        await running.stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ topology }, use) => use(topology.site),
  allowViolations: [false, { option: true }],
  sandbox: [
    async ({ request }, use) => {
      const sandbox = productionSandbox(request);
      await sandbox.reset();
      await use(sandbox);
    },
    { auto: true },
  ],
  vendorServer: [
    async ({ topology }, use) => {
      const server = await startVendors(topology.base + TOPOLOGY_PORTS, topology.site);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker' },
  ],
  // The worker's browser: Debian's Chromium (its headless shell), the vendors' hosts sent to
  // their stand-ins, and Reporting API reports delivered at once (not within a minute).
  launchOptions: [
    async ({ vendorServer }, use) =>
      use({
        executablePath: TEST_CHROMIUM_PATH,
        args: [
          ...CHROMIUM_FLAGS,
          '--disable-quic',
          '--short-reporting-delay',
          vendorServer.hostRules,
        ],
      }),
    { scope: 'worker' },
  ],
  ignoreHTTPSErrors: true,
  vendors: async ({ vendorServer }, use) => {
    delete vendorServer.tokens.google;
    delete vendorServer.tokens.apple;
    await use(vendorServer.tokens);
  },
  calls: [
    async ({ context, topology }, use) => {
      const calls: Call[] = [];
      const backendOf = new Map(
        Object.entries(topology.backends).map(([b, o]) => [o, b as Backend]),
      );
      context.on('request', (request) => {
        const type = request.resourceType();
        if (!CALL_TYPES.has(type) && !request.isNavigationRequest()) return;
        const url = new URL(request.url());
        calls.push({
          method: request.method(),
          url,
          type,
          backend: backendOf.get(url.origin),
          request,
        });
      });
      await use({
        all: () => calls,
        backends: () => [
          ...new Set(calls.filter((c) => c.type !== 'document').flatMap((c) => c.backend ?? [])),
        ],
      });
      const home = calls.filter((c) => c.type !== 'document' && c.url.origin === topology.site);
      expect(
        home.map((c) => `${c.method} ${c.url.pathname}`),
        "calls to the site's own origin",
      ).toEqual([]);
    },
    { auto: true },
  ],
  pageGuards: [
    async ({ context, topology, allowViolations }, use) => {
      const { problems, provokes } = guardContext(context, productionParty(topology));
      // Violations as the page itself sees them, in every frame (the console's lines about them,
      // which watchPage also collects, are left aside).
      const violations: string[] = [];
      await context.exposeBinding('__productionGuard', ({ frame }, text: string) => {
        violations.push(`${text} (in ${frame.url().split('?')[0]})`);
      });
      await context.addInitScript(() => {
        const report = (window as unknown as { __productionGuard?: (text: string) => void })
          .__productionGuard;
        addEventListener(
          'securitypolicyviolation',
          (e) =>
            report?.(
              `policy violation: ${e.effectiveDirective} ${e.blockedURI} ${e.sample}`.trim(),
            ),
          true,
        );
      });
      await use({ provokes });
      expect(problems, 'script errors, console errors or failed loads on the page').toEqual([]);
      if (!allowViolations) expect(violations, 'CSP or Trusted Types violations').toEqual([]);
    },
    { auto: true },
  ],
});
