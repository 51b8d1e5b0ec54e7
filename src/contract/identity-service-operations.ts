/**
 * The identity service's rows of the table of calls (./operations.ts): the OpenID provider's
 * endpoints the front end uses (discovery, authorize, the `/login` form, token, logout, start
 * again), its clients, the errors `/login` is sent back with, and the spec's connected apps and
 * user info.
 */
import { bad, ok } from './answers.ts';
import * as idp from './identity-service.ts';
import type { Operation } from './operation.ts';

export const IDENTITY_SERVICE_OPERATIONS: readonly Operation[] = [
  {
    id: 'idpDiscovery',
    backend: 'identityService',
    method: 'GET',
    path: idp.DISCOVERY_PATH,
    summary: 'OpenID Provider metadata (endpoints, PKCE S256, ES256 ID tokens, scopes, claims)',
    answers: { 200: { description: 'The OpenID Provider metadata (JSON)' } },
  },
  {
    id: 'authorize',
    backend: 'identityService',
    method: 'GET',
    path: idp.AUTHORIZE_PATH,
    summary: 'Authorization code flow with PKCE (a browser navigation)',
    description:
      'Signed in (and the client first-party or approved): 302 to `redirect_uri` with `code`, ' +
      '`state` and `iss`. Otherwise 303 to the front end: `/login` (`/{lang}/login` from the first ' +
      'supported tag of `ui_locales`; `/login/one-click` when `acr_values` names a `merchant`) with ' +
      '`csrf` (the interaction id), `clientId`, `fullMobileNumber` (a phone `login_hint`) and ' +
      '`acr_values`, and a signed cookie binding the interaction to this browser. A client that ' +
      'is not first-party and not yet approved gets the consent page after the sign-in. ' +
      '`prompt=login` and `max_age` force a fresh sign-in.\n\n' +
      'Clients (all public: PKCE, no secret; exact redirect URIs):\n' +
      '- `sandbox-web`, the demo app, first-party: `{RP}/callback`, logout to `{RP}/`\n' +
      '- `sandbox-nologo`, the demo partner (one-click merchant, business web app), not ' +
      'first-party: `{RP}/partner/callback`, logout to `{RP}/`\n' +
      '- `account-web`, this front end’s pages, first-party: `{site}/client-management/` and ' +
      '`{site}/invitation/_` in every language (`/ar/client-management/`...), logout to ' +
      '`{site}/login` in every language\n\n' +
      '`{RP}` is the demo app (`http://localhost:4330`, `RP_PORT`), `{site}` every origin the ' +
      'site is served from.',
    query: idp.AuthorizeQuery,
    answers: {
      302: ok(undefined, 'To redirect_uri with code, state and iss (or error, error_description)'),
      303: ok(undefined, 'To the front end’s /login with the presets'),
      400: {
        description: 'Unknown client, or a redirect_uri not registered exactly: an error page',
        html: true,
      },
    },
  },
  {
    id: 'idpLogin',
    backend: 'identityService',
    method: 'POST',
    path: idp.IDP_LOGIN_PATH,
    summary: 'Finish the sign-in an authorize request started (form post)',
    description:
      'Accepted only when `_csrf` is an interaction bound to this browser (the cookie its ' +
      'authorize request set), not timed out (30 minutes) nor finished, and `token` a proof ' +
      'token issued for that interaction’s client, unused, less than 5 minutes old. The ID ' +
      'token then says how the person signed in (`amr` from the proof: `pwd`, `otp`, `pin`, ' +
      '`kba`, `hwk`/`swk` for a passkey or the app’s approval, `fed` for Apple and Google) and ' +
      'carries the request’s `acr_values` as `acr`.\n\n' +
      'Refused: 302 to the front end’s `/login?error=...&clientId=...` (in the interaction’s ' +
      'language), nobody signed in:\n' +
      '- `session_expired`: `_csrf` missing, empty, unknown, timed out, already finished or ' +
      'another browser’s\n' +
      '- `sign_in_failed`: the proof token unknown, expired, used, or another client’s\n' +
      '- `recaptcha_failed`: the robot check asked for (flag `recaptchaV2`) and ' +
      '`g-recaptcha-response` missing or empty',
    form: true,
    body: idp.IdpLoginForm,
    answers: {
      200: {
        description: 'Signed in: a page that goes on to the authorize request (meta refresh)',
        html: true,
      },
      302: ok(
        undefined,
        'Refused: to /login?error=session_expired, sign_in_failed or recaptcha_failed',
      ),
    },
  },
  {
    id: 'token',
    backend: 'identityService',
    method: 'POST',
    path: idp.TOKEN_PATH,
    summary: 'The code and its PKCE verifier for an access token and an ID token',
    description:
      'A public client names itself with `client_id`. CORS for the origins of the client’s ' +
      'redirect URIs. A code works once: a second use is `invalid_grant` and revokes what the ' +
      'first one gave; a wrong verifier is `invalid_grant` too.',
    form: true,
    body: idp.TokenForm,
    answers: {
      200: ok(idp.TokenResponse),
      400: ok(idp.TokenError, 'invalid_grant, invalid_request, ...'),
    },
  },
  {
    id: 'logout',
    backend: 'identityService',
    method: 'GET',
    path: idp.LOGOUT_PATH,
    summary: 'RP-initiated logout: asks the person, ends the session',
    description:
      'With `client_id` or `id_token_hint` and a registered `post_logout_redirect_uri`; the ' +
      'confirmation page posts to `/logout/confirm`, then 303 to that address.',
    query: idp.LogoutQuery,
    answers: {
      200: {
        description: 'The confirmation page (or, signed out, its automatic form)',
        html: true,
      },
      400: { description: 'A post_logout_redirect_uri that is not registered', html: true },
    },
  },
  {
    id: 'startAgain',
    backend: 'identityService',
    method: 'GET',
    path: idp.START_PATH,
    summary: 'Start again from the app (third-party-initiated login)',
    description:
      'The way back of `/login?error=`: 302 to the client’s start (`sandbox-web`: ' +
      '`{RP}/signin`, `sandbox-nologo`: `{RP}/partner/signin`, `account-web`: ' +
      '`/client-management/`) with `iss`, which sends a new authorize request.',
    query: idp.StartQuery,
    answers: {
      302: ok(undefined, 'To the client’s start with iss'),
      400: { description: 'Unknown client: a page saying to open the app again', html: true },
    },
  },
  {
    id: 'listApprovedApps',
    backend: 'identityService',
    method: 'GET',
    path: idp.APPROVED_APPS_PATH,
    summary: 'Connected apps',
    bearer: true,
    answers: { 200: ok(idp.ApprovedAppsResponse), 401: bad('Missing or invalid token') },
  },
  {
    id: 'removeApprovedApp',
    backend: 'identityService',
    method: 'DELETE',
    path: idp.APPROVED_APP_PATH,
    summary: 'Remove a connected app',
    bearer: true,
    answers: {
      204: ok(undefined, 'Removed'),
      401: bad('Missing or invalid token'),
      404: bad('Not an approved app'),
    },
  },
  {
    id: 'userInfo',
    backend: 'identityService',
    method: 'GET',
    path: idp.USER_INFO_PATH,
    summary: 'The signed-in user (an access token of this front end’s pages)',
    bearer: true,
    answers: { 200: ok(idp.UserInfo), 401: bad('Not signed in') },
  },
];
