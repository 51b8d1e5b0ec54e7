/**
 * Contract of the identity gateway (spec section 7): e-mail verification links. Paths are
 * relative to `BACKEND_URL.identityGateway`. Neither call has a body.
 *
 * PUT (verify): 204 = verified; 200 with `EmailVerificationStatus` = the link was already used;
 * 4xx = the link expired (or is unknown).
 * DELETE (unlink): 204 = the e-mail was removed from the account (the 'wrong account' page);
 * 4xx = the link expired (or is unknown).
 */
import * as v from 'valibot';

export const EMAIL_VERIFICATION_PATH = '/users/email/verification/{verificationId}';

export const EmailVerificationStatus = v.object({
  status: v.literal('ALREADY_VERIFIED'),
});
export type EmailVerificationStatus = v.InferOutput<typeof EmailVerificationStatus>;

/** How long a verification link is valid (spec section 9). */
export const EMAIL_LINK_VALIDITY_MS = 48 * 60 * 60 * 1000;
