/**
 * The site each Playwright worker tests against: its own sandbox server (so workers never share
 * sandbox state), and for the host projects also the host in front of it with the shipped
 * configuration: nginx, Cloudflare's Pages runtime or Netlify's. Ports are E2E_PORT (default
 * 4400) plus a few per worker; the sandbox's demo app (the identity service's relying party) takes
 * E2E_PORT + 40 + the worker's index.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

export type ServeWith = 'sandbox' | Host;
export type Host = 'nginx' | 'cloudflare' | 'netlify';

/** The script that runs each host in the foreground (PORT, SANDBOX_PORT). */
const HOST_SCRIPTS: Readonly<Record<Host, string>> = {
  nginx: 'scripts/serve-nginx.ts',
  cloudflare: 'scripts/serve-cloudflare.ts',
  netlify: 'scripts/serve-netlify.ts',
};

const ROOT = new URL('../../', import.meta.url).pathname;
export const BASE_PORT = Number(process.env['E2E_PORT'] ?? 4400);
/**
 * The demo apps' ports: E2E_PORT + 40 + the worker's index, below the production topology's
 * (E2E_PORT + 50 on: tests/production/topology.ts), whose workers run beside these (at + 50 the
 * two collided: 'port 4451 is in use' in a full run).
 */
const RP_OFFSET = 40;
/** Node 24 from the `node` devDependency: the sandbox runs TypeScript directly. */
const NODE = existsSync(join(ROOT, 'node_modules/.bin/node'))
  ? join(ROOT, 'node_modules/.bin/node')
  : process.execPath;

export async function waitFor(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} did not start: ${output()}`);
}

/** Whether something already answers on the port (another run's server). */
export function portInUse(port: number): Promise<boolean> {
  const tryHost = (host: string) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  return Promise.all([tryHost('127.0.0.1'), tryHost('::1')]).then((hits) => hits.some(Boolean));
}

/**
 * Fails at once when a port is taken: the server started here would exit, and the tests would
 * otherwise run against whatever answers there (another run's sandbox, without this run's state,
 * its tokens spent by that run's tests).
 */
async function expectFree(port: number): Promise<void> {
  if (await portInUse(port)) {
    throw new Error(
      `port ${port} is in use (another test run?): set E2E_PORT to a free range (each worker takes 2 ports)`,
    );
  }
}

export function start(
  script: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): { child: ChildProcess; output: () => string } {
  let log = '';
  const child = spawn(NODE, [script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2000)));
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2000)));
  return { child, output: () => log };
}

export function stopAll(children: readonly ChildProcess[]): Promise<void> {
  return Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  ).then(() => undefined);
}

/**
 * Starts the servers of one worker; resolves with its base URL and a stop function. `sandboxEnv`
 * adds to the sandbox server's environment (the engine smoke's `SANDBOX_PROBE=1`).
 */
export async function startSite(
  serveWith: ServeWith,
  workerIndex: number,
  sandboxEnv: Readonly<Record<string, string>> = {},
) {
  const sandboxPort = BASE_PORT + workerIndex * 2;
  // The demo app (the identity service's relying party) of the worker's sandbox.
  const rpPort = BASE_PORT + RP_OFFSET + workerIndex;
  const children: ChildProcess[] = [];
  try {
    await expectFree(sandboxPort);
    await expectFree(rpPort);
    if (serveWith !== 'sandbox') await expectFree(sandboxPort + 1);
    const sandbox = start('sandbox/server.ts', {
      ...sandboxEnv,
      PORT: String(sandboxPort),
      RP_PORT: String(rpPort),
      // The host in front of the sandbox serves the site's pages too (their exact return addresses).
      ...(serveWith === 'sandbox' ? {} : { SITE_ORIGINS: `http://127.0.0.1:${sandboxPort + 1}` }),
    });
    children.push(sandbox.child);
    await waitFor(
      `http://localhost:${sandboxPort}/_sandbox/openapi.json`,
      sandbox.child,
      sandbox.output,
    );
    let url = `http://localhost:${sandboxPort}`;
    if (serveWith !== 'sandbox') {
      const hostPort = sandboxPort + 1;
      await expectFree(hostPort);
      const host = start(HOST_SCRIPTS[serveWith], {
        PORT: String(hostPort),
        SANDBOX_PORT: String(sandboxPort),
      });
      children.push(host.child);
      url = `http://127.0.0.1:${hostPort}`;
      await waitFor(`${url}/session_unknown`, host.child, host.output);
    }
    return { url, stop: () => stopAll(children) };
  } catch (error) {
    // A server that did not come up must not outlive the run (it would hold its port).
    await stopAll(children);
    throw error;
  }
}
