/**
 * Every call the front end makes, in one table: back end, method, path template, request and
 * answer schemas. The sandbox's OpenAPI document is generated from it and a test checks that the
 * sandbox routes every row. The front end imports schemas and paths from the per-back-end files,
 * not from here.
 */
import { bad, challenge, ok, rateLimited, serverError } from './answers.ts';
import * as biz from './business-api.ts';
import * as gw from './identity-gateway.ts';
import * as api from './identity-api.ts';
import * as onb from './onboarder.ts';
import { IDENTITY_SERVICE_OPERATIONS } from './identity-service-operations.ts';
import { PASSKEY_OPERATIONS } from './passkey-operations.ts';
import { SESSION_OPERATIONS } from './session-operations.ts';
import type { Operation } from './operation.ts';
import * as shell from './shell.ts';
import { SOCIAL_OPERATIONS } from './social-operations.ts';

const loginHeaders = ['x-device-id', 'x-session-id', 'x-client-id'] as const;
/** The phone and e-mail logins' trusted device ('Stay signed in on this browser'). */
const TRUSTED_DEVICE_NOTE =
  "Sent with credentials (CORS with `Access-Control-Allow-Credentials` for the site's origin). " +
  "`remember_device: true` (the person ticked 'Stay signed in on this browser'): a successful " +
  "sign-in sets the `trusted_device` cookie (HttpOnly, SameSite=Strict, Path the API's, " +
  'Max-Age 30 days; Secure over https), bound to the account, and answers ' +
  '`trusted_device_expires_at`. A later login whose cookie names a live credential of the same ' +
  'account skips the code step (the sandbox: Omar +971500000002 and Hana +971500000020; `amr` ' +
  '`rba`) and answers the same field. A revoked, expired or foreign credential changes nothing: ' +
  "the code is asked for as usual. `is_known_device` is the page's word that it holds such a " +
  'credential (it was told an expiry that has not passed); the API decides by its cookie alone.';
/** The proof token of a confirmed approval request (one-click's push). */
const proofAnswers = {
  200: ok(api.TokenResponse),
  400: bad('request_pending or request_rejected'),
  404: bad('Unknown request'),
};

