/**
 * Serves dist/ with Netlify's local runtime (`netlify dev --offline`: its proxy with the
 * `_redirects`, `_headers` and netlify.toml rules), for the end-to-end run against Netlify. The
 * back ends and the sandbox control API are proxied to the sandbox server (SANDBOX_PORT) by rules
 * put before the shipped ones. Runs in the foreground until stopped. Env: PORT (default 4393),
 * SANDBOX_PORT (4399).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env['PORT'] ?? 4393);
const SANDBOX_PORT = Number(process.env['SANDBOX_PORT'] ?? 4399);
const ROOT = new URL('..', import.meta.url).pathname;
/** Node 24 and Deno from the dev dependencies come first (the machine's Node may be older). */
const PATH = `${join(ROOT, 'node_modules/.bin')}:${process.env['PATH'] ?? ''}`;

/** The shipped netlify.toml with the proxy rules first and the static server on its own port. */
export function adaptNetlifyToml(toml: string, sandboxPort: number, staticPort: number): string {
  const proxies = ['/_be', '/_sandbox'].flatMap((prefix) =>
    [prefix, `${prefix}/*`].map(
      (from) =>
        `[[redirects]]\nfrom = "${from}"\nto = "http://127.0.0.1:${sandboxPort}${from.replace('*', ':splat')}"\nstatus = 200\nforce = true\n`,
    ),
  );
  const first = toml.indexOf('[[redirects]]');
  if (first < 0) throw new Error('netlify.toml has no redirects');
  return `${toml.slice(0, first)}[dev]\nstaticServerPort = ${staticPort}\n\n${proxies.join('\n')}\n${toml.slice(first)}`;
}

const dir = mkdtempSync(join(tmpdir(), 'account-netlify-'));
writeFileSync(
  join(dir, 'netlify.toml'),
  adaptNetlifyToml(readFileSync(join(ROOT, 'netlify.toml'), 'utf8'), SANDBOX_PORT, PORT + 1000),
);
const netlify = spawn(
  join(ROOT, 'node_modules/.bin/node'),
  [
    join(ROOT, 'node_modules/netlify-cli/bin/run.js'),
    'dev',
    '--offline',
    '--dir',
    join(ROOT, 'dist'),
    '--port',
    String(PORT),
    '--no-open',
    '--skip-gitignore',
  ],
  {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, PATH, NETLIFY_TELEMETRY_DISABLED: '1', BROWSER: 'none', CI: 'true' },
  },
);
const stop = () => netlify.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
netlify.on('exit', (code) => process.exit(code ?? 0));
