/**
 * Contract of the identity gateway: e-mail verification links. Paths are
 * relative to `BACKEND_URL.identityGateway`. Neither call has a body.
 *
 * PUT (verify): 204 = verified; 200 with `EmailVerificationStatus` = the link was already used;
 * 4xx = the link expired (or is unknown).
 * DELETE (unlink): 204 = the e-mail was removed from the account (the 'wrong account' page);
 * 4xx = the link expired (or is unknown).
 */
import { literal, object, type InferOutput } from 'valibot';

export { EMAIL_VERIFICATION_PATH, EMAIL_LINK_VALIDITY_MS } from './link-paths.ts';

export const EmailVerificationStatus = object({
  status: literal('ALREADY_VERIFIED'),
});
export type EmailVerificationStatus = InferOutput<typeof EmailVerificationStatus>;
