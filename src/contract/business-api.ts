/**
 * Contract of the business API: business invitations. Paths are relative to
 * `BACKEND_URL.businessApi`. Both calls need the invitee's access token as a bearer header (the
 * one this front end's authorize flow got from the identity service): the API derives the user
 * from it. No token or an invalid one: 401; a body whose `user_urn` or `phone` differ from the
 * token's user: 403. Errors: 400 with `error_code` BU-0010..BU-0016 (see `INVITATION_ERROR_CODES`
 * in ./errors.ts) or another code, 401, 404, and `{ error: 'mot_request_failed' }` when the
 * business portal cannot assign the role.
 */
import {
  literal,
  maxLength,
  minLength,
  object,
  pipe,
  startsWith,
  string,
  type InferOutput,
} from 'valibot';

export const INVITES_PROCESS_PATH = '/api/business/v1/invites/process';
export const InviteProcessBody = object({
  code: pipe(string(), minLength(1), maxLength(256)),
  /** As the identity service has it (E.164); must be the token's user's. */
  phone: pipe(string(), maxLength(32)),
  /** `urn:customer:{sub}` (see `userUrn`); must be the token's user's. */
  user_urn: pipe(string(), startsWith('urn:customer:'), maxLength(256)),
  status: literal('accepted'),
});
export type InviteProcessBody = InferOutput<typeof InviteProcessBody>;
export const InviteProcessResponse = object({ status: literal('accepted') });
export type InviteProcessResponse = InferOutput<typeof InviteProcessResponse>;

/** POST, no body, bearer header. Skipped when the flag `businessInvitationS2SRoles` is on. */
export const MOT_AUTH_INVITATION_PATH = '/api/mot_auth/invitation/{code}';
