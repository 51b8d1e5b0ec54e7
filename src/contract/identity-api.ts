/**
 * Contract of the identity API: recovery, link tokens, alerts, approve
 * requests, OTP, the logins and one-click checkout. Paths are relative to the identity API base
 * (`BACKEND_URL.identityApi`); `{name}` placeholders are filled with `fillPath` (./path.ts).
 * Client data (`CLIENT_PATH`) lives in ./shell.ts.
 */
import {
  array,
  boolean,
  integer,
  literal,
  maxLength,
  maxValue,
  minLength,
  minValue,
  number,
  object,
  optional,
  picklist,
  pipe,
  record,
  regex,
  string,
  union,
  unknown,
  type InferOutput,
} from 'valibot';
import { ALERT_OPERATIONS, SECURE_ACTIONS } from './link-paths.ts';

const Text = pipe(string(), maxLength(1000));
const ShortText = pipe(string(), maxLength(256));
/** Device fingerprint and bot-detection record; opaque to the identity API. */
export const Profiling = optional(record(string(), unknown()));
/** `{ attempts }`: the OTP/one-click guard; 3 by default, 2 after a reCAPTCHA v2 check. */
export const Guard = object({
  attempts: pipe(number(), integer(), minValue(0), maxValue(10)),
  recaptcha_token: optional(Text),
});
export type Guard = InferOutput<typeof Guard>;

/** A proof token: the identity service's `/login` form finishes the sign-in with it. */
export const TokenResponse = object({ token: string() });
export type TokenResponse = InferOutput<typeof TokenResponse>;

/** An empty success body (`{}`). */
export const EmptyResponse = object({});

// ---------------------------------------------------------------------------------------------
// Recovery

export const RECOVERY_CHALLENGES_PATH = '/recovery/challenges/{clientId}';
export const RecoveryChallengesQuery = object({
  phoneNumber: ShortText,
  otp: optional(ShortText),
  verificationId: optional(ShortText),
});
export type RecoveryChallengesQuery = InferOutput<typeof RecoveryChallengesQuery>;

export const RECOVERY_CHALLENGE_IDS = [
  'FULL_NAME_CHALLENGE',
  'NATIONAL_ID_CHALLENGE',
  'EMAIL_CHALLENGE',
] as const;
export type RecoveryChallengeId = (typeof RECOVERY_CHALLENGE_IDS)[number];
export const RecoveryChallenge = object({
  challengeIdentifier: picklist(RECOVERY_CHALLENGE_IDS),
  hint: optional(
    object({
      maskedFullName: optional(string()),
      /** Direction of the masked name. */
      dir: optional(picklist(['ltr', 'rtl'])),
    }),
  ),
});
export type RecoveryChallenge = InferOutput<typeof RecoveryChallenge>;
export const RecoveryChallengesResponse = object({ challenges: array(RecoveryChallenge) });
export type RecoveryChallengesResponse = InferOutput<typeof RecoveryChallengesResponse>;

export const RECOVERY_NOTIFICATION_PATH = '/recovery/notification/{clientId}';
export const RecoveryAnswer = object({
  challengeIdentifier: picklist(RECOVERY_CHALLENGE_IDS),
  challengeAnswer: Text,
});
export const RecoveryNotificationBody = object({
  phoneNumber: ShortText,
  otp: optional(ShortText),
  verificationId: optional(ShortText),
  challenges: pipe(array(RecoveryAnswer), minLength(1), maxLength(5)),
});
export type RecoveryNotificationBody = InferOutput<typeof RecoveryNotificationBody>;

/**
 * The wider recovery form (src/stores/flows/recovery-form; path chosen by the sandbox): the same body
 * as the notification, answered with a reset token for `RECOVERY_PASSWORD_PATH` instead of a
 * link sent by SMS. Once the code is good, an unknown number answers the same mismatch code as a
 * known one (`INVALID_FULL_NAME`, `INVALID_EMAIL`, `INVALID_NATIONAL_ID`): no account enumeration.
 */
