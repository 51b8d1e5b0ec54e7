/**
 * The sandbox's back ends, one Hono app each, keyed like src/contract/backends.ts: the one-origin
 * sandbox (app.ts) mounts each under its `/_be/...` prefix, the production topology
 * (topology.ts) serves each at the root of an origin of its own. Replacing a back end is one line
 * of this table. The identity service is an OpenID provider (./identity-service/), made by the
 * caller for where it is served (its issuer, the site's origin); the business API asks it whose a
 * bearer token is, and so do the identity API's security-page calls.
 */
import { Hono } from 'hono';
import type { Backend } from '../src/contract/backends.ts';
import type { IdentityService } from './identity-service/index.ts';
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
import { passwordRoutes } from './routes/passwords.ts';
import { recoveryRoutes } from './routes/recovery.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { trustedDeviceRoutes } from './trusted-devices.ts';
import type { Sandbox } from './state.ts';

export interface BackendOptions {
  /** The OpenID provider (createIdentityService), for the origin and path it is served at. */
  idp: IdentityService;
}

export function backendApps(sandbox: Sandbox, { idp }: BackendOptions): Record<Backend, Hono> {
  const identityApi = new Hono();
  for (const routes of [
    identityApiRoutes,
    recoveryRoutes,
    otpRoutes,
    loginRoutes,
    trustedDeviceRoutes,
    passkeyRoutes,
    oneClickRoutes,
    passwordRoutes,
  ]) {
    identityApi.route('/', routes(sandbox));
  }
  identityApi.route('/', sessionRoutes(sandbox, idp));
  return {
    identityApi,
    onboarder: onboarderRoutes(sandbox),
    identityGateway: identityGatewayRoutes(sandbox),
    identityService: identityServiceRoutes(sandbox, idp),
    businessApi: businessApiRoutes(sandbox, idp),
    analytics: analyticsRoutes(sandbox),
    flags: flagsRoutes(sandbox),
  };
}
