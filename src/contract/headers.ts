/**
 * The request headers the back ends read. Names are lower case; every header is
 * optional unless a call's documentation says otherwise.
 */
export const HEADER = {
  /** Device id (a uuid kept by the front end); sent on OTP, login, social and onboarding calls. */
  deviceId: 'x-device-id',
  /** Analytics session id, when present. */
  sessionId: 'x-session-id',
  /** The client id of the login page (phone and e-mail login: 'client id separately'). */
  clientId: 'x-client-id',
  /** The client the identity service signs the user in to (proof tokens, onboarding). */
  idpClientId: 'x-idp-client-id',
  /** `WEB` on onboarding and social calls. */
  agent: 'agent',
  /** `1` on onboarding and social calls. */
  version: 'version',
  clientVersion: 'client-version',
  /** `acceptLanguage(page language)`: on onboarding and on every identity API call. */
  acceptLanguage: 'accept-language',
  /** One key per checkout attempt, reused when the same attempt is retried. */
  idempotencyKey: 'idempotency-key',
} as const;

export const AGENT_WEB = 'WEB';
export const API_VERSION = '1';

/**
 * The `accept-language` the front end sends: the page's language first, then English with a lower
 * weight (`ar, en;q=0.5`; `en` alone on English pages). The spec has onboarding send `en`; we name
 * the page's language first so that what a back end writes for people (an error's description or
 * message, which sign-up shows when it has no translation, the texts of the codes it sends, the
 * new account's language) is in the person's language, and keep the spec's `en` as the fallback a
 * back end that has only English picks (docs/spec-decisions.md, D4).
 */
export function acceptLanguage(language: string | undefined): string {
  return !language || language === 'en' ? 'en' : `${language}, en;q=0.5`;
}
