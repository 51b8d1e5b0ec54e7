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
