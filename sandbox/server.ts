/**
 * `node sandbox/server.ts`: the built site and every back end on one port, and the demo app (a
 * relying party of the identity service) on its own.
 * Env: PORT (default 4321), RP_PORT (default 4330), HOST (default localhost), DIST_DIR (default
 * dist), SITE_ORIGINS (comma-separated: other origins the site is served from, e.g. a host in
 * front of the sandbox), SANDBOX_PROBE=1 (the engine smoke's page probe in every HTML answer,
 * sandbox/probe.ts).
 */
import { createApp } from './app.ts';
import { createDemoApp } from './demo-app.ts';
import { listen } from './serve.ts';
import { SANDBOX_PREFIX } from '../src/contract/backends.ts';

const port = Number(process.env['PORT'] ?? 4321);
const rpPort = Number(process.env['RP_PORT'] ?? 4330);
const hostname = process.env['HOST'] ?? 'localhost';
const distDir = process.env['DIST_DIR'] ?? 'dist';
const origin = `http://${hostname}:${port}`;
const demoOrigin = `http://${hostname}:${rpPort}`;
const siteOrigins = (process.env['SITE_ORIGINS'] ?? '').split(',').filter(Boolean);

const app = createApp({
  distDir,
  probe: process.env['SANDBOX_PROBE'] === '1',
  origin,
  demoOrigin,
  siteOrigins,
});
const demo = createDemoApp({
  origin: demoOrigin,
  issuer: `${origin}${SANDBOX_PREFIX.identityService}`,
});
const servers = [
  listen({ fetch: app.fetch, port, hostname }, (info) => {
    console.log(
      `Sandbox: http://${hostname}:${info.port}/ (site from ${distDir}; control page /_sandbox)`,
    );
  }),
  listen({ fetch: demo.fetch, port: rpPort, hostname }, (info) => {
    console.log(`Demo app: http://${hostname}:${info.port}/ (signs in with the identity service)`);
  }),
];

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const server of servers) server.close();
    process.exit(0);
  });
}