export const RECOVERY_TOKEN_PATH = '/recovery/token/{clientId}';
export const RecoveryTokenBody = RecoveryNotificationBody;
export type RecoveryTokenBody = RecoveryNotificationBody;
export const RecoveryTokenResponse = object({ token: string() });
export type RecoveryTokenResponse = InferOutput<typeof RecoveryTokenResponse>;

export const RECOVERY_PASSWORD_PATH = '/recovery/password';
export const RecoveryPasswordBody = object({
  token: ShortText,
  password: ShortText,
  recaptchaToken: optional(Text),
});
export type RecoveryPasswordBody = InferOutput<typeof RecoveryPasswordBody>;

/**
 * The breached-password range, by k-anonymity as Have I Been Pwned's range API works: `prefix` is
 * the first 5 hex characters of a password's SHA-1; the answer (`text/plain`) is one
 * `SUFFIX:COUNT` line per breached password whose SHA-1 starts so (the other 35 characters,
 * upper case). The password and its whole hash never leave the page.
 */
export const PASSWORD_RANGE_PATH = '/passwords/range/{prefix}';

// ---------------------------------------------------------------------------------------------
// Link tokens (all POST with an empty body; 200 `{}` on success)

export {
  PROFILE_CONFIRM_PATH,
  CORPORATE_INVITATION_PATH,
  CORPORATE_VERIFY_EMAIL_PATH,
} from './link-paths.ts';

// ---------------------------------------------------------------------------------------------
// Alerts

export {
  ALERT_PATH,
  ALERT_ACKNOWLEDGEMENT_PATH,
  ALERT_OPERATIONS,
  ALERT_SECURE_PATH,
  SECURE_ACTIONS,
  type SecureAction,
} from './link-paths.ts';

/**
 * What securing the account did (`POST /alerts/{alert}/secure-account`): when (ISO), and the
 * actions done, in `SECURE_ACTIONS` order; an action left out was not done (nothing to do, or it
 * failed), and the page says only what is listed.
 */
export const SecuredAccount = object({
  at: string(),
  actions: array(picklist(SECURE_ACTIONS)),
});
export type SecuredAccount = InferOutput<typeof SecuredAccount>;

/**
 * The answer of the secure call. `already_secured`: the alert was used to secure the account
 * before (another press, another tab, a reload): nothing changed now, and `secured` is what the
 * first call did. A repeat with the first call's `Idempotency-Key` (the page's retry of an answer
 * that never came) is the first call's answer again, `already_secured: false`.
 */
export const SecureAccountResponse = object({
  already_secured: boolean(),
  secured: SecuredAccount,
});
export type SecureAccountResponse = InferOutput<typeof SecureAccountResponse>;

export const Alert = object({
  operation: picklist(ALERT_OPERATIONS),
  /** ISO time of the event. */
  at: optional(string()),
  device: optional(string()),
  location: optional(string()),
  acknowledged: optional(boolean()),
  /**
   * The account's mobile number (E.164) and the client it signs in to, when the alert knows
   * them: the page's next step after a report (a new password) opens the recovery form with them.
   */
  phone_number: optional(string()),
  client_id: optional(string()),
  /** Set once the alert was used to secure the account: what was done, and when. */
  secured: optional(SecuredAccount),
});
export type Alert = InferOutput<typeof Alert>;

// ---------------------------------------------------------------------------------------------
// Approve requests (push notifications of one-click checkout)

export const APPROVE_REQUEST_VERIFY_PATH = '/login/approve-request/{id}/verify';
export const APPROVE_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type ApproveStatus = (typeof APPROVE_STATUSES)[number];
export const ApproveRequestStatusResponse = object({
  data: object({ status: picklist(APPROVE_STATUSES) }),
});
export type ApproveRequestStatusResponse = InferOutput<typeof ApproveRequestStatusResponse>;

/**
 * The proof token of a confirmed approval request (spec section 7): one-click's confirmed push
 * asks for it here, at the resource whose `/verify` the page polls, with header
 * `x-idp-client-id` and the profiling body. Answers `TokenResponse` once confirmed.
 */
