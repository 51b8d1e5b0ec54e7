/**
 * The production topology (`npm run start:production`, scripts/start-production.ts): the
 * production build served by Cloudflare's runtime on the site's origin, and each back end of the
 * sandbox (./backends.ts) on an origin of its own behind a CORS gateway (./cors.ts), as in
 * production, where accounts.masar.example calls api.masar.example, idp.masar.example and so on.
 *
 * Every origin is `http://localhost:{port}`, the ports counted from one base (PORT, default 4321)
 * so that each test worker runs a topology of its own. Distinct ports on one host are distinct
 * origins of one site (the site is the scheme and the registrable domain; the port is not part of
 * it): as accounts.masar.example and idp.masar.example share masar.example, the identity
 * service's SameSite=Lax cookies ride on the hand-off's form post from the site. `*.localhost`
 * names would not do that: Chromium counts every name under `localhost` as a site of its own.
 * (What ports cannot show: a cookie is scoped to a host, not a port, so the site's origin also
 * receives the identity service's cookie, which production's distinct hosts would not send it.)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { SANDBOX_PREFIX, type Backend } from '../src/contract/backends.ts';
import { BACKEND_VARIABLES, LOCAL_TOPOLOGY_FLAG } from '../src/integrations/build-env.ts';
import { bodySizeLimit, NOT_FOUND_BODY } from './app.ts';
import { backendApps } from './backends.ts';
import { controlRoutes, faultInjector } from './control.ts';
import { apiGateway } from './cors.ts';
import { createDemoApp } from './demo-app.ts';
import { handleError } from './errors.ts';
import { createIdentityService } from './identity-service/index.ts';
import { reportRoutes, SENTRY_PROJECT, SENTRY_PUBLIC_KEY } from './reports.ts';
import type { Sandbox } from './state.ts';

/** Each origin's port, counted from the base. 9 is the demo app's (RP_PORT 4330 of `npm start`). */
export const PORT_OFFSETS = {
  site: 0,
  identityApi: 1,
  onboarder: 2,
  identityGateway: 3,
  identityService: 4,
  businessApi: 5,
  analytics: 6,
  flags: 7,
  sandbox: 8,
  relyingParty: 9,
  errorReporting: 10,
  /** Not an origin: the debugger port of Cloudflare's runtime. */
  inspector: 11,
} as const satisfies Record<string, number>;
/** How many ports a topology takes from its base. */
export const TOPOLOGY_PORTS = 12;
export const DEFAULT_BASE = 4321;
/** Where `npm run start:production` builds the production build. */
export const PRODUCTION_DIST = 'dist-production';

/**
 * The back ends whose gateway allows credentials: the identity API alone, whose phone and e-mail
 * logins read its trusted-device cookie ('Stay signed in on this browser', ./trusted-devices.ts).
 * The identity service's APIs take a bearer access token; its cookies ride only on navigations and
 * the hand-off's form post.
 */
export const CREDENTIALED: readonly Backend[] = ['identityApi'];

/** The vendors' public ids in the topology's build (the browser tests' stand-ins check them). */
export const VENDOR_IDS = {
  recaptchaSiteKey: '6LcTopologySiteKeyForTheLocalBuild0000001',
  googleClientId: 'topology-client.apps.googleusercontent.com',
  appleClientId: 'example.masar.account.topology',
} as const;

export interface Topology {
  base: number;
  site: string;
  backends: Readonly<Record<Backend, string>>;
  /** The sandbox's control API and people's page (also at `{site}/_sandbox`). */
  sandbox: string;
  /** The stand-in for Sentry's ingest (errors and CSP reports, ./reports.ts). */
  errorReporting: string;
  /** The demo app (a relying party of the identity service, ./demo-app.ts). */
  relyingParty: string;
  dsn: string;
}

const origin = (port: number) => `http://localhost:${port}`;
const BACKENDS = Object.keys(SANDBOX_PREFIX) as Backend[];

export function topology(base = DEFAULT_BASE): Topology {
  const at = (name: keyof typeof PORT_OFFSETS) => origin(base + PORT_OFFSETS[name]);
  const errorReporting = at('errorReporting');
  return {
    base,
    site: at('site'),
    backends: Object.fromEntries(BACKENDS.map((name) => [name, at(name)])) as Record<
      Backend,
      string
    >,
    sandbox: at('sandbox'),
    errorReporting,
    relyingParty: at('relyingParty'),
    dsn: errorReporting.replace('//', `//${SENTRY_PUBLIC_KEY}@`) + `/${SENTRY_PROJECT}`,
  };
}

