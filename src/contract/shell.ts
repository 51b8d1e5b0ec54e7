/**
 * Contract of the calls every page makes: client data for the header, remote feature flags,
 * analytics. Schemas (valibot) are the single source: the sandbox validates with them, the OpenAPI
 * document is generated from them, and the front end takes its types from them.
 */
import * as v from 'valibot';

/** GET {identity API}/clients/api/v3/clients/{clientId} */
export const ClientData = v.object({
  clientId: v.string(),
  clientName: v.string(),
  logoUri: v.optional(v.nullable(v.string())),
});
export type ClientData = v.InferOutput<typeof ClientData>;
export const CLIENT_PATH = '/clients/api/v3/clients/{clientId}';
export const clientPath = (clientId: string) =>
  `/clients/api/v3/clients/${encodeURIComponent(clientId)}`;

/** The seven remote flags of spec section 7. */
export const FLAG_NAMES = [
  'businessInvitationS2SRoles',
  'googleEnabled',
  'enhancedForm',
  'weakPasswords',
  'recaptchaV2',
  'shieldEnabled',
  'oneClickSignup',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

/** GET {flags}/v1/flags: every flag optional; the client keeps safe defaults for the rest. */
export const FlagsResponse = v.object({
  flags: v.object({
    businessInvitationS2SRoles: v.optional(v.boolean()),
    googleEnabled: v.optional(v.boolean()),
    enhancedForm: v.optional(v.boolean()),
    /** Comma-separated, case-insensitive list of passwords refused at sign-up. */
    weakPasswords: v.optional(v.string()),
    recaptchaV2: v.optional(v.boolean()),
    shieldEnabled: v.optional(v.boolean()),
    oneClickSignup: v.optional(v.boolean()),
  }),
});
export type FlagsResponse = v.InferOutput<typeof FlagsResponse>;
export const FLAGS_PATH = '/v1/flags';

/** POST {analytics}/v3/publish-event */
export const AnalyticsEvent = v.object({
  name: v.pipe(v.string(), v.maxLength(100)),
  page: v.optional(v.string()),
  flow: v.optional(v.string()),
  at: v.pipe(v.string(), v.isoTimestamp()),
  properties: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean()]))),
});
export type AnalyticsEvent = v.InferOutput<typeof AnalyticsEvent>;

export const PublishEventBody = v.object({
  session: v.object({
    session_id: v.string(),
    device_id: v.string(),
    platform: v.literal('web'),
    locale: v.string(),
    client_id: v.optional(v.string()),
    client_version: v.string(),
  }),
  events: v.pipe(v.array(AnalyticsEvent), v.minLength(1), v.maxLength(50)),
});
export type PublishEventBody = v.InferOutput<typeof PublishEventBody>;
export const PUBLISH_EVENT_PATH = '/v3/publish-event';
