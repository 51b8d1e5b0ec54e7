/**
 * Serves dist/ with Cloudflare's own Pages runtime (`wrangler pages dev`: workerd with the Pages
 * asset server, `_redirects`, `_headers` and the shipped functions/), for the end-to-end run
 * against Cloudflare Pages and for the production topology (sandbox/topology.ts). The paths of
 * PROXY_PREFIXES (default `_be,_sandbox`: the back ends and the sandbox control API) are proxied
 * to the sandbox server (SANDBOX_PORT) by test-only functions, as a real deployment points at its
 * APIs; the production topology proxies `_sandbox` only. Runs in the foreground until stopped.
 * Env: PORT (default 4395), SANDBOX_PORT (4399), DIST_DIR (dist), PROXY_PREFIXES,
 * INSPECTOR_PORT (PORT + 2000).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const PORT = Number(process.env['PORT'] ?? 4395);
const SANDBOX_PORT = Number(process.env['SANDBOX_PORT'] ?? 4399);
const ROOT = new URL('..', import.meta.url).pathname;
const DIST = resolve(ROOT, process.env['DIST_DIR'] ?? 'dist');
const PROXY_PREFIXES = (process.env['PROXY_PREFIXES'] ?? '_be,_sandbox').split(',').filter(Boolean);
const INSPECTOR_PORT = Number(process.env['INSPECTOR_PORT'] ?? PORT + 2000);
/** Node 24 and Deno from the dev dependencies come first (the machine's Node may be older). */
const PATH = `${join(ROOT, 'node_modules/.bin')}:${process.env['PATH'] ?? ''}`;

/** The shipped wrangler.toml, publishing the project's dist/ from a scratch folder. */
export function adaptWranglerToml(toml: string, dist: string): string {
  const adapted = toml.replace(
    /^pages_build_output_dir = .*$/m,
    `pages_build_output_dir = "${dist}"`,
  );
  if (adapted === toml) throw new Error('wrangler.toml has no pages_build_output_dir');
  return adapted;
}

/** A function that hands every request under its folder to the sandbox, answers untouched. */
const PROXY = `export async function onRequest({ request }) {
  const url = new URL(request.url);
  const target = 'http://127.0.0.1:${SANDBOX_PORT}' + url.pathname + url.search;
  const init = { method: request.method, headers: request.headers, redirect: 'manual' };
  if (request.method !== 'GET' && request.method !== 'HEAD') init.body = await request.arrayBuffer();
  return fetch(target, init);
}
`;

const dir = mkdtempSync(join(tmpdir(), 'account-cloudflare-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'wrangler.toml'),
  adaptWranglerToml(readFileSync(join(ROOT, 'wrangler.toml'), 'utf8'), DIST),
);
// The shipped functions, at their own routes (wrangler does not follow a symlinked folder).
mkdirSync(join(dir, 'functions/email'), { recursive: true });
for (const file of ['_middleware.ts', 'email/[[path]].ts']) {
  writeFileSync(
    join(dir, 'functions', file),
    `export { onRequest } from ${JSON.stringify(join(ROOT, 'functions', file))};\n`,
  );
}
for (const prefix of PROXY_PREFIXES) {
  mkdirSync(join(dir, 'functions', prefix));
  writeFileSync(join(dir, 'functions', prefix, '[[path]].js'), PROXY);
}
const wrangler = spawn(
  join(ROOT, 'node_modules/.bin/node'),
  [
    join(ROOT, 'node_modules/wrangler/bin/wrangler.js'),
    'pages',
    'dev',
    ...['--ip', '127.0.0.1', '--port', String(PORT), '--inspector-port', String(INSPECTOR_PORT)],
    ...['--log-level', 'warn', '--show-interactive-dev-session', 'false'],
  ],
  {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, PATH, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
  },
);
const stop = () => wrangler.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
wrangler.on('exit', (code) => process.exit(code ?? 0));
