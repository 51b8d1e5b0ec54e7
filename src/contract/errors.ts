/**
 * The error body every back end answers with (spec sections 7 and 8), and the codes the sandbox
 * can answer. `src/api/errors.ts` reads the same shape; every field is optional.
 */
import * as v from 'valibot';

/** A login challenge (spec section 4, 'Phone login'). */
export const LOGIN_CHALLENGES = [
  'otp',
  'password',
  'apple',
  'google',
  'confirm_name',
  'try_another_way',
] as const;
export type LoginChallenge = (typeof LOGIN_CHALLENGES)[number];

/** The challenges of `try_another_way`, in `challenge_details`. */
export const CHALLENGE_NAMES = ['card', 'name', 'email', 'pin', 'password'] as const;
export type ChallengeName = (typeof CHALLENGE_NAMES)[number];

export const ChallengeDetail = v.object({
  challenge_name: v.picklist(CHALLENGE_NAMES),
  priority: v.pipe(v.number(), v.integer()),
  masked_value: v.exactOptional(v.string()),
});
export type ChallengeDetail = v.InferOutput<typeof ChallengeDetail>;

export const AdditionalInformation = v.looseObject({
  challenge: v.exactOptional(v.string()),
  name: v.exactOptional(v.string()),
  challenge_details: v.exactOptional(v.array(ChallengeDetail)),
  error_code: v.exactOptional(v.string()),
  onboard_experience_id: v.exactOptional(v.string()),
});

export const ErrorBody = v.looseObject({
  error: v.exactOptional(v.string()),
  error_code: v.exactOptional(v.string()),
  error_description: v.exactOptional(v.string()),
  message: v.exactOptional(v.string()),
  additional_information: v.exactOptional(AdditionalInformation),
  /** One-click errors. */
  errorCode: v.exactOptional(v.string()),
  error_message: v.exactOptional(v.string()),
  errorMessage: v.exactOptional(v.string()),
  /** A 500 of the profile confirmation carries a support code to quote. */
  support_code: v.exactOptional(v.string()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** 400 `challenge_required`: the login (or onboarding) needs one more answer. */
export const ChallengeRequiredBody = v.object({
  error: v.literal('challenge_required'),
  error_description: v.exactOptional(v.string()),
  additional_information: v.object({
    challenge: v.picklist(LOGIN_CHALLENGES),
    /** confirm_name: the name to confirm. */
    name: v.exactOptional(v.string()),
    /** try_another_way: the challenges, lowest priority first. */
    challenge_details: v.exactOptional(v.array(ChallengeDetail)),
    /** Onboarding: send it back with the next attempt. */
    onboard_experience_id: v.exactOptional(v.string()),
  }),
});
export type ChallengeRequiredBody = v.InferOutput<typeof ChallengeRequiredBody>;

/** Values of `error` the front end branches on. */
export const ERROR = {
  challengeRequired: 'challenge_required',
  unregisteredUser: 'unregistered_user',
  invalidUser: 'invalid_user',
  invalidRequest: 'invalid_request',
  motRequestFailed: 'mot_request_failed',
  unauthorized: 'unauthorized',
  notFound: 'not_found',
  payloadTooLarge: 'payload_too_large',
  internal: 'internal_error',
} as const;

/** `message` of OTP errors (looked up as `otp:error.{message}`). */
export const OTP_ERROR_MESSAGES = [
  'ERROR_INVALID_PIN_CODE',
  'ERROR_MAX_VALIDATIONS_REACHED',
  'ERROR_SESSION_EXPIRED',
  'ERROR_RATE_LIMIT_REACHED',
  'INVALID_PHONE_NUMBER',
] as const;
export type OtpErrorMessage = (typeof OTP_ERROR_MESSAGES)[number];

/** `message` of recovery errors (looked up as `error:{message}`). */
export const RECOVERY_ERROR_MESSAGES = [
  'USER_NOT_FOUND',
  'INVALID_OTP',
  'INVALID_FULL_NAME',
  'INVALID_NATIONAL_ID',
  'INVALID_EMAIL',
  'INVALID_RESET_TOKEN',
  'INVALID_PASSWORD',
  'INVALID_RECAPTCHA',
  'UNKNOWN_ERROR',
] as const;
export type RecoveryErrorMessage = (typeof RECOVERY_ERROR_MESSAGES)[number];

/** Business invitation errors (spec section 8): 400 with one of these `error_code`s. */
export const INVITATION_ERROR_CODES = {
  'BU-0010': 'expired',
  'BU-0011': 'already_used',
  'BU-0012': 'inactivated',
  'BU-0013': 'revoked',
  'BU-0014': 'cancelled',
  'BU-0015': 'rejected',
  'BU-0016': 'bad_shape',
} as const;
export type InvitationErrorCode = keyof typeof INVITATION_ERROR_CODES;

/** The body of any unexpected failure. */
export const INTERNAL_ERROR_BODY = {
  error: ERROR.internal,
  error_code: 'APP-0001',
  message: 'INTERNAL_SERVER_ERROR',
} as const;
