/**
 * Unsigned test id tokens for the sandbox's Apple and Google sign-in window (`alg: none`). The
 * Apple and Google login calls accept only these; real tokens cannot be checked offline.
 */
import type { SocialAccount, SocialProvider } from './personas.ts';

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
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function makeSocialToken(account: SocialAccount, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: SocialClaims = {
    iss: SOCIAL_ISSUER,
    aud: account.provider,
    sub: `${account.provider}-${account.email}`,
    email: account.email,
    name: account.name,
    iat,
    exp: iat + TOKEN_VALIDITY_S,
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
