/**
 * The passkey rows of the table of calls (./operations.ts): enrolment after a login (bearer: that
 * login's proof token) and the passkey login (the `biometric` flow).
 */
import { bad, ok } from './answers.ts';
import { EmptyResponse } from './identity-api.ts';
import type { Operation } from './operation.ts';
import * as pk from './passkeys.ts';

export const PASSKEY_OPERATIONS: readonly Operation[] = [
  {
    id: 'passkeyRegistrationOptions',
    backend: 'identityApi',
    method: 'POST',
    path: pk.PASSKEY_REGISTRATION_OPTIONS_PATH,
    summary:
      'Options to create a passkey for the account the bearer proof token signs in (RP id: the page host); excludes its passkeys',
    chosenPath: true,
    bearer: true,
    answers: {
      200: ok(pk.PasskeyRegistrationOptionsResponse),
      401: bad('invalid_token: the proof token is unknown, used or expired'),
    },
  },
  {
    id: 'registerPasskey',
    backend: 'identityApi',
    method: 'POST',
    path: pk.PASSKEY_REGISTRATION_PATH,
    summary: 'Verify the attestation of a new passkey and keep it for the account',
    chosenPath: true,
    bearer: true,
    body: pk.PasskeyRegistrationBody,
    answers: {
      200: ok(EmptyResponse),
      400: bad('invalid_passkey: the attestation does not verify or its challenge is unknown'),
      401: bad('invalid_token: the proof token is unknown, used or expired'),
    },
  },
  {
    id: 'passkeyLoginOptions',
    backend: 'identityApi',
    method: 'POST',
    path: pk.PASSKEY_LOGIN_OPTIONS_PATH,
    summary: 'Options of a passkey sign-in (discoverable credentials; RP id: the page host)',
    chosenPath: true,
    headers: ['x-client-id'],
    answers: { 200: ok(pk.PasskeyLoginOptionsResponse) },
  },
  {
    id: 'passkeyLogin',
    backend: 'identityApi',
    method: 'POST',
    path: pk.PASSKEY_LOGIN_PATH,
    summary: 'Passkey login: verify the assertion; answers the proof token every login answers',
    chosenPath: true,
    headers: ['x-device-id', 'x-session-id', 'x-client-id'],
    body: pk.PasskeyLoginBody,
    answers: {
      200: ok(pk.PasskeyLoginResponse),
      400: bad(
        'invalid_passkey (the assertion does not verify; an unknown passkey has `additional_information.reason: unknown_credential`), USER_BLOCKED',
      ),
    },
  },
];
