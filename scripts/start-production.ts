/**
 * `npm run start:production`: the production build (`PUBLIC_SANDBOX=false`) in the production
 * topology (sandbox/topology.ts). Builds dist-production/ for the topology of PORT (default
 * 4321), then serves it through Cloudflare's runtime (`wrangler pages dev` with the shipped
 * `_headers`, `_redirects` and functions/) on http://localhost:PORT, each back end of the sandbox
 * on an origin of its own behind its CORS gateway, the sandbox's control API on its own origin
 * and at the site's `/_sandbox/...` (a proxy function beside the shipped ones: the build holds no
 * sandbox code), the demo app (a relying party of the identity service), and the error-reporting service that the build's Sentry DSN and CSP report to.
 * Prints every origin, and runs until stopped.
 *
 * `--build-only`: build and stop (`npm run build:production`, which `npm test` runs).
 * `--serve-only`: serve DIST_DIR (default dist-production), which must be a build for PORT's
 * topology (the browser tests serve a copy of the build for their own ports).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { listen } from '../sandbox/serve.ts';
import { createSandbox } from '../sandbox/state.ts';
import {
  builtTopologyBase,
  DEFAULT_BASE,
  PORT_OFFSETS,
  PRODUCTION_DIST,
  topology,
  topologyApps,
  topologyBuildEnv,
  TOPOLOGY_PORTS,
} from '../sandbox/topology.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const base = Number(process.env['PORT'] ?? DEFAULT_BASE);
const dist = process.env['DIST_DIR'] ?? PRODUCTION_DIST;
const mode = process.argv.includes('--build-only')
  ? 'build'
  : process.argv.includes('--serve-only')
    ? 'serve'
    : 'both';
const t = topology(base);

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

/** Fails at once, naming the port, when one of the topology's ports is taken. */
async function expectFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', () =>
      reject(
        new Error(
          `port ${port} is in use: choose another PORT (the topology takes ${TOPOLOGY_PORTS} ports from it)`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/** Cloudflare's runtime starts in seconds, or in a minute or two on a busy machine. */
async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('Cloudflare runtime exited');
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

if (mode !== 'serve') {
  console.log(`Building the production build for the topology of port ${base} into ${dist}/`);
  await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dist], {
    ...topologyBuildEnv(t),
    ASTRO_TELEMETRY_DISABLED: '1',
  });
}
if (mode !== 'build') {
  const built = builtTopologyBase(dist);
  if (built !== base) {
    throw new Error(
      `${dist} was built for the topology of port ${built}, not ${base}: run npm run start:production`,
    );
  }
  for (const offset of Object.values(PORT_OFFSETS)) await expectFree(base + offset);
  const sandbox = createSandbox();
  const servers = topologyApps(sandbox, t).map(({ port, app }) => {
    return listen({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  });
  const site = spawn(process.execPath, ['scripts/serve-cloudflare.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(base),
      SANDBOX_PORT: String(base + PORT_OFFSETS.sandbox),
      INSPECTOR_PORT: String(base + PORT_OFFSETS.inspector),
      DIST_DIR: dist,
      PROXY_PREFIXES: '_sandbox',
    },
  });
  const stop = () => {
    site.kill('SIGTERM');
    for (const server of servers) server.close();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
  site.on('exit', (code) => {
    for (const server of servers) server.close();
    process.exit(code ?? 0);
  });
  try {
    await waitFor(`http://127.0.0.1:${base}/session_unknown`, site);
  } catch (error) {
    // Nothing of the topology outlives its start (the runtime would hold the site's port).
    stop();
    throw error;
  }
  const rows: [string, string][] = [
    ['site (the production build)', `${t.site}/login`],
    ...Object.entries(t.backends).map(([name, url]): [string, string] => [name, url]),
    ['sandbox control', `${t.sandbox}/_sandbox (also ${t.site}/_sandbox)`],
    ['error reporting (Sentry DSN)', t.dsn],
    ['demo app (signs in with it)', `${t.relyingParty}/`],
  ];
  console.log('Production topology:');
  for (const [name, url] of rows) console.log(`  ${name.padEnd(30)} ${url}`);
}
