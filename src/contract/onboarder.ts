/**
 * Contract of the onboarder gateway (spec section 7): sign-up. Paths are relative to
 * `BACKEND_URL.onboarder`. Headers (./headers.ts): agent WEB, version 1, client-version,
 * accept-language, `x-device-id`, `x-idp-client-id`, optional `x-session-id`.
 */
import * as v from 'valibot';

const ShortText = v.pipe(v.string(), v.maxLength(256));
const IdToken = v.pipe(v.string(), v.maxLength(8192));

export const ONBOARD_PATH = '/onboard';

/** Spec section 3, 'Signup onboarding payload'. */
export const OnboardBody = v.object({
  deviceId: v.optional(ShortText),
  /** From the `challenge_required` answer of a previous attempt. */
  onboard_experience_id: v.optional(ShortText),
  /** Country code plus national number, digits only (a leading '+' is accepted). */
  phone_number: ShortText,
  full_name: v.optional(ShortText),
  password: v.optional(ShortText),
  apple_id_token: v.optional(IdToken),
  google_id_token: v.optional(IdToken),
  /** The id of a verified OTP (or an OTP id from the sign-up URL). */
  otp: v.optional(ShortText),
  email: v.optional(ShortText),
  clientId: v.optional(ShortText),
  /** Optional invitation (promotion) code. */
  invitation_code: v.optional(ShortText),
  /** Corporate invitation token from the sign-up URL. */
  corporate_invitation_token: v.optional(ShortText),
  profiling: v.optional(v.record(v.string(), v.unknown())),
});
export type OnboardBody = v.InferOutput<typeof OnboardBody>;

/** Success: the proof token for the identity service's `/login` form. */
export const OnboardResponse = v.object({ token: v.string() });
export type OnboardResponse = v.InferOutput<typeof OnboardResponse>;
