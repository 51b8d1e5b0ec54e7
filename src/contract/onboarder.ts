/**
 * Contract of the onboarder gateway: sign-up. Paths are relative to
 * `BACKEND_URL.onboarder`. Headers (./headers.ts): agent WEB, version 1, client-version,
 * accept-language (the page's language, then the spec's `en`: `acceptLanguage`), `x-device-id`,
 * `x-idp-client-id`, optional `x-session-id`.
 */
import {
  maxLength,
  object,
  optional,
  pipe,
  record,
  string,
  unknown,
  type InferOutput,
} from 'valibot';

const ShortText = pipe(string(), maxLength(256));
const IdToken = pipe(string(), maxLength(8192));

export const ONBOARD_PATH = '/onboard';

/** What sign-up posts to the onboarder: the form, the proofs and the device record. */
export const OnboardBody = object({
  deviceId: optional(ShortText),
  /** From the `challenge_required` answer of a previous attempt. */
  onboard_experience_id: optional(ShortText),
  /** Country code plus national number, digits only (a leading '+' is accepted). */
  phone_number: ShortText,
  full_name: optional(ShortText),
  password: optional(ShortText),
  apple_id_token: optional(IdToken),
  google_id_token: optional(IdToken),
  /** The id of a verified OTP (or an OTP id from the sign-up URL). */
  otp: optional(ShortText),
  email: optional(ShortText),
  clientId: optional(ShortText),
  /** Optional invitation (promotion) code. */
  invitation_code: optional(ShortText),
  /** Corporate invitation token from the sign-up URL. */
  corporate_invitation_token: optional(ShortText),
  profiling: optional(record(string(), unknown())),
});
export type OnboardBody = InferOutput<typeof OnboardBody>;

/** Success: the proof token for the identity service's `/login` form. */
export const OnboardResponse = object({ token: string() });
export type OnboardResponse = InferOutput<typeof OnboardResponse>;
