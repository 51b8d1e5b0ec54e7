/**
 * Navigations to the identity service: the authorize flow (sign in if needed, then back here
 * with an access token in the hash) and logout. Return addresses are this site's own paths.
 */
import { BACKEND_URL } from '../config.ts';
import { authorizeUrl, LOGOUT_PATH } from '../contract/identity-service.ts';

/**
 * The address the identity service sends the user back to: a path when the identity service is
 * on this origin (the sandbox), an absolute address when it is elsewhere.
 */
export function returnUri(
  path: string,
  origin: string,
  base = BACKEND_URL.identityService,
): string {
  return base.startsWith('/') ? path : new URL(path, origin).href;
}

/**
 * The authorize address that brings the user back to `path` with `#access_token=...`. `state`
 * comes back in the hash: pages use it to tell a return from the authorize flow from a first
 * visit (and never loop).
 */
export function authorizeAddress(
  path: string,
  state: string,
  origin: string,
  base = BACKEND_URL.identityService,
): string {
  return `${authorizeUrl(base, returnUri(path, origin, base))}&state=${encodeURIComponent(state)}`;
}

/** Ends the identity-service session, then goes to `path` (e.g. the login page). */
export function logoutAddress(
  path: string,
  origin: string,
  base = BACKEND_URL.identityService,
): string {
  const query = new URLSearchParams({ redirect_uri: returnUri(path, origin, base) });
  return `${base}${LOGOUT_PATH}?${query.toString()}`;
}

/** The hash the authorize flow appends: the access token (if well formed) and the state. */
export interface AuthorizeReturn {
  accessToken: string | undefined;
  state: string | undefined;
}

const TOKEN = /^[\x21-\x7e]{1,4096}$/;

export function readAuthorizeReturn(hash: URLSearchParams): AuthorizeReturn {
  const token = hash.get('access_token') ?? '';
  const type = hash.get('token_type');
  const usable = TOKEN.test(token) && (type === null || type.toLowerCase() === 'bearer');
  return {
    accessToken: usable ? token : undefined,
    state: hash.get('state') ?? undefined,
  };
}
