/**
 * The site each Playwright worker tests against: its own sandbox server (so workers never share
 * sandbox state), and for the `nginx` project also its own nginx with the shipped configuration
 * in front of it. Ports are E2E_PORT (default 4400) plus a few per worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export type ServeWith = 'sandbox' | 'nginx';

const ROOT = new URL('../../', import.meta.url).pathname;
const BASE_PORT = Number(process.env['E2E_PORT'] ?? 4400);
/** Node 24 from the `node` devDependency: the sandbox runs TypeScript directly. */
const NODE = existsSync(join(ROOT, 'node_modules/.bin/node'))
  ? join(ROOT, 'node_modules/.bin/node')
  : process.execPath;

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
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

function start(
  script: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  let log = '';
  const child = spawn(NODE, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2000)));
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2000)));
  return { child, output: () => log };
}

/** Starts the servers of one worker; resolves with its base URL and a stop function. */
export async function startSite(serveWith: ServeWith, workerIndex: number) {
  const sandboxPort = BASE_PORT + workerIndex * 2;
  const sandbox = start('sandbox/server.ts', { PORT: String(sandboxPort) });
  const children = [sandbox.child];
  await waitFor(
    `http://localhost:${sandboxPort}/_sandbox/openapi.json`,
    sandbox.child,
    sandbox.output,
  );
  let url = `http://localhost:${sandboxPort}`;
  if (serveWith === 'nginx') {
    const nginxPort = sandboxPort + 1;
    const nginx = start('scripts/serve-nginx.ts', {
      PORT: String(nginxPort),
      SANDBOX_PORT: String(sandboxPort),
    });
    children.push(nginx.child);
    url = `http://127.0.0.1:${nginxPort}`;
    await waitFor(`${url}/session_unknown`, nginx.child, nginx.output);
  }
  return {
    url,
    stop: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