/** The environment of the production build for a topology (`PUBLIC_SANDBOX=false` and the rest). */
export function topologyBuildEnv(t: Topology): Record<string, string> {
  return {
    PUBLIC_SANDBOX: 'false',
    [LOCAL_TOPOLOGY_FLAG]: '1',
    ...Object.fromEntries(BACKENDS.map((name) => [BACKEND_VARIABLES[name], t.backends[name]])),
    PUBLIC_SENTRY_DSN: t.dsn,
    PUBLIC_RECAPTCHA_SITE_KEY: VENDOR_IDS.recaptchaSiteKey,
    PUBLIC_GOOGLE_CLIENT_ID: VENDOR_IDS.googleClientId,
    PUBLIC_APPLE_CLIENT_ID: VENDOR_IDS.appleClientId,
  };
}

/** The origins a build's CSP lets pages call (`connect-src` of its `_headers`), sorted. */
export function builtConnectOrigins(distDir: string): string[] {
  const headers = readFileSync(join(distDir, '_headers'), 'utf8');
  const csp = /Content-Security-Policy: (.*)/.exec(headers)?.[1] ?? '';
  const connect = /(?:^|;\s*)connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
  return connect
    .split(/\s+/)
    .filter((source) => /^https?:\/\/[^/]+$/.test(source))
    .sort();
}

/** The origins of a topology that its pages call: its back ends and its error reporting. */
export function calledOrigins(t: Topology): string[] {
  return [...Object.values(t.backends), t.errorReporting].sort();
}

/**
 * The base a production build was made for, read from its CSP, which must list exactly that
 * topology's back ends and error reporting; throws when the build was made for none.
 */
export function builtTopologyBase(distDir: string): number {
  const origins = builtConnectOrigins(distDir);
  const ports = origins.map((o) => Number(/^http:\/\/localhost:(\d+)$/.exec(o)?.[1] ?? NaN));
  const base = Math.min(...ports) - PORT_OFFSETS.identityApi;
  const expected = Number.isFinite(base) ? calledOrigins(topology(base)) : [];
  if (JSON.stringify(origins) !== JSON.stringify(expected)) {
    throw new Error(
      `${distDir} is not a build for the local production topology (its connect-src: ${origins.join(' ') || 'none'})`,
    );
  }
  return base;
}

/** A back end behind its gateway, at the root of its own origin. */
function backendServer(sandbox: Sandbox, t: Topology, name: Backend, backend: Hono): Hono {
  const app = new Hono();
  app.onError(handleError);
  app.use(
    '*',
    apiGateway(sandbox, {
      allowOrigin: t.site,
      credentials: CREDENTIALED.includes(name),
      faultPrefix: SANDBOX_PREFIX[name],
    }),
  );
  app.use('*', faultInjector(sandbox, SANDBOX_PREFIX[name]));
  // Not in front of the OpenID provider: it reads its own bodies from Node's raw request.
  if (name !== 'identityService') app.use('*', bodySizeLimit());
  app.route('/', backend);
  app.all('*', (c) => c.json(NOT_FOUND_BODY, 404));
  return app;
}

/** Every server of the topology but the site's: its port and its app. */
export function topologyApps(
  sandbox: Sandbox,
  t: Topology,
  secret = randomBytes(32).toString('base64url'),
): { name: string; port: number; app: Hono }[] {
  // The OpenID provider at the root of its own origin, sending people to the site's `/login`.
  const idp = createIdentityService({
    sandbox,
    issuer: t.backends.identityService,
    siteOrigin: t.site,
    siteOrigins: [t.site],
    demoOrigin: t.relyingParty,
    cookieSecret: secret,
  });
  const backends = backendApps(sandbox, { idp });
  const control = new Hono();
  control.onError(handleError);
  control.use('*', bodySizeLimit());
  control.route('/_sandbox', controlRoutes(sandbox, t.relyingParty));
  control.get('/', (c) => c.redirect('/_sandbox'));
  control.all('*', (c) => c.json(NOT_FOUND_BODY, 404));
  const reports = new Hono();
  reports.onError(handleError);
  reports.use(
    '*',
    apiGateway(sandbox, { allowOrigin: t.site, credentials: false, faultPrefix: '' }),
  );
  reports.use('*', bodySizeLimit());
  reports.route('/', reportRoutes(sandbox));
  reports.all('*', (c) => c.json(NOT_FOUND_BODY, 404));
  return [
    ...BACKENDS.map((name) => ({
      name,
      port: t.base + PORT_OFFSETS[name],
      app: backendServer(sandbox, t, name, backends[name]),
    })),
    { name: 'sandbox', port: t.base + PORT_OFFSETS.sandbox, app: control },
    { name: 'errorReporting', port: t.base + PORT_OFFSETS.errorReporting, app: reports },
    {
      name: 'relyingParty',
      port: t.base + PORT_OFFSETS.relyingParty,
      app: createDemoApp({ origin: t.relyingParty, issuer: t.backends.identityService }),
    },
  ];
}