export const APPROVE_REQUEST_PROOF_PATH = '/login/approve-request/{id}/proof';
export const ProofBody = object({ profiling: Profiling });
export type ProofBody = InferOutput<typeof ProofBody>;

// ---------------------------------------------------------------------------------------------
// OTP (paths chosen by the sandbox: the spec does not give them)

export const OTP_SEND_PATH = '/otp/send';
export const OTP_TYPES = ['SMS', 'VOICE', 'EMAIL'] as const;
export type OtpType = (typeof OTP_TYPES)[number];
export const OtpSendBody = object({
  /** Phone in international form (digits, optional '+') or an e-mail. */
  identifier: ShortText,
  type: picklist(OTP_TYPES),
  guard: optional(Guard),
  shieldParams: optional(record(string(), unknown())),
  client_id: optional(ShortText),
  multiTimeUse: optional(literal(false)),
});
export type OtpSendBody = InferOutput<typeof OtpSendBody>;
export const OtpSendResponse = object({
  data: object({
    /** Seconds until the code expires (300). */
    expires_in: number(),
    /** Seconds before another code may be asked for (60). */
    resend_in: number(),
  }),
});
export type OtpSendResponse = InferOutput<typeof OtpSendResponse>;

export const OTP_VERIFY_PATH = '/otp/verify';
export const OtpVerifyBody = object({
  identifier: ShortText,
  code: ShortText,
  guard: optional(Guard),
  client_id: optional(ShortText),
});
export type OtpVerifyBody = InferOutput<typeof OtpVerifyBody>;
/** `data.id` is then sent as `otp` in the login or onboarding retry. */
export const OtpVerifyResponse = object({ data: object({ id: string() }) });
export type OtpVerifyResponse = InferOutput<typeof OtpVerifyResponse>;

// ---------------------------------------------------------------------------------------------
// Logins (paths chosen by the sandbox). Success: `TokenResponse`. Errors: `ErrorBody`, with
// `ChallengeRequiredBody` for a further step and `{ error: 'unregistered_user' }` for sign-up.

/** Header `x-client-id` carries the client id ('client id separately'). */
export const PHONE_LOGIN_PATH = '/login/phone';
export const PhoneLoginBody = object({
  /** International form, digits only (a leading '+' is accepted). */
  phone_number: ShortText,
  profiling: Profiling,
  /** The id of a verified OTP (`OtpVerifyResponse.data.id`). */
  otp: optional(ShortText),
  name_confirmed: optional(boolean()),
  is_known_device: optional(boolean()),
  remember_device: optional(boolean()),
  password: optional(ShortText),
  pin: optional(ShortText),
  email_verification: optional(ShortText),
  card_verification: optional(ShortText),
  full_name_verification: optional(ShortText),
});
export type PhoneLoginBody = InferOutput<typeof PhoneLoginBody>;

export const EMAIL_LOGIN_PATH = '/login/email';
export const EmailLoginBody = object({
  email: ShortText,
  otp: optional(ShortText),
  profiling: Profiling,
  password: optional(ShortText),
  is_known_device: optional(boolean()),
  remember_device: optional(boolean()),
});
export type EmailLoginBody = InferOutput<typeof EmailLoginBody>;

/**
 * The phone and e-mail logins' answer: the proof token, and while this browser holds a live
 * trusted-device credential for the account (issued now for `remember_device`, or the one that
 * let this sign-in skip its code), when it expires (ISO time). The credential itself is an
 * HttpOnly cookie of the identity API's origin that the page never sees (docs/stay-signed-in.md).
 */
export const LoginResponse = object({
  token: string(),
  trusted_device_expires_at: optional(pipe(string(), maxLength(64))),
});
export type LoginResponse = InferOutput<typeof LoginResponse>;

/**
 * 'Forget this browser' (path chosen by the sandbox): revokes the trusted-device credential the
 * call's cookie names and clears the cookie (204, also when there was none). Sent with
 * credentials.
 */
