/**
 * Contract of the identity API's passkey calls (the spec's `biometric` flow; paths chosen by the
 * sandbox: the spec does not give them). WebAuthn options and credentials travel in the JSON forms
 * of the WebAuthn Level 3 specification (`PublicKeyCredentialCreationOptionsJSON`,
 * `RegistrationResponseJSON`, ...): the browser turns them into its objects with
 * `PublicKeyCredential.parse*OptionsFromJSON` and back with `credential.toJSON()`.
 *
 * - Enrolment, right after another login: the proof token that login returned is the bearer of
 *   both registration calls (it stays good for the identity service's `/login` form).
 * - Sign-in: authentication options, then the assertion, answered with the same `TokenResponse`
 *   as every other login. A credential the server does not know, or an assertion that does not
 *   verify, answers 400 `{ error: 'invalid_passkey' }` (`ERROR.invalidPasskey`, ./errors.ts).
 */
import {
  array,
  literal,
  looseObject,
  maxLength,
  number,
  object,
  optional,
  picklist,
  pipe,
  record,
  string,
  unknown,
  type InferOutput,
} from 'valibot';
import { Profiling } from './identity-api.ts';

const Base64Url = pipe(string(), maxLength(16384));
const ShortText = pipe(string(), maxLength(256));

const CredentialDescriptor = object({
  id: Base64Url,
  type: literal('public-key'),
  transports: optional(array(ShortText)),
});

/** `PublicKeyCredentialCreationOptionsJSON`: what `navigator.credentials.create` is given. */
export const CreationOptionsJSON = looseObject({
  challenge: Base64Url,
  rp: object({ id: optional(ShortText), name: ShortText }),
  user: object({ id: Base64Url, name: ShortText, displayName: ShortText }),
  pubKeyCredParams: array(object({ type: literal('public-key'), alg: number() })),
  timeout: optional(number()),
  excludeCredentials: optional(array(CredentialDescriptor)),
  authenticatorSelection: optional(record(string(), unknown())),
  attestation: optional(ShortText),
});
export type CreationOptionsJSON = InferOutput<typeof CreationOptionsJSON>;

/** `PublicKeyCredentialRequestOptionsJSON`: what `navigator.credentials.get` is given. */
export const RequestOptionsJSON = looseObject({
  challenge: Base64Url,
  rpId: optional(ShortText),
  timeout: optional(number()),
  allowCredentials: optional(array(CredentialDescriptor)),
  userVerification: optional(picklist(['required', 'preferred', 'discouraged'])),
});
export type RequestOptionsJSON = InferOutput<typeof RequestOptionsJSON>;

const CredentialBase = {
  id: Base64Url,
  rawId: Base64Url,
  type: literal('public-key'),
  clientExtensionResults: record(string(), unknown()),
  authenticatorAttachment: optional(ShortText),
};

/** `RegistrationResponseJSON`: a new credential, as `credential.toJSON()` gives it. */
export const RegistrationCredentialJSON = looseObject({
  ...CredentialBase,
  response: looseObject({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    transports: optional(array(ShortText)),
  }),
});
export type RegistrationCredentialJSON = InferOutput<typeof RegistrationCredentialJSON>;

/** `AuthenticationResponseJSON`: an assertion, as `credential.toJSON()` gives it. */
export const AuthenticationCredentialJSON = looseObject({
  ...CredentialBase,
  response: looseObject({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: optional(Base64Url),
  }),
});
export type AuthenticationCredentialJSON = InferOutput<typeof AuthenticationCredentialJSON>;

// ---------------------------------------------------------------------------------------------
// Enrolment (bearer: the proof token of the login just finished)

export const PASSKEY_REGISTRATION_OPTIONS_PATH = '/passkeys/registration/options';
export const PasskeyRegistrationOptionsResponse = object({ data: CreationOptionsJSON });
export type PasskeyRegistrationOptionsResponse = InferOutput<
  typeof PasskeyRegistrationOptionsResponse
>;

export const PASSKEY_REGISTRATION_PATH = '/passkeys/registration';
export const PasskeyRegistrationBody = object({ credential: RegistrationCredentialJSON });
export type PasskeyRegistrationBody = InferOutput<typeof PasskeyRegistrationBody>;

// ---------------------------------------------------------------------------------------------
// Sign-in (header `x-client-id` like the other logins)

export const PASSKEY_LOGIN_OPTIONS_PATH = '/login/passkey/options';
export const PasskeyLoginOptionsResponse = object({ data: RequestOptionsJSON });
export type PasskeyLoginOptionsResponse = InferOutput<typeof PasskeyLoginOptionsResponse>;

export const PASSKEY_LOGIN_PATH = '/login/passkey';
export const PasskeyLoginBody = object({
  credential: AuthenticationCredentialJSON,
  profiling: Profiling,
});
export type PasskeyLoginBody = InferOutput<typeof PasskeyLoginBody>;
/**
 * The proof token every login answers, and the account as its passkeys know it (the user handle,
 * base64url, and its names): the page hands them to `signalCurrentUserDetails`.
 */
export const PasskeyLoginResponse = object({
  token: string(),
  user: optional(object({ id: ShortText, name: ShortText, displayName: ShortText })),
});
export type PasskeyLoginResponse = InferOutput<typeof PasskeyLoginResponse>;
