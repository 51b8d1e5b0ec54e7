/**
 * The authorize round trip of this front end's own pages (connected apps, business invitation):
 * OpenID Connect's code flow as a public client (`account-web`), with PKCE (S256), a random
 * `state` and `nonce` that wait in session storage for the return, an exact `redirect_uri` per
 * page, and the code exchanged at the token endpoint. The ID token that comes with the access
 * token must carry the nonce of this round trip. An access token in the hash (the spec's entry)
 * is still read when an identity service sends one, but only with the `state` this page issued.
 * What a page must remember across the trip (the invitation's code) waits with the state, never
 * in the address.
 */
import { BACKEND_URL } from '../config.ts';
import {
  ACCOUNT_CLIENT_ID,
  ACCOUNT_SCOPE,
  AUTHORIZE_PATH,
  TOKEN_PATH,
} from '../contract/identity-service.ts';
import type { Locale } from '../i18n/config.ts';
import { takeHashParams, takeQueryParams } from './address.ts';

const STORAGE_KEY = 'acct:authorize';
/** A round trip that takes longer than this has gone stale (the person left it there). */
const PENDING_MAX_AGE_MS = 30 * 60 * 1000;
const TOKEN = /^[\x21-\x7e]{1,4096}$/;

/** What waits in session storage from the authorize request to its return. */
export interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  /** What the page keeps across the trip (e.g. the invitation's code). */
  keep: Record<string, string>;
  at: number;
}

