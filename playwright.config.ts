import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env['E2E_PORT'] ?? 4399);
const isCI = Boolean(process.env['CI']);

/**
 * End-to-end tests drive the production build, served with the sandbox (`npm run serve`), in
 * Debian's Chromium (CHROME_PATH overrides /usr/bin/chromium). One worker: the tests share the
 * sandbox's state (personas, faults), and every test starts from `POST /_sandbox/reset`.
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
  webServer: {
    command: 'node sandbox/server.ts',
    env: { PORT: String(PORT) },
    url: `http://localhost:${PORT}/_sandbox/openapi.json`,
    reuseExistingServer: !isCI,
    timeout: 30_000,
  },
});
