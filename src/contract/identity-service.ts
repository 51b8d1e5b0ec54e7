/**
 * Contract of the identity service (spec section 7): the `/login` form that finishes a sign-in,
 * the authorize entry, logout, connected apps and user info. Paths are relative to
 * `BACKEND_URL.identityService`.
 */
import * as v from 'valibot';

/**
 * POST, `application/x-www-form-urlencoded`, from a hidden form (view `redirect_to_idp`).
 * Answers a page or a redirect, never JSON.
 */
export const IDP_LOGIN_PATH = '/login';
/** The form's field names. */
export const IDP_LOGIN_FIELDS = {
  token: 'token',
  csrf: '_csrf',
  recaptcha: 'g-recaptcha-response',
  remember: 'remember',
} as const;
export const IdpLoginForm = v.object({
  token: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)),
  _csrf: v.optional(v.pipe(v.string(), v.maxLength(256))),
  'g-recaptcha-response': v.optional(v.pipe(v.string(), v.maxLength(8192))),
  /** 'true' or 'on' keeps the session for 30 days. */
  remember: v.optional(v.pipe(v.string(), v.maxLength(16))),
});
export type IdpLoginForm = v.InferOutput<typeof IdpLoginForm>;

/**
 * GET, a browser navigation (implicit grant). Signed in: 302 to `redirect_uri` with
 * `#access_token=...&token_type=Bearer&expires_in=3600[&state=...]`. Otherwise 302 to
 * `/login?clientId=...&csrf=...`; the sign-in then comes back here. `redirect_uri` must be a
 * same-origin path.
 */
export const AUTHORIZE_PATH = '/authorize';
export const AuthorizeQuery = v.object({
  client_id: v.optional(v.pipe(v.string(), v.maxLength(128))),
  redirect_uri: v.pipe(v.string(), v.maxLength(2048)),
  response_type: v.optional(v.literal('token')),
  state: v.optional(v.pipe(v.string(), v.maxLength(512))),
});
export type AuthorizeQuery = v.InferOutput<typeof AuthorizeQuery>;

/** The authorize address for a page that needs an access token (e.g. connected apps). */
export function authorizeUrl(base: string, redirectUri: string, clientId?: string): string {
  const query = new URLSearchParams({ response_type: 'token', redirect_uri: redirectUri });
  if (clientId) query.set('client_id', clientId);
  return `${base}${AUTHORIZE_PATH}?${query.toString()}`;
}

/** GET, a navigation: ends the session, then 302 to `redirect_uri` (same-origin) or `/login`. */
export const LOGOUT_PATH = '/logout';

/** Bearer header. The apps the user has approved. */
export const APPROVED_APPS_PATH = '/api/approved';
export const Association = v.object({
  clientId: v.string(),
  clientName: v.string(),
  logoUri: v.optional(v.nullable(v.string())),
});
export type Association = v.InferOutput<typeof Association>;
export const ApprovedAppsResponse = v.array(Association);
export type ApprovedAppsResponse = v.InferOutput<typeof ApprovedAppsResponse>;

/** Bearer header. 204 when removed, 404 when the app is not approved. */
export const APPROVED_APP_PATH = '/api/approved/clients/{clientId}';

/** Bearer header or the signed-in session cookie; 401 without either. */
export const USER_INFO_PATH = '/api/profile/userinfo';
export const UserInfo = v.object({
  given_name: v.string(),
  phone_number: v.string(),
  sub: v.string(),
});
export type UserInfo = v.InferOutput<typeof UserInfo>;
export const userUrn = (sub: string) => `urn:customer:${sub}`;
