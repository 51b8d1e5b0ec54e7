/**
 * The build's environment, read and checked once when the build starts (astro.config.mjs): a
 * sandbox build (the default) or a production build (`PUBLIC_SANDBOX=false`), whose every back-end
 * URL must be given and be an `https:` address; an unset `PUBLIC_SANDBOX` with a back-end URL set
 * is a mistake too (the sandbox would ignore the URL). A build for the local production topology
 * (`npm run start:production`, sandbox/topology.ts) sets LOCAL_TOPOLOGY_BUILD=1, which also
 * accepts `http:` on loopback hosts, and only there. Anything else fails the build with a message
 * that names the variable.
 */
import type { Backend } from '../contract/backends.ts';

export const BACKEND_VARIABLES: Readonly<Record<Backend, string>> = {
  identityApi: 'PUBLIC_IDENTITY_API_URL',
  onboarder: 'PUBLIC_ONBOARDER_URL',
  identityGateway: 'PUBLIC_IDENTITY_GATEWAY_URL',
  identityService: 'PUBLIC_IDENTITY_SERVICE_URL',
  businessApi: 'PUBLIC_BUSINESS_API_URL',
  analytics: 'PUBLIC_ANALYTICS_URL',
  flags: 'PUBLIC_FLAGS_URL',
};

/** Set to `1` only by the build for the local production topology. */
export const LOCAL_TOPOLOGY_FLAG = 'LOCAL_TOPOLOGY_BUILD';

export class BuildEnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuildEnvError';
  }
}

export interface ErrorReporting {
  /** Where the browser sends errors (the DSN's origin, or PUBLIC_SENTRY_INGEST_URL's). */
  ingestOrigin: string;
}

export interface BuildConfig {
  production: boolean;
  /** Each back end's origin (a production build's; a sandbox build's are its own). */
  backendOrigins: Readonly<Record<Backend, string>> | undefined;
  /** With a Sentry DSN (either kind of build). */
  errorReporting: ErrorReporting | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

const LOOPBACK = /^(localhost|[\w-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** A secure address (or, for the local topology's build only, a loopback `http:` one). */
function secureUrl(env: Env, name: string): URL {
  const value = env[name] ?? '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BuildEnvError(`${name} is not an absolute URL: ${JSON.stringify(value)}`);
  }
  const local = env[LOCAL_TOPOLOGY_FLAG] === '1';
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && local && LOOPBACK.test(url.hostname)) return url;
  throw new BuildEnvError(
    local
      ? `${name} must be an https: address, or http: on a loopback host in the local topology's build (got ${value})`
      : `${name} must be an https: address (got ${value}): a production build never talks to a back end in cleartext`,
  );
}

/** A back end's base URL: the calls append their paths to it, so it ends without a slash. */
function backendUrl(env: Env, name: string): URL {
  const value = env[name];
  if (!value) {
    throw new BuildEnvError(
      `${name} is missing: a production build (PUBLIC_SANDBOX=false) needs every back end's URL`,
    );
  }
  const url = secureUrl(env, name);
  if (url.username || url.password || url.search || url.hash || value.endsWith('/')) {
    throw new BuildEnvError(
      `${name} must be a base URL without credentials, query, fragment or trailing slash (got ${value})`,
    );
  }
  return url;
}

/** Where a DSN's reports go (`https://KEY@HOST[/PATH]/PROJECT`), checked. */
function errorReporting(env: Env): ErrorReporting | undefined {
  if (!env['PUBLIC_SENTRY_DSN']) return undefined;
  const dsn = secureUrl(env, 'PUBLIC_SENTRY_DSN');
  if (!dsn.username || !/\/\w+$/.test(dsn.pathname)) {
    throw new BuildEnvError('PUBLIC_SENTRY_DSN is not a Sentry DSN (https://KEY@HOST/PROJECT)');
  }
  const ingest = env['PUBLIC_SENTRY_INGEST_URL']
    ? secureUrl(env, 'PUBLIC_SENTRY_INGEST_URL').origin
    : dsn.origin;
  return { ingestOrigin: ingest };
}

export function readBuildEnv(env: Env): BuildConfig {
  const sandbox = env['PUBLIC_SANDBOX'];
  if (sandbox !== undefined && sandbox !== 'true' && sandbox !== 'false') {
    throw new BuildEnvError(`PUBLIC_SANDBOX must be "true" or "false" (got ${sandbox})`);
  }
  if (sandbox !== 'false') {
    const stray = Object.keys(env)
      .filter((name) => /^PUBLIC_\w+_URL$/.test(name) && env[name])
      .sort();
    if (sandbox === undefined && stray.length > 0) {
      throw new BuildEnvError(
        `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but PUBLIC_SANDBOX is not: ` +
          'set PUBLIC_SANDBOX=false for a production build (a sandbox build would ignore them)',
      );
    }
    return { production: false, backendOrigins: undefined, errorReporting: errorReporting(env) };
  }
  const backendOrigins = Object.fromEntries(
    Object.entries(BACKEND_VARIABLES).map(([backend, name]) => [
      backend,
      backendUrl(env, name).origin,
    ]),
  ) as Record<Backend, string>;
  return { production: true, backendOrigins, errorReporting: errorReporting(env) };
}
