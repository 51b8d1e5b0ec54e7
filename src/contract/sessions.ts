/**
 * Contract of the identity API's calls behind `/security/` (paths chosen by the sandbox: the spec
 * does not give them): where the account is signed in (sessions and trusted devices) and its
 * passkeys. Every call carries the bearer access token of this front end's pages (the identity
 * service's, as connected apps uses); the session that token belongs to is the `current` one.
 */
import {
  array,
  boolean,
  literal,
  maxLength,
  nullable,
  number,
  object,
  optional,
  picklist,
  pipe,
  string,
  type InferOutput,
} from 'valibot';

const Text = pipe(string(), maxLength(256));

/**
 * GET: the account's sessions and trusted devices, most recently active first.
 * DELETE with `?except=current`: signs out every session and forgets every trusted device but the
 * current one; answers how many were ended.
 */
export const SESSIONS_PATH = '/sessions';
/** DELETE: signs one session out (and forgets its device). 404 when it is already gone. */
export const SESSION_PATH = '/sessions/{id}';

export const DeviceSession = object({
  id: Text,
  /** The session of the request's own access token. */
  current: boolean(),
  /**
   * `session`: signed in now. `trusted_device`: a device the person chose to stay signed in on;
   * its next sign-in may skip the code until `trustedUntil`.
   */
  kind: picklist(['session', 'trusted_device']),
  /** Product names, never translated: 'Chrome', 'Android', 'iPhone'. */
  browser: Text,
  os: Text,
  device: optional(Text),
  /** Approximate, from the address: a city (as the service names it) and an ISO 3166 country. */
  city: optional(Text),
  country: optional(pipe(string(), maxLength(2))),
  /** ISO 8601. */
  lastActiveAt: Text,
  signedInAt: Text,
  trustedUntil: optional(Text),
});
export type DeviceSession = InferOutput<typeof DeviceSession>;
export const SessionsResponse = object({ sessions: array(DeviceSession) });
export type SessionsResponse = InferOutput<typeof SessionsResponse>;
export const SessionsQuery = object({ except: literal('current') });
export const SignOutOthersResponse = object({ revoked: number() });

/**
 * GET: the account's passkeys, and the account's WebAuthn user handle (`userId`, base64url), which
 * the page hands to the browser's `signalAllAcceptedCredentials`.
 */
export const ACCOUNT_PASSKEYS_PATH = '/passkeys';
/**
 * DELETE: removes one passkey. 404 when it is not (or no longer) the account's; 409
 * `last_sign_in_method` (`LAST_SIGN_IN_METHOD`, ./errors.ts) when it is the account's only way to sign in (no phone, e-mail or
 * password): the product keeps it.
 */
export const ACCOUNT_PASSKEY_PATH = '/passkeys/{id}';
export const AccountPasskey = object({
  /** The credential id, base64url. */
  id: Text,
  /** Where it was made ('iCloud Keychain', 'Chrome on Linux'). */
  name: Text,
  rpId: Text,
  createdAt: Text,
  lastUsedAt: nullable(Text),
});
export type AccountPasskey = InferOutput<typeof AccountPasskey>;
export const AccountPasskeysResponse = object({
  userId: Text,
  /** The account's name and display name, for `signalCurrentUserDetails`. */
  name: Text,
  displayName: Text,
  passkeys: array(AccountPasskey),
});
export type AccountPasskeysResponse = InferOutput<typeof AccountPasskeysResponse>;
