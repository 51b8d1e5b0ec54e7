/**
 * `node sandbox/server.ts`: the built site and every back end on one port.
 * Env: PORT (default 4321), HOST (default localhost), DIST_DIR (default dist), SANDBOX_PROBE=1
 * (the engine smoke's page probe in every HTML answer, sandbox/probe.ts).
 */
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';

const port = Number(process.env['PORT'] ?? 4321);
const hostname = process.env['HOST'] ?? 'localhost';
const distDir = process.env['DIST_DIR'] ?? 'dist';

const app = createApp({ distDir, probe: process.env['SANDBOX_PROBE'] === '1' });
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(
    `Sandbox: http://${hostname}:${info.port}/ (site from ${distDir}; control page /_sandbox)`,
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
