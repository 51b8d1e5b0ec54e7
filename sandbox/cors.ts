/**
 * CORS as an API gateway in front of a back end answers it, for the production topology, where
 * the site and each back end have origins of their own (sandbox/topology.ts): only the site's
 * origin is allowed; a preflight is answered with the methods and the request headers of the
 * contract (src/contract/headers.ts); credentials (the identity service's session cookie) are
 * allowed only where a back end needs them; a call from any other origin gets a 403 and no CORS
 * header, and never reaches the back end. Calls without an `Origin` (a navigation's GET, a server)
 * pass, and so do those from the back end's own origin (the identity service's own pages post
 * their consent and logout forms to it). The faults of the control API can refuse a preflight (`method: "OPTIONS"`) or drop the
 * CORS headers of an answer (`cors: false`), as a gateway's or a CDN's error page does.
 */
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HEADER } from '../src/contract/headers.ts';
import { takeFault, withoutCors } from './control.ts';
import type { Sandbox } from './state.ts';

/** How @hono/node-server marks an answer its handler wrote to Node's response itself. */
const ALREADY_SENT_HEADER = 'x-hono-already-sent';

export const CORS_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** The request headers a page may send: the contract's, and those of a JSON call. */
export const CORS_REQUEST_HEADERS = [
  ...new Set(['accept', 'authorization', 'content-type', ...Object.values(HEADER)]),
];
/** Response headers a page may read besides the safelisted ones: a rate limit's wait. */
export const CORS_EXPOSED_HEADERS = ['retry-after'];
const PREFLIGHT_MAX_AGE_S = 600;

export interface GatewayOptions {
  /** The one origin allowed (the site's). */
  allowOrigin: string;
  /** `Access-Control-Allow-Credentials: true`: the back end reads a cookie. */
  credentials: boolean;
  /** The back end's `/_be/...` prefix, which the control API's faults name it by. */
  faultPrefix: string;
}

export function apiGateway(sandbox: Sandbox, options: GatewayOptions): MiddlewareHandler {
  const allowed = (headers: Headers) => {
    headers.set('Access-Control-Allow-Origin', options.allowOrigin);
    headers.append('Vary', 'Origin');
    if (options.credentials) headers.set('Access-Control-Allow-Credentials', 'true');
  };
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin === undefined || origin === new URL(c.req.url).origin) return next();
    if (origin !== options.allowOrigin) {
      return c.json(
        { error: 'origin_not_allowed', error_description: 'This origin may not call this API' },
        403,
        { Vary: 'Origin' },
      );
    }
    const asked = c.req.header('access-control-request-method');
    if (c.req.method === 'OPTIONS' && asked !== undefined) {
      const fault = takeFault(sandbox, 'OPTIONS', `${options.faultPrefix}${c.req.path}`);
      if (fault) {
        return c.json(
          { error: 'preflight_refused' },
          (fault.status ?? 403) as ContentfulStatusCode,
        );
      }
      const headers = new Headers({
        'Access-Control-Allow-Methods': CORS_METHODS.join(', '),
        'Access-Control-Allow-Headers': CORS_REQUEST_HEADERS.join(', '),
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
      });
      allowed(headers);
      return new Response(null, { status: 204, headers });
    }
    await next();
    // An answer written straight to Node's response (the OpenID provider's: RESPONSE_ALREADY_SENT)
    // is sent already, with the provider's own CORS headers (its token endpoint's).
    if (withoutCors.has(c.req.raw) || c.res.headers.has(ALREADY_SENT_HEADER)) return;
    // A fresh answer (a fetched one's headers are immutable); unset first, or Hono would copy
    // the old answer's headers over the new one's.
    const answer = c.res;
    const headers = new Headers(answer.headers);
    allowed(headers);
    headers.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
    c.res = undefined;
    c.res = new Response(answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers,
    });
  };
}