export const TRUSTED_DEVICE_PATH = '/login/trusted-device';
/** How long a trusted device skips the code (30 days). */
export const TRUSTED_DEVICE_DAYS = 30;

/**
 * A nonce for the next Apple or Google sign-in (security review, L3; path chosen by the sandbox):
 * the page hands it to Apple's and Google's sign-in (their `nonce`, which the id token carries as
 * its `nonce` claim) and sends it back with the social login. The back end takes an id token only
 * with a nonce it issued, unused and unexpired, equal to the token's claim, and spends it: a token
 * that leaked (a log, an address) cannot sign in again, nor one minted for another page.
 */
export const SOCIAL_NONCE_PATH = '/login/social/nonce';
export const SocialNonceResponse = object({
  nonce: ShortText,
  /** Seconds the nonce stays good for (600). */
  expires_in: number(),
});
export type SocialNonceResponse = InferOutput<typeof SocialNonceResponse>;

/** Headers: agent WEB, version 1, `x-device-id`, `x-client-id`. */
export const APPLE_LOGIN_PATH = '/login/apple';
export const AppleLoginBody = object({
  device_id: optional(ShortText),
  /** The Apple id token. */
  access_token: pipe(string(), maxLength(8192)),
  /** The nonce of `SOCIAL_NONCE_PATH` the token was asked for (its `nonce` claim). */
  nonce: optional(ShortText),
});
export type AppleLoginBody = InferOutput<typeof AppleLoginBody>;

export const GOOGLE_LOGIN_PATH = '/login/google';
export const GoogleLoginBody = object({
  device_id: optional(ShortText),
  id_token: pipe(string(), maxLength(8192)),
  /** The nonce of `SOCIAL_NONCE_PATH` the token was asked for (its `nonce` claim). */
  nonce: optional(ShortText),
});
export type GoogleLoginBody = InferOutput<typeof GoogleLoginBody>;

// ---------------------------------------------------------------------------------------------
// One-click checkout (paths chosen by the sandbox)

export const ONE_CLICK_LOGIN_PATH = '/one-click/login';
export const OneClickLoginBody = object({
  phone_number: ShortText,
  guard: optional(Guard),
  is_retry: boolean(),
  /** The decoded acr_values (merchant, invoice_id, promo...). */
  external_params: optional(record(string(), string())),
});
export type OneClickLoginBody = InferOutput<typeof OneClickLoginBody>;
/** `{ auth_challenge: 'OTP' }`: continue on the login page's OTP view. */
export const OneClickOtpChallenge = object({ auth_challenge: literal('OTP') });
/**
 * Approval token: a push was sent; poll `APPROVE_REQUEST_VERIFY_PATH` with `id`.
 * `number_challenge` (optional, two digits): number matching against push fatigue. The app
 * offers several numbers and approves only with this one, which the waiting page shows, with
 * the checkout's `merchant` and `promo`.
 */
export const NUMBER_CHALLENGE_PATTERN = /^\d{2}$/;
export const ApprovalToken = object({
  id: string(),
  web_deeplink: string(),
  number_challenge: optional(pipe(string(), regex(NUMBER_CHALLENGE_PATTERN))),
  /**
   * The checkout as the server knows it (security review, L7): the merchant's name and promo from
   * the merchant's own record of it, never from the shopper's address.
   */
  merchant: optional(pipe(string(), maxLength(80))),
  promo: optional(
    object({
      value: pipe(number(), minValue(0)),
      /** '%' or a currency label (an ISO code such as AED). */
      type: pipe(string(), maxLength(12)),
      outcome: picklist(['CASHBACK', 'DISCOUNT']),
    }),
  ),
});
export type ApprovalToken = InferOutput<typeof ApprovalToken>;
export const OneClickLoginResponse = union([OneClickOtpChallenge, ApprovalToken]);
export type OneClickLoginResponse = InferOutput<typeof OneClickLoginResponse>;
