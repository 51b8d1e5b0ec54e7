/**
 * Serves dist/ with the real nginx and the shipped deploy/nginx.conf (root and port adapted), for
 * the end-to-end run against self-hosting. The back ends and the sandbox control API are proxied
 * to the sandbox server (SANDBOX_PORT), as a real deployment would proxy or point at its APIs.
 * Runs nginx in the foreground until stopped. Env: PORT (default 4397), SANDBOX_PORT (4399).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env['PORT'] ?? 4397);
const SANDBOX_PORT = Number(process.env['SANDBOX_PORT'] ?? 4399);
const DIST = new URL('../dist', import.meta.url).pathname;
const shipped = readFileSync(new URL('../deploy/nginx.conf', import.meta.url), 'utf8');

export function adaptConfig(conf: string, port: number, sandboxPort: number, dist: string): string {
  const proxy = ['/_be/', '/_sandbox'].map(
    (prefix) =>
      `  location ^~ ${prefix} {\n    proxy_pass http://127.0.0.1:${sandboxPort};\n    proxy_set_header Host $host;\n  }\n`,
  );
  const server = conf
    .replaceAll('/srv/account/dist', dist)
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace(/\n}\s*$/, `\n${proxy.join('\n')}}\n`);
  if (server === conf) throw new Error('deploy/nginx.conf has an unexpected shape');
  return server;
}

const dir = mkdtempSync(join(tmpdir(), 'account-nginx-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'logs'));
writeFileSync(
  join(dir, 'nginx.conf'),
  `worker_processes 1;
error_log ${dir}/logs/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${adaptConfig(shipped, PORT, SANDBOX_PORT, DIST)}
}
`,
);
const nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
  stdio: 'inherit',
});
const stop = () => nginx.kill('SIGQUIT');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
nginx.on('exit', (code) => process.exit(code ?? 0));
