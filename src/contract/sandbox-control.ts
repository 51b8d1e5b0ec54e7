/**
 * The sandbox's control API (sandbox-contract.md): for end-to-end tests and people, never served
 * by a production build. Paths are absolute on the site's origin.
 */
import * as v from 'valibot';

export const SANDBOX_CONTROL = {
  page: '/_sandbox',
  reset: '/_sandbox/reset',
  outbox: '/_sandbox/outbox',
  flags: '/_sandbox/flags',
  faults: '/_sandbox/faults',
  events: '/_sandbox/events',
  openapi: '/_sandbox/openapi.json',
  push: '/_sandbox/push/{requestId}/{decision}',
  social: '/_sandbox/social/{provider}',
} as const;

export const OUTBOX_CHANNELS = ['sms', 'voice', 'email', 'push'] as const;
export const OutboxEntry = v.object({
  channel: v.picklist(OUTBOX_CHANNELS),
  /** A phone in E.164 or an e-mail. */
  to: v.string(),
  text: v.string(),
  code: v.optional(v.string()),
  link: v.optional(v.string()),
  requestId: v.optional(v.string()),
  /** ISO time. */
  at: v.string(),
});
export type OutboxEntry = v.InferOutput<typeof OutboxEntry>;
export const OutboxResponse = v.array(OutboxEntry);

export const OutboxQuery = v.object({ to: v.optional(v.pipe(v.string(), v.maxLength(256))) });

export const PUSH_DECISIONS = ['approve', 'reject'] as const;
export const PushDecisionResponse = v.object({
  id: v.string(),
  status: v.picklist(['confirmed', 'rejected']),
});

export const FaultBody = v.object({
  method: v.optional(v.picklist(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
  /** A path prefix on the site's origin, e.g. `/_be/identity-api/otp`. */
  path: v.pipe(v.string(), v.startsWith('/'), v.maxLength(512)),
  status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(599))),
  body: v.optional(v.unknown()),
  delayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120_000))),
  /** How many calls; unlimited when absent. */
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type FaultBody = v.InferOutput<typeof FaultBody>;

export const RecordedEvent = v.object({
  name: v.string(),
  page: v.optional(v.string()),
  flow: v.optional(v.string()),
  at: v.string(),
  properties: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]))),
  session: v.record(v.string(), v.unknown()),
  receivedAt: v.string(),
});
export type RecordedEvent = v.InferOutput<typeof RecordedEvent>;
export const EventsResponse = v.array(RecordedEvent);

/** What the sandbox social sign-in window posts to its opener. */
export const SandboxSocialMessage = v.object({
  type: v.literal('sandbox-social'),
  provider: v.picklist(['apple', 'google']),
  idToken: v.string(),
});
export type SandboxSocialMessage = v.InferOutput<typeof SandboxSocialMessage>;
