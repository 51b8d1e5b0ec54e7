/**
 * The error body every back end answers with, and the codes the sandbox
 * can answer. `src/api/errors.ts` reads the same shape; every field is optional.
 */
import {
  array,
  exactOptional,
  integer,
  literal,
  looseObject,
  number,
  object,
  picklist,
  pipe,
  string,
  type InferOutput,
} from 'valibot';

/** What a phone login can ask for before it gives a proof token (`challenge_required`). */
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

export const ChallengeDetail = object({
  challenge_name: picklist(CHALLENGE_NAMES),
  priority: pipe(number(), integer()),
  masked_value: exactOptional(string()),
});
export type ChallengeDetail = InferOutput<typeof ChallengeDetail>;

/**
 * Why a blocked account (USER_BLOCKED, US-0068) is blocked, in
 * `additional_information.block_reason`; without one the page says only that it is blocked. An
 * unknown reason is read as none.
 */
export const BLOCK_REASONS = ['cash_trip_underpayment', 'outstanding_payments'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

export const AdditionalInformation = looseObject({
  challenge: exactOptional(string()),
  /** USER_BLOCKED: why (BLOCK_REASONS). */
  block_reason: exactOptional(string()),
  /**
   * A rate limit or lock (ERROR_RATE_LIMIT_REACHED, MAX_LIMIT_EXCEEDED, USER_TEMPORARILY_BLOCKED,
   * any 429): seconds until it may be tried again, as the `Retry-After` header also says.
   */
  retry_after: exactOptional(pipe(number(), integer())),
  name: exactOptional(string()),
  challenge_details: exactOptional(array(ChallengeDetail)),
  error_code: exactOptional(string()),
  onboard_experience_id: exactOptional(string()),
});

export const ErrorBody = looseObject({
  error: exactOptional(string()),
  error_code: exactOptional(string()),
  error_description: exactOptional(string()),
  message: exactOptional(string()),
  additional_information: exactOptional(AdditionalInformation),
  /** One-click errors. */
  errorCode: exactOptional(string()),
  error_message: exactOptional(string()),
  errorMessage: exactOptional(string()),
  /** A 500 of the profile confirmation carries a support code to quote. */
  support_code: exactOptional(string()),
});
export type ErrorBody = InferOutput<typeof ErrorBody>;

/** 400 `challenge_required`: the login (or onboarding) needs one more answer. */
export const ChallengeRequiredBody = object({
  error: literal('challenge_required'),
  error_description: exactOptional(string()),
  additional_information: object({
    challenge: picklist(LOGIN_CHALLENGES),
    /** confirm_name: the name to confirm. */
    name: exactOptional(string()),
    /** try_another_way: the challenges, lowest priority first. */
    challenge_details: exactOptional(array(ChallengeDetail)),
    /** Onboarding: send it back with the next attempt. */
    onboard_experience_id: exactOptional(string()),
  }),
});
export type ChallengeRequiredBody = InferOutput<typeof ChallengeRequiredBody>;

/** Values of `error` the front end branches on. */
export const ERROR = {
  challengeRequired: 'challenge_required',
  unregisteredUser: 'unregistered_user',
  invalidUser: 'invalid_user',
  invalidRequest: 'invalid_request',
  motRequestFailed: 'mot_request_failed',
  /** A passkey the server does not know, or an assertion or attestation that does not verify. */
  invalidPasskey: 'invalid_passkey',
  unauthorized: 'unauthorized',
  notFound: 'not_found',
  payloadTooLarge: 'payload_too_large',
  internal: 'internal_error',
} as const;

/**
 * `additional_information.reason` of an `invalid_passkey` answer when the credential is unknown
 * (never registered, or removed): the page tells the browser (`signalUnknownCredential`).
 */
export const UNKNOWN_CREDENTIAL = 'unknown_credential';
/** A passkey removal refused (409): it is the account's only way to sign in (the security page). */
export const LAST_SIGN_IN_METHOD = 'last_sign_in_method';

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

/** Business invitation errors: 400 with one of these `error_code`s, each its own message. */
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
