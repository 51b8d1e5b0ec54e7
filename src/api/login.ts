/**
 * The logins: phone, e-mail, Apple and Google. Each resolves with the proof
 * token for the identity service's /login form (the phone and e-mail logins with what the identity
 * API says of this browser's trusted device), or rejects with an `ApiError` whose body may be
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
  type LoginResponse,
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

/** A phone or e-mail login's answer: the token, and the trusted device's expiry (ISO) if live. */
export interface LoginAnswer {
  token: string;
  trustedDeviceExpiresAt?: string | undefined;
}

/**
 * The phone and e-mail logins go with credentials: the identity API reads its trusted-device
 * cookie ('Stay signed in on this browser') and may skip the code by it.
 */
async function answerOf(answer: Promise<LoginResponse>): Promise<LoginAnswer> {
  const { token, trusted_device_expires_at: trustedDeviceExpiresAt } = await answer;
  return trustedDeviceExpiresAt ? { token, trustedDeviceExpiresAt } : { token };
}

export function phoneLogin(body: PhoneLoginBody, context: CallContext): Promise<LoginAnswer> {
  return answerOf(
    identityApiCall<LoginResponse>(PHONE_LOGIN_PATH, {
      method: 'POST',
      body,
      headers: callHeaders(context),
      withCredentials: true,
    }),
  );
}

export function emailLogin(body: EmailLoginBody, context: CallContext): Promise<LoginAnswer> {
  return answerOf(
    identityApiCall<LoginResponse>(EMAIL_LOGIN_PATH, {
      method: 'POST',
      body,
      headers: callHeaders(context),
      withCredentials: true,
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
