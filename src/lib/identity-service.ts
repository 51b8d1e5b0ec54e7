/**
 * Navigations to the identity service that are not the authorize round trip (src/lib/authorize.ts):
 * RP-initiated logout, 'start again from the app', and the `/login?error=` the identity service
 * sends a refused sign-in back with.
 */
import { BACKEND_URL } from '../config.ts';
import {
  ACCOUNT_CLIENT_ID,
  IDP_LOGIN_ERRORS,
  LOGOUT_PATH,
  START_PATH,
  type IdpLoginError,
} from '../contract/identity-service.ts';
import { localizedPath, type Locale } from '../i18n/config.ts';

/**
 * Ends the identity-service session (the identity service asks the person to confirm), then goes
 * to `path` of this site (e.g. the login page), a registered post-logout address.
 */
export function logoutAddress(
  path: string,
  origin: string,
  base = BACKEND_URL.identityService,
): string {
  const query = new URLSearchParams({
    client_id: ACCOUNT_CLIENT_ID,
    post_logout_redirect_uri: new URL(path, origin).href,
  });
  return `${base}${LOGOUT_PATH}?${query.toString()}`;
}

/** 'Start again from the app': the identity service sends the browser to the client's start. */
export function startAgainAddress(clientId: string, base = BACKEND_URL.identityService): string {
  return `${base}${START_PATH}?${new URLSearchParams({ client_id: clientId }).toString()}`;
}

/** The refusal the identity service sent `/login` back with (`?error=`), if it is one. */
export function idpLoginError(query: URLSearchParams): IdpLoginError | undefined {
  const error = query.get('error');
  return IDP_LOGIN_ERRORS.find((known) => known === error);
}

/** The login page showing a refusal, for the client of this sign-in when known. */
export function idpErrorPath(locale: Locale, error: IdpLoginError, clientId?: string): string {
  const query = new URLSearchParams({ error });
  if (clientId) query.set('clientId', clientId);
  return `${localizedPath(locale, '/login')}?${query.toString()}`;
}
