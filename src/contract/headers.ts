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
  acceptLanguage: 'accept-language',
  /** One key per checkout attempt, reused when the same attempt is retried. */
  idempotencyKey: 'idempotency-key',
} as const;

export const AGENT_WEB = 'WEB';
export const API_VERSION = '1';
