/**
 * Unsigned test id tokens for the sandbox's Apple and Google sign-in window (`alg: none`). The
 * Apple and Google login calls accept only these; real tokens cannot be checked offline. Like
 * Apple's and Google's, a token carries the nonce the page asked the provider for (`nonce`).
 */
import { randomBytes } from 'node:crypto';
import type { SocialNonceResponse } from '../src/contract/identity-api.ts';
import { fail } from './errors.ts';
import type { SocialAccount, SocialProvider } from './personas.ts';
import type { Sandbox } from './state.ts';

export const SOCIAL_ISSUER = 'https://sandbox.invalid/social';
const TOKEN_VALIDITY_S = 10 * 60;

export interface SocialClaims {
  iss: string;
  aud: SocialProvider;
  sub: string;
  email: string;
  name: string;
  iat: number;
  exp: number;
  nonce?: string;
}

/** What a nonce may look like (as the window's query takes it). */
export const NONCE_PATTERN = /^[\w-]{1,128}$/;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function makeSocialToken(account: SocialAccount, nowMs: number, nonce?: string): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: SocialClaims = {
    iss: SOCIAL_ISSUER,
    aud: account.provider,
    sub: `${account.provider}-${account.email}`,
    email: account.email,
    name: account.name,
    iat,
    exp: iat + TOKEN_VALIDITY_S,
    ...(nonce ? { nonce } : {}),
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

function decode(part: string | undefined): unknown {
  if (!part || !/^[\w-]+$/.test(part)) return undefined;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * `token` (one of these) carrying `nonce`, as a provider's id token carries the nonce the page
 * asked it with (the production tests' vendor stand-ins answer so): the identity API takes a
 * social token only with the nonce it issued for that sign-in (security review L3).
 */
export function withNonce(token: string | undefined, nonce: string | null): string {
  if (!token || !nonce) return token ?? '';
  const [head = '', body] = token.split('.');
  const claims = decode(body);
  return `${head}.${encode({ ...(typeof claims === 'object' ? claims : {}), nonce })}.`;
}

/** The claims of a sandbox token for `provider` that has not expired, or undefined. */
export function readSocialToken(
  token: string,
  provider: SocialProvider,
  nowMs: number,
): SocialClaims | undefined {
  const [head, body, signature, ...rest] = token.split('.');
  if (signature !== '' || rest.length > 0) return undefined;
  const header = decode(head) as { alg?: unknown } | undefined;
  const claims = decode(body) as Partial<SocialClaims> | undefined;
  if (header?.alg !== 'none' || !claims) return undefined;
  if (claims.iss !== SOCIAL_ISSUER || claims.aud !== provider) return undefined;
  if (typeof claims.email !== 'string' || typeof claims.exp !== 'number') return undefined;
  if (claims.exp * 1000 < nowMs) return undefined;
  return claims as SocialClaims;
}

/** How long a social sign-in's nonce stays good, and how many the sandbox keeps at most. */
const SOCIAL_NONCE_VALIDITY_S = 10 * 60;
const MAX_SOCIAL_NONCES = 1000;

/** A nonce for the next Apple or Google sign-in (`SOCIAL_NONCE_PATH`). */
export function issueSocialNonce(sandbox: Sandbox): SocialNonceResponse {
  const nonces = sandbox.state.socialNonces;
  const now = sandbox.now();
  for (const [value, kept] of nonces) if (kept.expiresAt <= now) nonces.delete(value);
  if (nonces.size >= MAX_SOCIAL_NONCES) nonces.clear();
  const nonce = randomBytes(16).toString('hex');
  nonces.set(nonce, { expiresAt: now + SOCIAL_NONCE_VALIDITY_S * 1000, used: false });
  return { nonce, expires_in: SOCIAL_NONCE_VALIDITY_S };
}

/**
 * Spends the nonce a social login sends: issued here, unused, unexpired and the token's own
 * `nonce` claim; anything else answers 400 `invalid_nonce`.
 */
export function spendSocialNonce(
  sandbox: Sandbox,
  nonce: string | undefined,
  claim: string | undefined,
): void {
  const kept = nonce === undefined ? undefined : sandbox.state.socialNonces.get(nonce);
  if (!kept || kept.used || kept.expiresAt <= sandbox.now() || claim !== nonce) {
    fail(400, {
      error: 'invalid_nonce',
      message: 'The id token is not bound to a nonce this service issued for it',
    });
  }
  kept.used = true;
}
