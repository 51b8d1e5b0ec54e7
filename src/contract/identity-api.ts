/**
 * Contract of the identity API (spec section 7): recovery, link tokens, alerts, approve
 * requests, OTP, the logins and one-click checkout. Paths are relative to the identity API base
 * (`BACKEND_URL.identityApi`); `{name}` placeholders are filled with `fillPath` (./path.ts).
 * Client data (`CLIENT_PATH`) lives in ./shell.ts.
 */
import * as v from 'valibot';

const Text = v.pipe(v.string(), v.maxLength(1000));
const ShortText = v.pipe(v.string(), v.maxLength(256));
/** Device fingerprint and bot-detection record; opaque to the identity API. */
export const Profiling = v.optional(v.record(v.string(), v.unknown()));
/** `{ attempts }`: the OTP/one-click guard; 3 by default, 2 after a reCAPTCHA v2 check. */
export const Guard = v.object({
  attempts: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)),
  recaptcha_token: v.optional(Text),
});
export type Guard = v.InferOutput<typeof Guard>;

/** A proof token: the identity service's `/login` form finishes the sign-in with it. */
export const TokenResponse = v.object({ token: v.string() });
export type TokenResponse = v.InferOutput<typeof TokenResponse>;

/** An empty success body (`{}`). */
export const EmptyResponse = v.object({});

// ---------------------------------------------------------------------------------------------
// Recovery

export const RECOVERY_CHALLENGES_PATH = '/recovery/challenges/{clientId}';
export const RecoveryChallengesQuery = v.object({
  phoneNumber: ShortText,
  otp: v.optional(ShortText),
  verificationId: v.optional(ShortText),
});
export type RecoveryChallengesQuery = v.InferOutput<typeof RecoveryChallengesQuery>;

export const RECOVERY_CHALLENGE_IDS = ['FULL_NAME_CHALLENGE', 'NATIONAL_ID_CHALLENGE'] as const;
export const RecoveryChallenge = v.object({
  challengeIdentifier: v.picklist(RECOVERY_CHALLENGE_IDS),
  hint: v.optional(
    v.object({
      maskedFullName: v.optional(v.string()),
      /** Direction of the masked name. */
      dir: v.optional(v.picklist(['ltr', 'rtl'])),
    }),
  ),
});
export type RecoveryChallenge = v.InferOutput<typeof RecoveryChallenge>;
export const RecoveryChallengesResponse = v.object({ challenges: v.array(RecoveryChallenge) });
export type RecoveryChallengesResponse = v.InferOutput<typeof RecoveryChallengesResponse>;

export const RECOVERY_NOTIFICATION_PATH = '/recovery/notification/{clientId}';
export const RecoveryAnswer = v.object({
  challengeIdentifier: v.picklist(RECOVERY_CHALLENGE_IDS),
  challengeAnswer: Text,
});
export const RecoveryNotificationBody = v.object({
  phoneNumber: ShortText,
  otp: v.optional(ShortText),
  verificationId: v.optional(ShortText),
  challenges: v.pipe(v.array(RecoveryAnswer), v.minLength(1), v.maxLength(5)),
});
export type RecoveryNotificationBody = v.InferOutput<typeof RecoveryNotificationBody>;

export const RECOVERY_PASSWORD_PATH = '/recovery/password';
export const RecoveryPasswordBody = v.object({
  token: ShortText,
  password: ShortText,
  recaptchaToken: v.optional(Text),
});
export type RecoveryPasswordBody = v.InferOutput<typeof RecoveryPasswordBody>;

// ---------------------------------------------------------------------------------------------
// Link tokens (all POST with an empty body; 200 `{}` on success)

export const PROFILE_CONFIRM_PATH = '/partner/users/profile/confirm/{token}';
export const CORPORATE_INVITATION_PATH = '/corporate/user/invitation/{token}';
export const CORPORATE_VERIFY_EMAIL_PATH = '/v1/verify/email/{token}';

// ---------------------------------------------------------------------------------------------
// Alerts

export const ALERT_PATH = '/alerts/{alert}';
export const ALERT_ACKNOWLEDGEMENT_PATH = '/alerts/{alert}/acknowledgement';
export const ALERT_OPERATIONS = ['LOGIN', 'PROFILE_UPDATE'] as const;
export const Alert = v.object({
  operation: v.picklist(ALERT_OPERATIONS),
  /** ISO time of the event. */
  at: v.optional(v.string()),
  device: v.optional(v.string()),
  location: v.optional(v.string()),
  acknowledged: v.optional(v.boolean()),
});
export type Alert = v.InferOutput<typeof Alert>;

// ---------------------------------------------------------------------------------------------
// Approve requests (push notifications of one-click checkout)

export const APPROVE_REQUEST_VERIFY_PATH = '/login/approve-request/{id}/verify';
export const APPROVE_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type ApproveStatus = (typeof APPROVE_STATUSES)[number];
export const ApproveRequestStatusResponse = v.object({
  data: v.object({ status: v.picklist(APPROVE_STATUSES) }),
});
export type ApproveRequestStatusResponse = v.InferOutput<typeof ApproveRequestStatusResponse>;

/** Header `x-idp-client-id` names the client. Answers `TokenResponse` once confirmed. */
export const APPROVE_REQUEST_PROOF_PATH = '/login/approve-request/{id}/proof';
export const ProofBody = v.object({ profiling: Profiling });
export type ProofBody = v.InferOutput<typeof ProofBody>;

