/**
 * What the measuring scripts and the browser tests share: Debian's Chromium with the flags that
 * keep it quiet offline, and the sandbox server serving the built site on a port of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export const CHROMIUM_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
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
