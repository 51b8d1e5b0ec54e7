/**
 * The passkey calls of the identity API (src/contract/passkeys.ts): sign-in (options, then the
 * assertion, answered with the proof token every login answers) and enrolment right after another
 * login (its proof token as bearer). Failures are `ApiError`s (./errors.ts).
 */
import {
  PASSKEY_LOGIN_OPTIONS_PATH,
  PASSKEY_LOGIN_PATH,
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEY_REGISTRATION_PATH,
  type AuthenticationCredentialJSON,
  type CreationOptionsJSON,
  type PasskeyLoginBody,
  type PasskeyLoginResponse,
  type PasskeyLoginOptionsResponse,
  type PasskeyRegistrationBody,
  type PasskeyRegistrationOptionsResponse,
  type RegistrationCredentialJSON,
  type RequestOptionsJSON,
} from '../contract/passkeys.ts';
import { callHeaders, identityApiCall, type CallContext } from './identity-headers.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function passkeyLoginOptions(
  context: CallContext,
  signal?: AbortSignal,
): Promise<RequestOptionsJSON> {
  const answer = await identityApiCall<PasskeyLoginOptionsResponse>(PASSKEY_LOGIN_OPTIONS_PATH, {
    method: 'POST',
    body: {},
    headers: callHeaders(context),
    ...(signal ? { signal } : {}),
  });
  return answer.data;
}

export async function passkeyLogin(
  credential: AuthenticationCredentialJSON,
  profiling: Record<string, unknown> | undefined,
  context: CallContext,
): Promise<PasskeyLoginResponse> {
  const body: PasskeyLoginBody = { credential, profiling };
  return identityApiCall<PasskeyLoginResponse>(PASSKEY_LOGIN_PATH, {
    method: 'POST',
    body,
    headers: callHeaders(context),
  });
}

export async function passkeyRegistrationOptions(token: string): Promise<CreationOptionsJSON> {
  const answer = await identityApiCall<PasskeyRegistrationOptionsResponse>(
    PASSKEY_REGISTRATION_OPTIONS_PATH,
    { method: 'POST', body: {}, headers: bearer(token) },
  );
  return answer.data;
}

export async function registerPasskey(
  token: string,
  credential: RegistrationCredentialJSON,
): Promise<void> {
  const body: PasskeyRegistrationBody = { credential };
  await identityApiCall<unknown>(PASSKEY_REGISTRATION_PATH, {
    method: 'POST',
    body,
    headers: bearer(token),
  });
}
