/**
 * The sandbox as one Hono app: the seven back ends (./backends.ts) under their `/_be/...` prefixes, the control
 * API under `/_sandbox`, and the built site for every other path. `createApp` does not listen, so
 * tests call `app.request()`; sandbox/server.ts serves it.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SANDBOX_PREFIX, type Backend } from '../src/contract/backends.ts';
import { backendApps } from './backends.ts';
import { controlRoutes, faultInjector } from './control.ts';
import { handleError } from './errors.ts';
import { probeInjector } from './probe.ts';
import { createSiteHandler } from './static.ts';
import { createSandbox, type Sandbox, type SandboxOptions } from './state.ts';

/** Request bodies larger than this answer 413. */
export const MAX_BODY_BYTES = 128 * 1024;

export interface AppOptions extends SandboxOptions {
  /** A sandbox made with `createSandbox`, to share its state and clock with a test. */
  sandbox?: Sandbox;
  /** The built site; defaults to `dist` in the working directory. */
  distDir?: string;
  /** Signs the identity service's session cookie; random per app by default. */
  cookieSecret?: string;
  /** Puts the engine smoke's page probe into every HTML answer (sandbox/probe.ts); off by default. */
  probe?: boolean;
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
  const limit = bodySizeLimit();
  app.use('/_be/*', limit);
  app.use('/_sandbox/*', limit);

  const backends = backendApps(sandbox, { secret });
  for (const [name, backend] of Object.entries(backends) as [Backend, Hono][]) {
    app.route(SANDBOX_PREFIX[name], backend);
  }
  app.route('/_sandbox', controlRoutes(sandbox));

  app.all('/_be/*', (c) => c.json(NOT_FOUND_BODY, 404));
  app.all('/_sandbox/*', (c) => c.json(NOT_FOUND_BODY, 404));

  const site = createSiteHandler(options.distDir ?? 'dist');
  app.all('*', site);
  return app;
}
