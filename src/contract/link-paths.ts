/**
 * Paths and constants of the link-page calls, with no schema library: the link pages import
 * these at run time and must not pull valibot into their bundle (design.md budget). The schemas
 * stay in ./identity-api.ts and ./identity-gateway.ts, which re-export these names.
 */

/** Identity gateway: PUT verifies, DELETE unlinks (relative to `BACKEND_URL.identityGateway`). */
export const EMAIL_VERIFICATION_PATH = '/users/email/verification/{verificationId}';

/** A verification link is valid for 48 hours. */
export const EMAIL_LINK_VALIDITY_MS = 48 * 60 * 60 * 1000;

// Identity API link tokens (all POST with an empty body; 200 `{}` on success).
export const PROFILE_CONFIRM_PATH = '/partner/users/profile/confirm/{token}';
export const CORPORATE_INVITATION_PATH = '/corporate/user/invitation/{token}';
export const CORPORATE_VERIFY_EMAIL_PATH = '/v1/verify/email/{token}';

// Identity API alerts.
export const ALERT_PATH = '/alerts/{alert}';
export const ALERT_ACKNOWLEDGEMENT_PATH = '/alerts/{alert}/acknowledgement';
export const ALERT_OPERATIONS = ['LOGIN', 'PROFILE_UPDATE'] as const;
/**
 * 'This wasn't me': secures the alert's account (path chosen by the sandbox; the spec has only the
 * acknowledgement). Once per alert: a repeat answers what the first call did.
 */
export const ALERT_SECURE_PATH = '/alerts/{alert}/secure-account';
/**
 * `HEADER.idempotencyKey` of ./headers.ts, written again here: the link pages that imported that
 * module loaded the login's shared chunk with it (React: 80 KB more). tests/unit/api/links.test.ts
 * checks that the two are the same.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/**
 * What securing an account did, in the order the page says it: every session and trusted device
 * signed out, payments paused until a new password is set, the passkeys marked for review.
 */
export const SECURE_ACTIONS = ['signed_out', 'payments_frozen', 'passkeys_flagged'] as const;
export type SecureAction = (typeof SECURE_ACTIONS)[number];
