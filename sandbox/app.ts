/**
 * The sandbox as one Hono app: the seven back ends (./backends.ts) under their `/_be/...`
 * prefixes, the control API under `/_sandbox`, and the built site for every other path. `createApp` does not listen, so
 * tests call `app.request()`; sandbox/server.ts serves it. The identity service (an OpenID
 * provider on Node's own request and response) answers only when served (tests/sandbox/server.ts).
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SANDBOX_PREFIX, type Backend } from '../src/contract/backends.ts';
import { backendApps } from './backends.ts';
import { controlRoutes, faultInjector } from './control.ts';
import { handleError } from './errors.ts';
import { probeInjector } from './probe.ts';
import { createIdentityService } from './identity-service/index.ts';
import { createSiteHandler } from './static.ts';
import { createSandbox, type Sandbox, type SandboxOptions } from './state.ts';

/** Request bodies larger than this answer 413. */
export const MAX_BODY_BYTES = 128 * 1024;

export interface AppOptions extends SandboxOptions {
  /** A sandbox made with `createSandbox`, to share its state and clock with a test. */
  sandbox?: Sandbox;
  /** The built site; defaults to `dist` in the working directory. */
  distDir?: string;
  /** Signs the identity service's cookies; random per app by default. */
  cookieSecret?: string;
  /** Puts the engine smoke's page probe into every HTML answer (sandbox/probe.ts); off by default. */
  probe?: boolean;
  /** Where this server answers (the identity service's issuer is under it). */
  origin?: string;
  /** The demo app's origin (sandbox/demo-app.ts), whose clients the identity service knows. */
  demoOrigin?: string;
  /** Other origins the site is served from (a host in front of the sandbox). */
  siteOrigins?: readonly string[];
}

export const DEFAULT_ORIGIN = 'http://localhost:4321';
export const DEFAULT_DEMO_ORIGIN = 'http://localhost:4330';

/** `http://localhost:N` is also `http://127.0.0.1:N`. */
function withLoopbackTwin(origin: string): string[] {
  const url = new URL(origin);
  if (url.hostname !== 'localhost') return [origin];
  return [origin, `${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`];
}

/** Request bodies over MAX_BODY_BYTES answer 413. */
export const bodySizeLimit = () =>
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      c.json({ error: 'payload_too_large', error_description: 'The body is too large' }, 413),
  });

export const NOT_FOUND_BODY = { error: 'not_found', error_description: 'No such sandbox route' };

export function createApp(options: AppOptions = {}): Hono {
  const sandbox = options.sandbox ?? createSandbox(options);
  const secret = options.cookieSecret ?? randomBytes(32).toString('base64url');
  const app = new Hono();

  app.onError(handleError);
  if (options.probe) app.use('*', probeInjector());
  app.use('*', faultInjector(sandbox));

  const origin = options.origin ?? DEFAULT_ORIGIN;
  const demoOrigin = options.demoOrigin ?? DEFAULT_DEMO_ORIGIN;
  const idp = createIdentityService({
    sandbox,
    issuer: `${origin}${SANDBOX_PREFIX.identityService}`,
    siteOrigins: [...withLoopbackTwin(origin), ...(options.siteOrigins ?? [])],
    demoOrigin,
    cookieSecret: secret,
  });
  const backends = backendApps(sandbox, { idp });
  // Before the body limit: the provider reads its own bodies from the raw request.
  app.route(SANDBOX_PREFIX.identityService, backends.identityService);

  const limit = bodySizeLimit();
  app.use('/_be/*', limit);
  app.use('/_sandbox/*', limit);

  for (const [name, backend] of Object.entries(backends) as [Backend, Hono][]) {
    if (name !== 'identityService') app.route(SANDBOX_PREFIX[name], backend);
  }
  app.route('/_sandbox', controlRoutes(sandbox, demoOrigin));

  app.all('/_be/*', (c) => c.json(NOT_FOUND_BODY, 404));
  app.all('/_sandbox/*', (c) => c.json(NOT_FOUND_BODY, 404));

  const site = createSiteHandler(options.distDir ?? 'dist');
  app.all('*', site);
  return app;
}
