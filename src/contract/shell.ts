/**
 * Contract of the calls every page makes: client data for the header, remote feature flags,
 * analytics. Schemas (valibot) are the single source: the sandbox validates with them, the OpenAPI
 * document is generated from them, and the front end takes its types from them.
 */
import {
  array,
  boolean,
  isoTimestamp,
  literal,
  maxLength,
  minLength,
  nullable,
  number,
  object,
  optional,
  pipe,
  record,
  string,
  union,
  type InferOutput,
} from 'valibot';

/** GET {identity API}/clients/api/v3/clients/{clientId} */
export const ClientData = object({
  clientId: string(),
  clientName: string(),
  logoUri: optional(nullable(string())),
});
export type ClientData = InferOutput<typeof ClientData>;
export const CLIENT_PATH = '/clients/api/v3/clients/{clientId}';
export const clientPath = (clientId: string) =>
  `/clients/api/v3/clients/${encodeURIComponent(clientId)}`;

/** The remote flags the shell's flags call answers with. */
export const FLAG_NAMES = [
  'businessInvitationS2SRoles',
  'googleEnabled',
  'enhancedForm',
  'weakPasswords',
  'recaptchaV2',
  'shieldEnabled',
  'oneClickSignup',
  'googleOneTap',
  'phoneCountries',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

/** GET {flags}/v1/flags: every flag optional; the client keeps safe defaults for the rest. */
export const FlagsResponse = object({
  flags: object({
    businessInvitationS2SRoles: optional(boolean()),
    googleEnabled: optional(boolean()),
    enhancedForm: optional(boolean()),
    /** Comma-separated, case-insensitive list of passwords refused at sign-up. */
    weakPasswords: optional(string()),
    recaptchaV2: optional(boolean()),
    shieldEnabled: optional(boolean()),
    oneClickSignup: optional(boolean()),
    /** Google's automatic One Tap prompt on /login and /signup/ (off by default). */
    googleOneTap: optional(boolean()),
    /** Comma-separated ISO 3166 codes a phone field may start in; empty: any country. */
    phoneCountries: optional(string()),
  }),
});
export type FlagsResponse = InferOutput<typeof FlagsResponse>;
export const FLAGS_PATH = '/v1/flags';

/** POST {analytics}/v3/publish-event */
export const AnalyticsEvent = object({
  name: pipe(string(), maxLength(100)),
  page: optional(string()),
  flow: optional(string()),
  at: pipe(string(), isoTimestamp()),
  properties: optional(record(string(), union([string(), number(), boolean()]))),
});
export type AnalyticsEvent = InferOutput<typeof AnalyticsEvent>;

export const PublishEventBody = object({
  session: object({
    session_id: string(),
    device_id: string(),
    platform: literal('web'),
    locale: string(),
    client_id: optional(string()),
    client_version: string(),
  }),
  events: pipe(array(AnalyticsEvent), minLength(1), maxLength(50)),
});
export type PublishEventBody = InferOutput<typeof PublishEventBody>;
export const PUBLISH_EVENT_PATH = '/v3/publish-event';