export type AuthorizeReturn =
  /** Nothing came back in the address: a first visit. */
  | { kind: 'none' }
  /** Something came back that this page did not ask for, or the identity service refused. */
  | { kind: 'refused'; keep: Record<string, string> }
  | { kind: 'code'; code: string; pending: Pending }
  | { kind: 'token'; accessToken: string; keep: Record<string, string> };

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes, base64url (43 characters): a state, a nonce, a PKCE verifier. */
export function randomValue(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** PKCE's S256: the base64url SHA-256 of the verifier. */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

function store(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/** The pending round trip, read once (a return spends it). */
function takePending(now: number): Pending | undefined {
  const storage = store();
  const raw = storage?.getItem(STORAGE_KEY);
  storage?.removeItem(STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const pending = JSON.parse(raw) as Partial<Pending>;
    const fresh = typeof pending.at === 'number' && now - pending.at < PENDING_MAX_AGE_MS;
    const complete = [pending.state, pending.nonce, pending.verifier, pending.redirectUri].every(
      (value) => typeof value === 'string' && value !== '',
    );
    return fresh && complete ? ({ keep: {}, ...pending } as Pending) : undefined;
  } catch {
    return undefined;
  }
}

let leaving: Promise<string> | undefined;

/**
 * The one authorize address this page leaves for (the link on its leaving view and the
 * navigation share it, and so its state).
 */
export function authorizeAddressOnce(
  input: Parameters<typeof authorizeAddress>[0],
): Promise<string> {
  leaving ??= authorizeAddress(input);
  return leaving;
}

/**
 * The authorize address for this page, its round trip kept in session storage: the page comes
 * back to `redirectUri` (exactly as registered) in `locale`.
 */
export async function authorizeAddress(
  input: { redirectUri: string; locale: Locale; keep?: Record<string, string> },
  base = BACKEND_URL.identityService,
): Promise<string> {
  const pending: Pending = {
    state: randomValue(),
    nonce: randomValue(),
    verifier: randomValue(),
    redirectUri: input.redirectUri,
    keep: input.keep ?? {},
    at: Date.now(),
  };
  store()?.setItem(STORAGE_KEY, JSON.stringify(pending));
  const query = new URLSearchParams({
    client_id: ACCOUNT_CLIENT_ID,
    response_type: 'code',
    scope: ACCOUNT_SCOPE,
    redirect_uri: pending.redirectUri,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await codeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    ui_locales: input.locale,
  });
  return `${base}${AUTHORIZE_PATH}?${query.toString()}`;
}

/** Whether an address brings an authorize return (a code, an error, or a token in the hash). */
function isReturn(query: URLSearchParams, hash: URLSearchParams): boolean {
  return query.has('code') || query.has('error') || hash.has('access_token');
}

/**
 * What an authorize return means for this page: only one whose state is the pending trip's
 * counts (a code, or a well-formed bearer token in the hash); anything else that came back is
 * refused, the pending trip's kept values with it.
 */
export function readAuthorizeReturn(
  query: URLSearchParams,
  hash: URLSearchParams,
  pending: Pending | undefined,
): AuthorizeReturn {
  if (!isReturn(query, hash)) return { kind: 'none' };
  const keep = pending?.keep ?? {};
  const hashToken = hash.get('access_token');
  const state = hashToken === null ? query.get('state') : hash.get('state');
  if (!pending || !state || state !== pending.state) return { kind: 'refused', keep };
  if (hashToken !== null) {
    const type = hash.get('token_type');
    const bearer = type === null || type.toLowerCase() === 'bearer';
    return TOKEN.test(hashToken) && bearer
      ? { kind: 'token', accessToken: hashToken, keep }
      : { kind: 'refused', keep };
  }
  const code = query.get('code');
  return code && !query.has('error') && TOKEN.test(code)
    ? { kind: 'code', code, pending }
    : { kind: 'refused', keep };
}

/**
 * What came back from the authorize request, taken out of the address at once (the query's
 * `code`, `state`, `iss`, `error`; the hash's `access_token`, `state`); a return spends this
 * tab's pending trip, whatever it brought.
 */
export function takeAuthorizeReturn(now = Date.now()): AuthorizeReturn {
  const taken = takeQueryParams(['code', 'state', 'iss', 'error', 'error_description']);
  const query = new URLSearchParams(
    Object.entries(taken).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const hash = takeHashParams();
  if (!isReturn(query, hash)) return { kind: 'none' };
  return readAuthorizeReturn(query, hash, takePending(now));
}

/** The payload of a JWT, unverified (it came straight from the token endpoint over TLS). */
function jwtPayload(jwt: string): Record<string, unknown> | undefined {
  const part = jwt.split('.')[1];
  if (!part) return undefined;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object'
      ? (payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the token endpoint's ID token belongs to this round trip: its nonce, this client as
 * its audience, the identity service as its issuer, not expired.
 */
export function idTokenMatches(
  idToken: unknown,
  pending: Pick<Pending, 'nonce'>,
  issuerBase: string,
  now = Date.now(),
): boolean {
  const claims = typeof idToken === 'string' ? jwtPayload(idToken) : undefined;
  if (!claims) return false;
  const aud = claims['aud'];
  const audiences = Array.isArray(aud) ? aud : [aud];
  const iss = typeof claims['iss'] === 'string' ? URL.parse(claims['iss']) : null;
  const expected = URL.parse(issuerBase, 'http://relative.invalid');
  const issuer =
    iss !== null &&
    expected !== null &&
    iss.pathname.replace(/\/$/, '') === expected.pathname.replace(/\/$/, '') &&
    (issuerBase.startsWith('/') || iss.origin === expected.origin);
  return (
    claims['nonce'] === pending.nonce &&
    audiences.includes(ACCOUNT_CLIENT_ID) &&
    issuer &&
    typeof claims['exp'] === 'number' &&
    claims['exp'] * 1000 > now
  );
}

/** The token endpoint's answer that a code exchange needs. */
export interface TokenAnswer {
  access_token?: unknown;
  token_type?: unknown;
  id_token?: unknown;
}

export const tokenForm = (code: string, pending: Pending) =>
  new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: pending.redirectUri,
    client_id: ACCOUNT_CLIENT_ID,
    code_verifier: pending.verifier,
  });

/** The access token of a token answer for this round trip, or undefined (refused). */
export function accessTokenOf(
  answer: TokenAnswer,
  pending: Pending,
  issuerBase = BACKEND_URL.identityService,
): string | undefined {
  const token = answer.access_token;
  const bearer =
    typeof answer.token_type === 'string' && answer.token_type.toLowerCase() === 'bearer';
  if (typeof token !== 'string' || !TOKEN.test(token) || !bearer) return undefined;
  return idTokenMatches(answer.id_token, pending, issuerBase) ? token : undefined;
}

export { TOKEN_PATH };