// ---------------------------------------------------------------------------------------------
// OTP (paths chosen by the sandbox: the spec does not give them)

export const OTP_SEND_PATH = '/otp/send';
export const OTP_TYPES = ['SMS', 'VOICE', 'EMAIL'] as const;
export type OtpType = (typeof OTP_TYPES)[number];
export const OtpSendBody = v.object({
  /** Phone in international form (digits, optional '+') or an e-mail. */
  identifier: ShortText,
  type: v.picklist(OTP_TYPES),
  guard: v.optional(Guard),
  shieldParams: v.optional(v.record(v.string(), v.unknown())),
  client_id: v.optional(ShortText),
  multiTimeUse: v.optional(v.literal(false)),
});
export type OtpSendBody = v.InferOutput<typeof OtpSendBody>;
export const OtpSendResponse = v.object({
  data: v.object({
    /** Seconds until the code expires (300). */
    expires_in: v.number(),
    /** Seconds before another code may be asked for (60). */
    resend_in: v.number(),
  }),
});
export type OtpSendResponse = v.InferOutput<typeof OtpSendResponse>;

export const OTP_VERIFY_PATH = '/otp/verify';
export const OtpVerifyBody = v.object({
  identifier: ShortText,
  code: ShortText,
  guard: v.optional(Guard),
  client_id: v.optional(ShortText),
});
export type OtpVerifyBody = v.InferOutput<typeof OtpVerifyBody>;
/** `data.id` is then sent as `otp` in the login or onboarding retry. */
export const OtpVerifyResponse = v.object({ data: v.object({ id: v.string() }) });
export type OtpVerifyResponse = v.InferOutput<typeof OtpVerifyResponse>;

// ---------------------------------------------------------------------------------------------
// Logins (paths chosen by the sandbox). Success: `TokenResponse`. Errors: `ErrorBody`, with
// `ChallengeRequiredBody` for a further step and `{ error: 'unregistered_user' }` for sign-up.

/** Header `x-client-id` carries the client id ('client id separately'). */
export const PHONE_LOGIN_PATH = '/login/phone';
export const PhoneLoginBody = v.object({
  /** International form, digits only (a leading '+' is accepted). */
  phone_number: ShortText,
  profiling: Profiling,
  /** The id of a verified OTP (`OtpVerifyResponse.data.id`). */
  otp: v.optional(ShortText),
  name_confirmed: v.optional(v.boolean()),
  is_known_device: v.optional(v.boolean()),
  password: v.optional(ShortText),
  pin: v.optional(ShortText),
  email_verification: v.optional(ShortText),
  card_verification: v.optional(ShortText),
  full_name_verification: v.optional(ShortText),
});
export type PhoneLoginBody = v.InferOutput<typeof PhoneLoginBody>;

export const EMAIL_LOGIN_PATH = '/login/email';
export const EmailLoginBody = v.object({
  email: ShortText,
  otp: v.optional(ShortText),
  profiling: Profiling,
  password: v.optional(ShortText),
});
export type EmailLoginBody = v.InferOutput<typeof EmailLoginBody>;

/** Headers: agent WEB, version 1, `x-device-id`, `x-client-id`. */
export const APPLE_LOGIN_PATH = '/login/apple';
export const AppleLoginBody = v.object({
  device_id: v.optional(ShortText),
  /** The Apple id token. */
  access_token: v.pipe(v.string(), v.maxLength(8192)),
});
export type AppleLoginBody = v.InferOutput<typeof AppleLoginBody>;

export const GOOGLE_LOGIN_PATH = '/login/google';
export const GoogleLoginBody = v.object({
  device_id: v.optional(ShortText),
  id_token: v.pipe(v.string(), v.maxLength(8192)),
});
export type GoogleLoginBody = v.InferOutput<typeof GoogleLoginBody>;

// ---------------------------------------------------------------------------------------------
// One-click checkout (paths chosen by the sandbox)

export const ONE_CLICK_LOGIN_PATH = '/one-click/login';
export const OneClickLoginBody = v.object({
  phone_number: ShortText,
  guard: v.optional(Guard),
  is_retry: v.boolean(),
  /** The decoded acr_values (merchant, invoice_id, promo...). */
  external_params: v.optional(v.record(v.string(), v.string())),
});
export type OneClickLoginBody = v.InferOutput<typeof OneClickLoginBody>;
/** `{ auth_challenge: 'OTP' }`: continue on the login page's OTP view. */
export const OneClickOtpChallenge = v.object({ auth_challenge: v.literal('OTP') });
/** Approval token: a push was sent; poll `APPROVE_REQUEST_VERIFY_PATH` with `id`. */
export const ApprovalToken = v.object({ id: v.string(), web_deeplink: v.string() });
export type ApprovalToken = v.InferOutput<typeof ApprovalToken>;
export const OneClickLoginResponse = v.union([OneClickOtpChallenge, ApprovalToken]);
export type OneClickLoginResponse = v.InferOutput<typeof OneClickLoginResponse>;

/**
 * One-click proof token, once the approve request is confirmed (header `x-idp-client-id`).
 * Same answers as `APPROVE_REQUEST_PROOF_PATH`.
 */
export const ONE_CLICK_PROOF_PATH = '/one-click/approve-request/{id}/proof';
