/**
 * The sandbox's control API (sandbox-contract.md): for end-to-end tests and people, never served
 * by a production build. Paths are absolute on the site's origin.
 */
import {
  array,
  boolean,
  integer,
  literal,
  maxLength,
  maxValue,
  minValue,
  number,
  object,
  optional,
  picklist,
  pipe,
  record,
  regex,
  startsWith,
  string,
  union,
  unknown,
  type InferOutput,
} from 'valibot';
import { SECURE_ACTIONS } from './link-paths.ts';

/** The sandbox's Apple and Google sign-in window (the only control path a page uses). */
export const SANDBOX_SOCIAL_PATH = '/_sandbox/social/{provider}';

export const SANDBOX_CONTROL = {
  page: '/_sandbox',
  reset: '/_sandbox/reset',
  outbox: '/_sandbox/outbox',
  flags: '/_sandbox/flags',
  faults: '/_sandbox/faults',
  events: '/_sandbox/events',
  openapi: '/_sandbox/openapi.json',
  push: '/_sandbox/push/{requestId}/{decision}',
  reports: '/_sandbox/reports',
  /** An account's security after 'This wasn't me' (sandbox/secure-account.ts). */
  security: '/_sandbox/security',
  social: SANDBOX_SOCIAL_PATH,
  /** GET lists them, DELETE revokes every one (every browser asks for its code again). */
  trustedDevices: '/_sandbox/trusted-devices',
  /** POST: every trusted device past its 30 days, as if a month had gone by. */
  trustedDevicesExpire: '/_sandbox/trusted-devices/expire',
} as const;

/** A trusted device as `GET /_sandbox/trusted-devices` lists it (times in ISO). */
export const TrustedDeviceEntry = object({
  sub: string(),
  createdAt: string(),
  expiresAt: string(),
  revoked: boolean(),
});
export type TrustedDeviceEntry = InferOutput<typeof TrustedDeviceEntry>;
export const TrustedDevicesResponse = array(TrustedDeviceEntry);

export const OUTBOX_CHANNELS = ['sms', 'voice', 'email', 'push'] as const;
export const OutboxEntry = object({
  channel: picklist(OUTBOX_CHANNELS),
  /** A phone in E.164 or an e-mail. */
  to: string(),
  text: string(),
  code: optional(string()),
  link: optional(string()),
  requestId: optional(string()),
  /** The number challenge a push carries (also written in its text). */
  number: optional(string()),
  /** ISO time. */
  at: string(),
});
export type OutboxEntry = InferOutput<typeof OutboxEntry>;
export const OutboxResponse = array(OutboxEntry);

export const OutboxQuery = object({ to: optional(pipe(string(), maxLength(256))) });

export const PUSH_DECISIONS = ['approve', 'reject'] as const;
/**
 * The body of `POST /_sandbox/push/{requestId}/approve` (JSON or a form): the number the person
 * picked, required when the push carries a number challenge; a wrong number rejects the push.
 */
export const PushDecisionBody = object({ number: optional(pipe(string(), maxLength(8))) });
export const PushDecisionResponse = object({
  id: string(),
  status: picklist(['confirmed', 'rejected']),
});

export const FaultBody = object({
  /**
   * `OPTIONS`: the CORS preflight of the production topology, answered `status` without any CORS
   * header (a refused preflight); no other call is affected.
   */
  method: optional(picklist(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])),
  /**
   * A path prefix on the site's origin, e.g. `/_be/identity-api/otp`. In the production topology,
   * where each back end has an origin of its own, the same prefixes name the back ends.
   */
  path: pipe(string(), startsWith('/'), maxLength(512)),
  status: optional(pipe(number(), integer(), minValue(200), maxValue(599))),
  body: optional(unknown()),
  delayMs: optional(pipe(number(), integer(), minValue(0), maxValue(120_000))),
  /** How many calls; unlimited when absent. */
  times: optional(pipe(number(), integer(), minValue(1))),
  /** Answer `status` (default 200) with a truncated JSON body. */
  malformed: optional(boolean()),
  /** Drop the connection instead of answering (after `delayMs`). */
  drop: optional(boolean()),
  /**
   * The answer's `Retry-After` header with `status` (seconds, or an HTTP date), as a rate limit
   * sends it: e.g. `"120"` or `"Wed, 21 Oct 2026 07:28:00 GMT"`.
   */
  retryAfter: optional(pipe(string(), maxLength(64), regex(/^[\x20-\x7e]+$/))),
  /**
   * `false`: the answer carries no CORS header, as a gateway's or CDN's own error page does (the
   * production topology; the one-origin sandbox sends none anyway).
   */
  cors: optional(boolean()),
});
export type FaultBody = InferOutput<typeof FaultBody>;

export const RecordedEvent = object({
  name: string(),
  page: optional(string()),
  flow: optional(string()),
  at: string(),
  properties: optional(record(string(), union([string(), number(), boolean()]))),
  session: record(string(), unknown()),
  receivedAt: string(),
});
export type RecordedEvent = InferOutput<typeof RecordedEvent>;
export const EventsResponse = array(RecordedEvent);

/**
 * What the error-reporting service of the production topology received (`GET /_sandbox/reports`,
 * oldest first): each Sentry envelope as it arrived, with the events in it.
 */
export const ReportsResponse = object({
  errors: array(
    object({
      receivedAt: string(),
      envelope: string(),
      events: array(record(string(), unknown())),
    }),
  ),
});
export type ReportsResponse = InferOutput<typeof ReportsResponse>;

/**
 * An account's security as 'This wasn't me' leaves it (`GET /_sandbox/security?account=`, the
 * account by phone, e-mail or sub): its live identity-service sessions, whether its payments are
 * paused (until a new password), its passkeys and which are marked for review, and each time an
 * alert secured it (one entry per act: a repeat or a retry adds none).
 */
export const AccountSecurityResponse = object({
  sub: string(),
  sessions: number(),
  paymentsFrozen: boolean(),
  passkeys: array(object({ id: string(), forReview: boolean() })),
  securings: array(
    object({
      alert: string(),
      sub: string(),
      /** ISO time. */
      at: string(),
      actions: array(picklist(SECURE_ACTIONS)),
    }),
  ),
});
export type AccountSecurityResponse = InferOutput<typeof AccountSecurityResponse>;

/** What the sandbox social sign-in window posts to its opener. */
export const SandboxSocialMessage = object({
  type: literal('sandbox-social'),
  provider: picklist(['apple', 'google']),
  idToken: string(),
});
export type SandboxSocialMessage = InferOutput<typeof SandboxSocialMessage>;
