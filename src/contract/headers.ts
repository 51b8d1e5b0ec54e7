/** Request header names shared by the front end and the sandbox (spec section 7). */
export const HEADER = {
  deviceId: 'x-device-id',
  sessionId: 'x-session-id',
  clientId: 'x-client-id',
  idpClientId: 'x-idp-client-id',
  agent: 'x-agent',
  version: 'x-version',
  clientVersion: 'x-client-version',
  idempotencyKey: 'idempotency-key',
} as const;

/** The identity service's form that finishes a sign-in: `POST {identity service}/login`. */
export const IDP_LOGIN = {
  path: '/login',
  fields: {
    token: 'token',
    csrf: '_csrf',
    recaptcha: 'g-recaptcha-response',
    remember: 'remember',
  },
} as const;