export const OPERATIONS: readonly Operation[] = [
  {
    id: 'getClient',
    backend: 'identityApi',
    method: 'GET',
    path: shell.CLIENT_PATH,
    summary: 'Client name and logo for the header',
    answers: { 200: ok(shell.ClientData), 404: bad('Unknown client') },
  },
  {
    id: 'getRecoveryChallenges',
    backend: 'identityApi',
    method: 'GET',
    path: api.RECOVERY_CHALLENGES_PATH,
    summary: 'Recovery challenges for a phone number',
    query: api.RecoveryChallengesQuery,
    answers: {
      200: ok(api.RecoveryChallengesResponse),
      400: bad('INVALID_OTP or missing parameters'),
      404: bad('USER_NOT_FOUND'),
      500: serverError,
    },
  },
  {
    id: 'sendRecoveryNotification',
    backend: 'identityApi',
    method: 'POST',
    path: api.RECOVERY_NOTIFICATION_PATH,
    summary: 'Answer the recovery challenge; sends the reset link',
    body: api.RecoveryNotificationBody,
    answers: {
      200: ok(api.EmptyResponse),
      400: bad('INVALID_FULL_NAME, INVALID_OTP, ...'),
      404: bad('USER_NOT_FOUND'),
      500: serverError,
    },
  },
  {
    id: 'createRecoveryToken',
    backend: 'identityApi',
    method: 'POST',
    path: api.RECOVERY_TOKEN_PATH,
    summary: 'Answer a recovery challenge after a verified code; returns a reset token',
    body: api.RecoveryTokenBody,
    answers: {
      200: ok(api.RecoveryTokenResponse),
      400: bad('INVALID_OTP, INVALID_FULL_NAME, INVALID_EMAIL, INVALID_NATIONAL_ID'),
      500: serverError,
    },
  },
  {
    id: 'resetPassword',
    backend: 'identityApi',
    method: 'PUT',
    path: api.RECOVERY_PASSWORD_PATH,
    summary: 'Set a new password with a reset token',
    body: api.RecoveryPasswordBody,
    answers: { 200: ok(api.EmptyResponse), 400: bad('INVALID_RESET_TOKEN or INVALID_PASSWORD') },
  },
  {
    id: 'passwordRange',
    backend: 'identityApi',
    method: 'GET',
    path: api.PASSWORD_RANGE_PATH,
    summary: 'The breached passwords whose SHA-1 starts with a 5-character prefix',
    description:
      "Have I Been Pwned's range API, served by the identity API (so the range service never sees " +
      "the person's address): `SUFFIX:COUNT` lines, one per breached password whose SHA-1 starts " +
      'with the prefix. The sign-up, the new-password page and the recovery form ask before they ' +
      'send a password, and give up after 1 s.',
    chosenPath: true,
    answers: {
      200: { description: 'SUFFIX:COUNT lines', text: true },
      400: bad('The prefix is not 5 hexadecimal characters'),
    },
  },
  {
    id: 'confirmProfileUpdate',
    backend: 'identityApi',
    method: 'POST',
    path: api.PROFILE_CONFIRM_PATH,
    summary: 'Confirm a profile update',
    answers: {
      200: ok(api.EmptyResponse),
      400: bad('US-0002: invalid or expired'),
      500: bad('Failure with a support code'),
    },
  },
  {
    id: 'acceptCorporateInvitation',
    backend: 'identityApi',
    method: 'POST',
    path: api.CORPORATE_INVITATION_PATH,
    summary: 'Corporate user invitation',
    answers: { 200: ok(api.EmptyResponse), 400: bad('Invalid invitation') },
  },
  {
    id: 'verifyCorporateEmail',
    backend: 'identityApi',
    method: 'POST',
    path: api.CORPORATE_VERIFY_EMAIL_PATH,
    summary: 'Corporate e-mail verification',
    answers: { 200: ok(api.EmptyResponse), 400: bad('Invalid token') },
  },
  {
    id: 'getAlert',
    backend: 'identityApi',
    method: 'GET',
    path: api.ALERT_PATH,
    summary: 'A security alert',
    answers: { 200: ok(api.Alert), 404: bad('Unknown alert'), 500: serverError },
  },
  {
    id: 'acknowledgeAlert',
    backend: 'identityApi',
    method: 'PUT',
    path: api.ALERT_ACKNOWLEDGEMENT_PATH,
    summary: 'Report (acknowledge) a security alert',
    answers: { 200: ok(api.EmptyResponse), 404: bad('Unknown alert'), 500: serverError },
  },
  {
    id: 'secureAccountFromAlert',
    backend: 'identityApi',
    method: 'POST',
    path: api.ALERT_SECURE_PATH,
    chosenPath: true,
    summary: "'This wasn't me': secure the alert's account",
    description:
      'Sent after the acknowledgement, when the person says the alert was not them. Signs the ' +
      'account out of every session and trusted device, pauses payments until a new password is ' +
      'set (`PUT /recovery/password`), and marks its passkeys for review; records the report ' +
      'too. Once per alert: a repeat changes nothing and answers `already_secured: true` with ' +
      'what the first call did (`GET /alerts/{alert}` carries it as `secured`), except a repeat ' +
      "with the first call's `Idempotency-Key` (a retry of a lost answer), which gets the first " +
      'answer again. `secured.actions` lists only what was done.',
    headers: ['idempotency-key'],
    answers: {
      200: ok(api.SecureAccountResponse),
      404: bad('Unknown alert'),
      500: serverError,
    },
  },
  {
    id: 'verifyApproveRequest',
    backend: 'identityApi',
    method: 'GET',
    path: api.APPROVE_REQUEST_VERIFY_PATH,
    summary: 'Poll the status of a push approval request',
    answers: { 200: ok(api.ApproveRequestStatusResponse), 404: bad('Unknown request') },
  },
  {
    id: 'approveRequestProof',
    backend: 'identityApi',
    method: 'POST',
    path: api.APPROVE_REQUEST_PROOF_PATH,
    summary: "Proof token for a confirmed approval request (one-click's confirmed push)",
    description:
      'The spec names this path for the proof, and its poll is the same resource ' +
      '(`/login/approve-request/{id}/verify`), so one-click asks here. The sandbox once served ' +
      'one-click at a path of its own (`/one-click/approve-request/{id}/proof`); that path is ' +
      'gone (docs/spec-decisions.md, D2).',
    headers: ['x-idp-client-id'],
    body: api.ProofBody,
    answers: proofAnswers,
  },
  {
    id: 'sendOtp',
    backend: 'identityApi',
    method: 'POST',
    path: api.OTP_SEND_PATH,
    summary: 'Send a one-time code by SMS, voice call or e-mail',
    chosenPath: true,
    headers: ['x-device-id', 'x-session-id'],
    body: api.OtpSendBody,
    answers: {
      200: ok(api.OtpSendResponse),
      400: bad('INVALID_PHONE_NUMBER'),
      429: bad(
        'ERROR_RATE_LIMIT_REACHED (APP-0020), or its variants by country, device or both; ' +
          '`Retry-After` (seconds or an HTTP date) and `additional_information.retry_after` ' +
          '(seconds) say when a code may be asked for again',
      ),
      500: serverError,
    },
  },
  {
    id: 'verifyOtp',
    backend: 'identityApi',
    method: 'POST',
    path: api.OTP_VERIFY_PATH,
    summary: 'Verify a one-time code',
    chosenPath: true,
    headers: ['x-device-id', 'x-session-id'],
    body: api.OtpVerifyBody,
    answers: {
      200: ok(api.OtpVerifyResponse),
      400: bad('ERROR_INVALID_PIN_CODE, ERROR_MAX_VALIDATIONS_REACHED, ERROR_SESSION_EXPIRED'),
      500: serverError,
    },
  },
  {
    id: 'phoneLogin',
    backend: 'identityApi',
    method: 'POST',
    path: api.PHONE_LOGIN_PATH,
    summary: 'Phone login',
    description: TRUSTED_DEVICE_NOTE,
    chosenPath: true,
    headers: loginHeaders,
    body: api.PhoneLoginBody,
    answers: { 200: ok(api.LoginResponse), 400: challenge, 500: serverError },
  },
  {
    id: 'emailLogin',
    backend: 'identityApi',
    method: 'POST',
    path: api.EMAIL_LOGIN_PATH,
    summary: 'E-mail login',
    description: TRUSTED_DEVICE_NOTE,
    chosenPath: true,
    headers: loginHeaders,
    body: api.EmailLoginBody,
    answers: { 200: ok(api.LoginResponse), 400: challenge },
  },
  {
    id: 'forgetTrustedDevice',
    backend: 'identityApi',
    method: 'DELETE',
    path: api.TRUSTED_DEVICE_PATH,
    summary: "Forget this browser: revoke the trusted-device cookie's credential",
    description:
      'Sent with credentials. Revokes the trusted-device credential the `trusted_device` cookie ' +
      'names and clears the cookie; 204 also when there was none. The next login from the browser ' +
      'asks for its code again.',
    chosenPath: true,
    answers: { 204: ok(undefined, 'Forgotten (or nothing to forget)') },
  },
  ...SOCIAL_OPERATIONS,
  ...PASSKEY_OPERATIONS,
  ...SESSION_OPERATIONS,
  {
    id: 'oneClickLogin',
    backend: 'identityApi',
    method: 'POST',
    path: api.ONE_CLICK_LOGIN_PATH,
    summary: 'One-click checkout login: OTP challenge or a push approval request',
    description:
      "The approval request names the checkout's `merchant` and `promo` as the merchant " +
      'registered them (by `external_params.invoice_id`; in the sandbox INV-7, INV-8 and INV-9), ' +
      "never as the shopper's address says: the page shows these beside the number challenge " +
      '(security review, L7). An unknown invoice gives neither.',
    chosenPath: true,
    headers: ['x-device-id', 'x-idp-client-id'],
    body: api.OneClickLoginBody,
    answers: {
      200: ok(api.OneClickLoginResponse),
      400: bad('invalid_user'),
      429: rateLimited('one-click logins and their resends (`is_retry`) for the number'),
      500: serverError,
    },
  },
  {
    id: 'onboard',
    backend: 'onboarder',
    method: 'POST',
    path: onb.ONBOARD_PATH,
    summary: 'Sign-up',
    description:
      "`accept-language` is the page language, then the spec's `en` with a lower weight " +
      '(`ar, en;q=0.5`; `en` on English pages): what the back end writes for people comes in ' +
      'their language, and one that has only English still picks it (docs/spec-decisions.md, D4).',
    headers: [
      'agent',
      'version',
      'client-version',
      'accept-language',
      'x-device-id',
      'x-idp-client-id',
      'x-session-id',
    ],
    body: onb.OnboardBody,
    answers: {
      200: ok(onb.OnboardResponse),
      400: challenge,
      429: rateLimited('sign-ups for the number or the device'),
      500: serverError,
    },
  },
  {
    id: 'verifyEmail',
    backend: 'identityGateway',
    method: 'PUT',
    path: gw.EMAIL_VERIFICATION_PATH,
    summary: 'Verify an e-mail address',
    answers: {
      200: ok(gw.EmailVerificationStatus, 'The link was already used'),
      204: ok(undefined, 'Verified'),
      400: bad('Link expired or unknown'),
    },
  },
  {
    id: 'unlinkEmail',
    backend: 'identityGateway',
    method: 'DELETE',
    path: gw.EMAIL_VERIFICATION_PATH,
    summary: 'Remove the e-mail address from the account (wrong account)',
    answers: { 204: ok(undefined, 'Removed'), 400: bad('Link expired or unknown') },
  },
  ...IDENTITY_SERVICE_OPERATIONS,
  {
    id: 'processInvite',
    backend: 'businessApi',
    method: 'PATCH',
    path: biz.INVITES_PROCESS_PATH,
    summary: 'Accept a business invitation',
    bearer: true,
    body: biz.InviteProcessBody,
    answers: {
      200: ok(biz.InviteProcessResponse),
      400: bad('BU-0010..BU-0016, another code, or mot_request_failed'),
      401: bad('No access token, or not a valid one (or inv-unauthorized)'),
      403: bad('The body names another user (user_urn or phone) than the token’s'),
      404: bad('Code not found for this account'),
    },
  },
  {
    id: 'motAuthInvitation',
    backend: 'businessApi',
    method: 'POST',
    path: biz.MOT_AUTH_INVITATION_PATH,
    summary: 'Business portal role assignment for an invitation',
    bearer: true,
    answers: {
      200: ok(api.EmptyResponse),
      401: bad('Unauthorized'),
      502: bad('mot_request_failed'),
    },
  },
  {
    id: 'getFlags',
    backend: 'flags',
    method: 'GET',
    path: shell.FLAGS_PATH,
    summary: 'Remote feature flags',
    chosenPath: true,
    answers: { 200: ok(shell.FlagsResponse) },
  },
  {
    id: 'publishEvents',
    backend: 'analytics',
    method: 'POST',
    path: shell.PUBLISH_EVENT_PATH,
    summary: 'Analytics events',
    body: shell.PublishEventBody,
    answers: { 204: ok(undefined, 'Accepted'), 400: bad('Invalid batch') },
  },
];
