/**
 * The logins: phone, e-mail, Apple and Google. Each resolves with the proof
 * token for the identity service's /login form, or rejects with an `ApiError` whose body may be
 * `challenge_required` or `unregistered_user` (src/contract/errors.ts). Apple's and Google's send
 * back the nonce this page asked for their token (./social-nonce.ts).
 */
import {
  APPLE_LOGIN_PATH,
  EMAIL_LOGIN_PATH,
  GOOGLE_LOGIN_PATH,
  PHONE_LOGIN_PATH,
  type AppleLoginBody,
  type EmailLoginBody,
  type GoogleLoginBody,
  type PhoneLoginBody,
  type TokenResponse,
} from '../contract/identity-api.ts';
import {
  callHeaders,
  currentDeviceId,
  identityApiCall,
  type CallContext,
} from './identity-headers.ts';
import { nonceOf } from './social-nonce.ts';

async function tokenOf(answer: Promise<TokenResponse>): Promise<string> {
  return (await answer).token;
}

export function phoneLogin(body: PhoneLoginBody, context: CallContext): Promise<string> {
  return tokenOf(
    identityApiCall<TokenResponse>(PHONE_LOGIN_PATH, {
      method: 'POST',
      body,
      headers: callHeaders(context),
    }),
  );
}

export function emailLogin(body: EmailLoginBody, context: CallContext): Promise<string> {
  return tokenOf(
    identityApiCall<TokenResponse>(EMAIL_LOGIN_PATH, {
      method: 'POST',
      body,
      headers: callHeaders(context),
    }),
  );
}

export function appleLogin(idToken: string, context: CallContext): Promise<string> {
  const deviceId = currentDeviceId();
  const nonce = nonceOf(idToken);
  const body: AppleLoginBody = {
    access_token: idToken,
    ...(deviceId ? { device_id: deviceId } : {}),
    ...(nonce ? { nonce } : {}),
  };
  return tokenOf(
    identityApiCall<TokenResponse>(APPLE_LOGIN_PATH, {
      method: 'POST',
      body,
      headers: callHeaders(context, { social: true }),
    }),
  );
}

export function googleLogin(idToken: string, context: CallContext): Promise<string> {
  const deviceId = currentDeviceId();
  const nonce = nonceOf(idToken);
  const body: GoogleLoginBody = {
    id_token: idToken,
    ...(deviceId ? { device_id: deviceId } : {}),
    ...(nonce ? { nonce } : {}),
  };
  return tokenOf(
    identityApiCall<TokenResponse>(GOOGLE_LOGIN_PATH, {
      method: 'POST',
      body,
      headers: callHeaders(context, { social: true }),
    }),
  );
}
