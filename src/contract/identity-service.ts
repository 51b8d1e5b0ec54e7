/**
 * Contract of the identity service, an OpenID Connect provider: discovery, the authorization code
 * flow with PKCE (S256), the token endpoint, RP-initiated logout, the `/login` form that finishes
 * the sign-in an authorize request started, and the spec's connected apps and user info. Paths
 * are relative to `BACKEND_URL.identityService` (the issuer).
 */
import {
  array,
  literal,
  maxLength,
  minLength,
  nullable,
  number,
  object,
  optional,
  picklist,
  pipe,
  regex,
  string,
  type InferOutput,
} from 'valibot';

/** GET: the OpenID Provider's metadata (endpoints, algorithms, scopes). */
export const DISCOVERY_PATH = '/.well-known/openid-configuration';

/**
 * POST, `application/x-www-form-urlencoded`, from a hidden form (view `redirect_to_idp`): finishes
 * the interaction whose id is `_csrf` (the `csrf` the authorize request gave `/login`). Accepted
 * only when `_csrf` is the interaction bound to this browser (a cookie set by the authorize
 * request) and the proof token was issued for that interaction's client, unused, within its
 * lifetime; then 302 back to the authorize request, which ends at the client. Otherwise 302 to
 * the front end's `/login?error={IdpLoginError}&clientId=...` and nobody is signed in.
 */
export const IDP_LOGIN_PATH = '/login';
/** The form's field names. */
export const IDP_LOGIN_FIELDS = {
  token: 'token',
  csrf: '_csrf',
  recaptcha: 'g-recaptcha-response',
  remember: 'remember',
} as const;
/** An interaction id: what the authorize request gives `/login` as `csrf`. */
export const INTERACTION_ID = /^[\w-]{1,256}$/;
export const IdpLoginForm = object({
  token: pipe(string(), minLength(1), maxLength(2048)),
  _csrf: pipe(string(), regex(INTERACTION_ID)),
  'g-recaptcha-response': optional(pipe(string(), maxLength(8192))),
  /** 'true' or 'on' keeps the session for 30 days. */
  remember: optional(pipe(string(), maxLength(16))),
});
export type IdpLoginForm = InferOutput<typeof IdpLoginForm>;

/**
 * Why `/login` was sent back to the front end (`/login?error=`): `session_expired` when `_csrf`
 * is missing, empty, unknown, expired, already used or not this browser's (and when the page has
 * no csrf to post); `sign_in_failed` when the proof token is invalid, expired, already used or
 * another client's; `recaptcha_failed` when the robot check is asked for and the form carries no
 * answer to it, or one the check refuses (spec section 8: RECAPTCHA_FAILED_VERIFICATION). Each
 * asks the person to start again from the app.
 */
export const IDP_LOGIN_ERRORS = ['session_expired', 'sign_in_failed', 'recaptcha_failed'] as const;
export type IdpLoginError = (typeof IDP_LOGIN_ERRORS)[number];

/** The client id of this front end's own pages (connected apps, business invitation). */
export const ACCOUNT_CLIENT_ID = 'account-web';
/** The scopes those pages ask for: the ID token, the name and the phone number. */
export const ACCOUNT_SCOPE = 'openid profile phone';

/**
 * GET, a browser navigation: the authorization code flow. `response_type=code`, PKCE with S256
 * (required), `state` and `nonce`, and a `redirect_uri` registered exactly for `client_id`.
 * Signed in (and, for a client that is not first-party, approved): 302 to `redirect_uri` with
 * `code`, `state` and `iss`. Otherwise 303 to the front end's `/login` (or `/{lang}/login` from
 * `ui_locales`, its first supported tag) with `csrf` (the interaction id), `clientId`,
 * `fullMobileNumber` (from `login_hint`) and `acr_values`; `acr_values` naming a `merchant` opens
 * `/login/one-click` instead. `prompt=login` and `max_age` force a fresh sign-in. An unknown client
 * or a redirect URI that is not registered answers an error page (400), never a redirect.
 */
export const AUTHORIZE_PATH = '/authorize';
export const AuthorizeQuery = object({
  client_id: pipe(string(), maxLength(128)),
  redirect_uri: pipe(string(), maxLength(2048)),
  response_type: literal('code'),
  scope: pipe(string(), maxLength(512)),
  state: pipe(string(), maxLength(512)),
  nonce: pipe(string(), maxLength(512)),
  code_challenge: pipe(string(), regex(/^[\w-]{43,128}$/)),
  code_challenge_method: literal('S256'),
  ui_locales: optional(pipe(string(), maxLength(128))),
  login_hint: optional(pipe(string(), maxLength(128))),
  acr_values: optional(pipe(string(), maxLength(1024))),
  prompt: optional(picklist(['login', 'consent', 'none'])),
  max_age: optional(pipe(string(), regex(/^\d{1,9}$/))),
});
export type AuthorizeQuery = InferOutput<typeof AuthorizeQuery>;

/**
 * POST, `application/x-www-form-urlencoded` (CORS for the clients' own origins): the code and its
 * PKCE verifier for the tokens. A public client authenticates with `client_id` only. A code works
 * once: a second use is `invalid_grant` and revokes what the first one gave.
 */
export const TOKEN_PATH = '/token';
export const TokenForm = object({
  grant_type: literal('authorization_code'),
  code: pipe(string(), maxLength(256)),
  redirect_uri: pipe(string(), maxLength(2048)),
  client_id: pipe(string(), maxLength(128)),
  code_verifier: pipe(string(), regex(/^[\w.~-]{43,128}$/)),
});
export const TokenResponse = object({
  access_token: string(),
  token_type: literal('Bearer'),
  expires_in: number(),
  id_token: string(),
  scope: optional(string()),
});
export type TokenResponse = InferOutput<typeof TokenResponse>;
export const TokenError = object({
  error: string(),
  error_description: optional(string()),
});

/** GET with a bearer access token: the OpenID Connect claims (sub, name, phone_number). */
export const OIDC_USERINFO_PATH = '/userinfo';

/**
 * GET, a navigation: RP-initiated logout (`client_id` or `id_token_hint`, and a registered
 * `post_logout_redirect_uri`). The identity service asks the person to confirm, ends the session,
 * then goes to `post_logout_redirect_uri`.
 */
export const LOGOUT_PATH = '/logout';
export const LogoutQuery = object({
  client_id: optional(pipe(string(), maxLength(128))),
  id_token_hint: optional(pipe(string(), maxLength(4096))),
  post_logout_redirect_uri: optional(pipe(string(), maxLength(2048))),
  state: optional(pipe(string(), maxLength(512))),
});

/**
 * GET, a navigation: 'start again from the app' (OpenID Connect third-party-initiated login).
 * 302 to the client's registered `initiate_login_uri` with `iss`, which sends a new authorize
 * request; a client without one gets a page saying to open the app again.
 */
export const START_PATH = '/start';
export const StartQuery = object({ client_id: pipe(string(), maxLength(128)) });

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

/** Bearer header (an access token of this front end's pages); 401 without one. */
export const USER_INFO_PATH = '/api/profile/userinfo';
export const UserInfo = object({
  given_name: string(),
  phone_number: string(),
  sub: string(),
});
export type UserInfo = InferOutput<typeof UserInfo>;
export const userUrn = (sub: string) => `urn:customer:${sub}`;
