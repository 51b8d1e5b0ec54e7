/**
 * The social adapters' failures and the claims of the tokens they give back: used by the adapters
 * (loaded after the page) and by the login and sign-up flows.
 */
import type { Text } from '../../i18n/types.ts';
import type { SocialFailureReason, SocialProvider } from './types.ts';

export class SocialError extends Error {
  readonly reason: SocialFailureReason;
  constructor(reason: SocialFailureReason, message: string = reason) {
    super(message);
    this.name = 'SocialError';
    this.reason = reason;
  }
}

/** What a failed social sign-in says (nothing when the person cancelled it themselves). */
export function socialMessage(
  provider: SocialProvider,
  reason: SocialFailureReason,
): Text | undefined {
  const name = provider === 'apple' ? 'Apple' : 'Google';
  switch (reason) {
    case 'cancelled':
      return undefined;
    case 'popup_closed':
      return { key: 'login:social.popupClosed' };
    case 'script':
      return { key: 'login:social.scriptFailed', params: { provider: name } };
    case 'other':
      return { key: 'login:social.failed', params: { provider: name } };
  }
}

export function socialFailureReason(error: unknown): SocialFailureReason {
  return error instanceof SocialError ? error.reason : 'other';
}

/** The claims of an id token's payload (not verified: the back end does that). */
export function tokenClaims(idToken: string): Record<string, unknown> | undefined {
  const payload = idToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function claimString(claims: Record<string, unknown> | undefined, name: string) {
  const value = claims?.[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
