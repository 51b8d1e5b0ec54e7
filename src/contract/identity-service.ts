/**
 * Contract of the identity service: the `/login` form that finishes a sign-in,
 * the authorize entry, logout, connected apps and user info. Paths are relative to
 * `BACKEND_URL.identityService`.
 */
import {
  array,
  literal,
  maxLength,
  minLength,
  nullable,
  object,
  optional,
  pipe,
  string,
  type InferOutput,
} from 'valibot';

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
export const IdpLoginForm = object({
  token: pipe(string(), minLength(1), maxLength(2048)),
  _csrf: optional(pipe(string(), maxLength(256))),
  'g-recaptcha-response': optional(pipe(string(), maxLength(8192))),
  /** 'true' or 'on' keeps the session for 30 days. */
  remember: optional(pipe(string(), maxLength(16))),
});
export type IdpLoginForm = InferOutput<typeof IdpLoginForm>;

/**
 * GET, a browser navigation (implicit grant). Signed in: 302 to `redirect_uri` with
 * `#access_token=...&token_type=Bearer&expires_in=3600[&state=...]`. Otherwise 302 to
 * `/login?clientId=...&csrf=...`; the sign-in then comes back here. `redirect_uri` must be a
 * same-origin path.
 */
export const AUTHORIZE_PATH = '/authorize';
export const AuthorizeQuery = object({
  client_id: optional(pipe(string(), maxLength(128))),
  redirect_uri: pipe(string(), maxLength(2048)),
  response_type: optional(literal('token')),
  state: optional(pipe(string(), maxLength(512))),
});
export type AuthorizeQuery = InferOutput<typeof AuthorizeQuery>;

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
export const Association = object({
  clientId: string(),
  clientName: string(),
  logoUri: optional(nullable(string())),
});
export type Association = InferOutput<typeof Association>;
export const ApprovedAppsResponse = array(Association);
export type ApprovedAppsResponse = InferOutput<typeof ApprovedAppsResponse>;

/** Bearer header. 204 when removed, 404 when the app is not approved. */
export const APPROVED_APP_PATH = '/api/approved/clients/{clientId}';

/** Bearer header or the signed-in session cookie; 401 without either. */
export const USER_INFO_PATH = '/api/profile/userinfo';
export const UserInfo = object({
  given_name: string(),
  phone_number: string(),
  sub: string(),
});
export type UserInfo = InferOutput<typeof UserInfo>;
export const userUrn = (sub: string) => `urn:customer:${sub}`;
