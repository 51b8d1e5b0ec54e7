import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import type { Host, ServeWith } from './tests/e2e/servers.ts';
import { ENGINE_PROGRAMS } from './tests/engines/programs.ts';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './scripts/local-browser.ts';

const isCI = Boolean(process.env['CI']);

/** The smoke run against self-hosting needs Debian's nginx (.ci/run installs it). */
function hasNginx(): boolean {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const nginx = hasNginx() || isCI;
if (!nginx) console.warn('nginx not found: skipping the self-hosting smoke run');
/** The engine smoke needs Debian's firefox-esr, webkit2gtk-driver and xvfb (npm test installs them). */
const engines = ENGINE_PROGRAMS.every((program) => program.present()) || isCI;
if (!engines)
  console.warn('Firefox ESR, WebKitWebDriver or Xvfb not found: skipping the engine smoke');
/** The CDN runtimes come from the dev dependencies; nginx from Debian. */
const HOSTS: Host[] = [...(nginx ? (['nginx'] as const) : []), 'cloudflare', 'netlify'];

/**
 * End-to-end tests drive the production build, served with the sandbox, in Debian's Chromium,
 * its headless shell (TEST_CHROME_PATH overrides /usr/bin/chromium-headless-shell;
 * scripts/local-browser.ts says why). Each worker starts its own sandbox server
 * (tests/e2e/servers.ts), so workers share no state; every test starts from `POST /_sandbox/reset`.
 * The host projects run the hosting smoke, the security checks and the language door again with
 * the site served by each host the README deploys to, with its shipped configuration: nginx
 * (deploy/nginx.conf), Cloudflare's Pages runtime (wrangler.toml, functions/) and Netlify's
 * (netlify.toml, netlify/edge-functions/).
 * The engines project (tests/engines/) runs the main flows in WebKit and Firefox ESR over
 * WebDriver, one browser session per engine and worker.
 * Workers take tests in the order of the projects, within each project's own worker limit: the
 * engines' two long files, the production topology's and each host's tests (one worker each:
 * each starts its own servers) come first, beside the sandbox's, whose many short tests then
 * end the run together instead of one long project's tests ending it alone.
 */
export default defineConfig<object, { serveWith: ServeWith }>({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  forbidOnly: isCI,
  // Flaky is failure (issue 35): a test failing its first try only ends the run with exit code 1;
  // the retry is there so that the report names it flaky (docs/test-trust.md).
  failOnFlakyTests: true,
  retries: isCI ? 1 : 0,
  // Three workers on two cores: each waits now and then (on a page, a timer, a server), and the
  // third takes those moments (docs/testing.md: `npm test` 931 s, 1,059 with two, 920 with four).
  workers: Number(process.env['E2E_WORKERS'] ?? 3),
  fullyParallel: true,
  // Generous limits: the workers share the cores with their browsers and servers (and with the
  // other checks of `npm test`), and a slow moment must not fail a test whose assertions hold.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['line']] : [['list']],
  use: {
    ...devices['Pixel 7'],
    // The Pixel 7's layout (412 CSS px, touch, mobile), painted at one device pixel per CSS
    // pixel: 2.625 paints ~7 times the pixels, 8-15% of the test time, and nothing of ours reads
    // the ratio (axe and layout checks work in CSS pixels).
    deviceScaleFactor: 1,
    browserName: 'chromium',
    // A person in the UAE: the phone field starts in the country of the browser's languages
    // (src/lib/default-country.ts), and the tests type UAE numbers. Tests of that choice set
    // their own locale.
    locale: 'en-AE',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--disable-quic'],
    },
    // Recording a trace costs every test time: record on the retry of a failed test only
    // (`--trace on` records one on demand).
    trace: 'on-first-retry',
  },
  projects: [
    ...(engines
      ? [
          {
            name: 'engines',
            testDir: 'tests/engines',
            // The scenarios of one engine run in order in one worker, on its one session.
            fullyParallel: false,
            expect: { timeout: 15_000 },
          },
        ]
      : []),
    // The production build in the production topology, with the vendors' stand-ins: its own
    // ports and fixtures, its browser's flags included (tests/production/fixtures.ts). Each
    // worker starts the whole topology (the site in workerd, each back end on its own origin):
    // one worker, 73 s of CPU for the project against 87 s with three.
    { name: 'production', testDir: 'tests/production', workers: 1 },
    ...HOSTS.map((host) => ({
      name: host,
      testMatch: ['hosting.spec.ts', 'security.spec.ts', 'language-door.spec.ts'],
      // The built files' own checks do not depend on who serves them: the sandbox run has them.
      grepInvert: /built pages/,
      use: { serveWith: host },
      // Each worker starts its own host (workerd, Netlify's Deno, nginx): one worker a host, the
      // three hosts side by side. Measured: 48 s and 55 s of CPU, against 50 s and 88 s with
      // three workers a host.
      workers: 1,
    })),
    { name: 'sandbox' },
  ],
});
