/**
 * The sandbox's back ends, one Hono app each, keyed like src/contract/backends.ts: the one-origin
 * sandbox (app.ts) mounts each under its `/_be/...` prefix, the production topology
 * (topology.ts) serves each at the root of an origin of its own. Replacing a back end (issue 30's
 * OpenID provider for the identity service) is one line of this table.
 */
import { Hono } from 'hono';
import { SANDBOX_PREFIX, type Backend } from '../src/contract/backends.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { businessApiRoutes } from './routes/business-api.ts';
import { flagsRoutes } from './routes/flags.ts';
import { identityApiRoutes } from './routes/identity-api.ts';
import { identityGatewayRoutes } from './routes/identity-gateway.ts';
import { identityServiceRoutes } from './routes/identity-service.ts';
import { loginRoutes } from './routes/login.ts';
import { oneClickRoutes } from './routes/one-click.ts';
import { onboarderRoutes } from './routes/onboarder.ts';
import { otpRoutes } from './routes/otp.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { recoveryRoutes } from './routes/recovery.ts';
import type { Sandbox } from './state.ts';

export interface BackendOptions {
  /** Signs the identity service's session cookie. */
  secret: string;
  /**
   * The site's origin when each back end has an origin of its own (the production topology):
   * the identity service then sends people to the site's pages there. Absent in the one-origin
   * sandbox, where every address is a path.
   */
  site?: string;
}

export function backendApps(
  sandbox: Sandbox,
  { secret, site }: BackendOptions,
): Record<Backend, Hono> {
  const identityApi = new Hono();
  for (const routes of [
    identityApiRoutes,
    recoveryRoutes,
    otpRoutes,
    loginRoutes,
    passkeyRoutes,
    oneClickRoutes,
  ]) {
    identityApi.route('/', routes(sandbox));
  }
  return {
    identityApi,
    onboarder: onboarderRoutes(sandbox),
    identityGateway: identityGatewayRoutes(sandbox),
    identityService: identityServiceRoutes(
      sandbox,
      secret,
      site === undefined ? { base: SANDBOX_PREFIX.identityService, site: '' } : { base: '', site },
    ),
    businessApi: businessApiRoutes(sandbox),
    analytics: analyticsRoutes(sandbox),
    flags: flagsRoutes(sandbox),
  };
}
