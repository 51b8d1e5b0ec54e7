/**
 * The calls of the business invitation page: who is signed in (identity
 * service user info), accepting the invitation (business API), and the business portal's role
 * assignment (mot auth), skipped when the server-to-server roles flag is on. Each sends the
 * invitee's access token (from the page's authorize round trip) as a bearer header, and only
 * there: the business API takes the user from it.
 */
import {
  INVITES_PROCESS_PATH,
  MOT_AUTH_INVITATION_PATH,
  type InviteProcessBody,
  type InviteProcessResponse,
} from '../contract/business-api.ts';
import { USER_INFO_PATH, userUrn, type UserInfo } from '../contract/identity-service.ts';
import { fillPath } from '../contract/path.ts';
import { request } from './client.ts';
import { ApiError } from './errors.ts';

export interface Invitee {
  givenName: string;
  /** As the identity service has it (E.164). */
  phone: string;
  /** `urn:customer:{sub}`. */
  userUrn: string;
}

export function toInvitee(answer: unknown): Invitee {
  const info = (answer ?? {}) as Partial<Record<keyof UserInfo, unknown>>;
  if (typeof info.sub !== 'string' || info.sub === '') throw new ApiError({ kind: 'malformed' });
  return {
    givenName: typeof info.given_name === 'string' ? info.given_name.trim().slice(0, 80) : '',
    phone: typeof info.phone_number === 'string' ? info.phone_number.trim().slice(0, 32) : '',
    userUrn: userUrn(info.sub),
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** No access token: what the identity service would answer, without asking it. */
const notSignedIn = () => new ApiError({ kind: 'http', status: 401, body: undefined });

/** The signed-in user, by the access token of the page's authorize round trip. */
export async function fetchUserInfo(accessToken: string | undefined): Promise<Invitee> {
  if (!accessToken) throw notSignedIn();
  const answer = await request<unknown>('identityService', USER_INFO_PATH, {
    headers: bearer(accessToken),
  });
  return toInvitee(answer);
}

export function acceptInvitation(
  code: string,
  invitee: Invitee,
  accessToken: string | undefined,
): Promise<InviteProcessResponse> {
  if (!accessToken) return Promise.reject(notSignedIn());
  const body: InviteProcessBody = {
    code,
    phone: invitee.phone,
    user_urn: invitee.userUrn,
    status: 'accepted',
  };
  return request<InviteProcessResponse>('businessApi', INVITES_PROCESS_PATH, {
    method: 'PATCH',
    body,
    headers: bearer(accessToken),
  });
}

export async function assignBusinessRole(
  code: string,
  accessToken: string | undefined,
): Promise<void> {
  if (!accessToken) throw notSignedIn();
  await request<unknown>('businessApi', fillPath(MOT_AUTH_INVITATION_PATH, { code }), {
    method: 'POST',
    headers: bearer(accessToken),
  });
}
