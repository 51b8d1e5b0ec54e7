import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env['E2E_PORT'] ?? 4399);
const NGINX_PORT = PORT - 2;
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
const nginx = hasNginx();
if (!nginx && !isCI) console.warn('nginx not found: skipping the self-hosting smoke run');

/**
 * End-to-end tests drive the production build, served with the sandbox (`npm run serve`), in
 * Debian's Chromium (CHROME_PATH overrides /usr/bin/chromium). One worker: the tests share the
 * sandbox's state (personas, faults), and every test starts from `POST /_sandbox/reset`.
 * The `nginx` project runs the route smoke suite and the header checks again with the site
 * served by nginx and the shipped deploy/nginx.conf.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: isCI ? [['line']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'sandbox' },
    ...(nginx || isCI
      ? [
          {
            name: 'nginx',
            testMatch: ['routes.spec.ts', 'security.spec.ts'],
            grep: /route |unmatched|headers/,
            use: { baseURL: `http://127.0.0.1:${NGINX_PORT}` },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: 'node sandbox/server.ts',
      env: { PORT: String(PORT) },
      url: `http://localhost:${PORT}/_sandbox/openapi.json`,
      reuseExistingServer: !isCI,
      timeout: 30_000,
    },
    ...(nginx || isCI
      ? [
          {
            command: 'node scripts/serve-nginx.ts',
            env: { PORT: String(NGINX_PORT), SANDBOX_PORT: String(PORT) },
            url: `http://127.0.0.1:${NGINX_PORT}/session_unknown`,
            reuseExistingServer: !isCI,
            timeout: 30_000,
          },
        ]
      : []),
  ],
});
