/**
 * What the measuring scripts and the browser tests share: Debian's Chromium with the flags that
 * keep it quiet offline, and the sandbox server serving the built site on a port of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** The browser people use, for what is measured (`npm run bench`, `npm run lighthouse`). */
export const CHROMIUM_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
/**
 * The browser the tests drive: the same Chromium's headless shell (Debian's
 * chromium-headless-shell, what Playwright's own downloads run headless tests in). The same Blink,
 * V8 and network stack without the full browser around them: the sandbox project's tests took 45%
 * less time in it (login and links-pages, 70 tests, 111 s in chromium, 62 s in the shell, twice
 * each, on an idle two-core machine, 2026-11-28). TEST_CHROME_PATH overrides it.
 */
export const TEST_CHROMIUM_PATH =
  process.env['TEST_CHROME_PATH'] ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts `sandbox/server.ts` on `port` and resolves once it serves /login; kill it when done. */
export async function startSandbox(port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['sandbox/server.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://localhost:${port}/login`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('the sandbox server did not start');
}
