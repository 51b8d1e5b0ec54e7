/**
 * Contract of the business API: business invitations. Paths are relative to
 * `BACKEND_URL.businessApi`. Errors: 400 with `error_code` BU-0010..BU-0016 (see
 * `INVITATION_ERROR_CODES` in ./errors.ts) or another code, 401, 404, and
 * `{ error: 'mot_request_failed' }` when the business portal cannot assign the role.
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
  phone: pipe(string(), maxLength(32)),
  /** `urn:customer:{sub}` (see `userUrn`). */
  user_urn: pipe(string(), startsWith('urn:customer:'), maxLength(256)),
  status: literal('accepted'),
});
export type InviteProcessBody = InferOutput<typeof InviteProcessBody>;
export const InviteProcessResponse = object({ status: literal('accepted') });
export type InviteProcessResponse = InferOutput<typeof InviteProcessResponse>;

/** POST, no body. Skipped when the flag `businessInvitationS2SRoles` is on. */
export const MOT_AUTH_INVITATION_PATH = '/api/mot_auth/invitation/{code}';
