/**
 * The error catalogue: every server code to its name, every name to its
 * message, and the fallbacks of each family (login, OTP, recovery, one-click). Exhaustive by type:
 * a server code without a name, or a name without an English message, does not compile.
 */
import type springSecurityError from '../../i18n/en/spring_security_error.json';
import type { BlockReason } from '../contract/errors.ts';
import type { Text } from '../i18n/types.ts';
import type { ApiFailure, ErrorBody } from './errors.ts';
import { transportMessage } from './transport-message.ts';

export { transportMessage };

export const ERROR_NAMES = [
  'BAD_CREDENTIALS',
  'NO_RESPONSE',
  'USER_BLOCKED',
  'USER_BLOCKED_FOR_SIGNUP',
  'USER_TEMPORARILY_BLOCKED',
  'INTERNAL_SERVER_ERROR',
  'ERROR_UNKNOWN',
  'INVALID_PHONE_NUMBER',
  'SENDING_OTP_ERROR',
  'VERIFYING_OTP_ERROR',
  'EMAIL_ALREADY_USED',
  'PHONE_ALREADY_USED',
  'INVALID_PROMOTION_CODE',
  'RECAPTCHA_FAILED_VERIFICATION',
  'RECAPTCHA_EMPTY_RESPONSE',
  'RECAPTCHA_BOT_RESPONSE',
  'INVALID_PASSWORD',
  'ERROR_RATE_LIMIT_REACHED',
  'ERROR_INVALID_PIN_CODE',
  'INVALID_CHALLENGE_CARD',
  'INVALID_CHALLENGE_PASSWORD',
  'INVALID_CHALLENGE_NAME',
  'INVALID_CHALLENGE_EMAIL',
  'INVALID_CHALLENGE_PIN',
  'MAX_LIMIT_EXCEEDED',
  'USER_NOT_FOUND',
  'USER_NOT_FOUND_FOR_SIGNUP_TOKEN',
] as const;
export type ErrorName = (typeof ERROR_NAMES)[number];

/** Every server code the front end tells apart, to its name; an unknown code has no entry. */
export const SERVER_CODES = {
  'APP-0001': 'INTERNAL_SERVER_ERROR',
  'APP-0088': 'INTERNAL_SERVER_ERROR',
  ERROR: 'INTERNAL_SERVER_ERROR',
  'APP-0020': 'ERROR_RATE_LIMIT_REACHED',
  'PN-0001': 'INVALID_PHONE_NUMBER',
  'RC-0001': 'VERIFYING_OTP_ERROR',
  'US-0013': 'USER_TEMPORARILY_BLOCKED',
  'US-0016': 'PHONE_ALREADY_USED',
  'PN-0011': 'PHONE_ALREADY_USED',
  'US-0051': 'BAD_CREDENTIALS',
  'US-0012': 'BAD_CREDENTIALS',
  'US-0067': 'INVALID_PASSWORD',
  'US-0052': 'INVALID_PASSWORD',
  'US-0068': 'USER_BLOCKED',
  'US-0089': 'USER_BLOCKED_FOR_SIGNUP',
  'US-0111': 'INVALID_CHALLENGE_CARD',
  'US-0112': 'INVALID_CHALLENGE_PASSWORD',
  'US-0113': 'INVALID_CHALLENGE_NAME',
  'US-0114': 'INVALID_CHALLENGE_EMAIL',
  'US-0115': 'INVALID_CHALLENGE_PIN',
  'US-0150': 'MAX_LIMIT_EXCEEDED',
  'US-0002': 'USER_NOT_FOUND',
  'US-0036': 'EMAIL_ALREADY_USED',
  'US-0025': 'INVALID_PROMOTION_CODE',
  'US-0058': 'INVALID_PROMOTION_CODE',
  'US-0085': 'USER_NOT_FOUND_FOR_SIGNUP_TOKEN',
} as const satisfies Record<string, ErrorName>;
export type ServerCode = keyof typeof SERVER_CODES;

/** Every name has its key `spring_security_error:{name}`; the English catalog must hold them all. */
export const ERROR_KEYS = Object.fromEntries(
  ERROR_NAMES.map((name) => [name, `spring_security_error:${name}`]),
) as { [N in ErrorName]: `spring_security_error:${N}` };
// Compile-time proof that en/spring_security_error.json has a message for every name.
/** The message key of an error name (`spring_security_error:{name}`). */
export function errorKey<N extends ErrorName>(name: N): `spring_security_error:${N}` {
  return `spring_security_error:${name}`;
}

export type MissingErrorMessages = Exclude<ErrorName, keyof typeof springSecurityError>;
const everyNameHasAMessage: MissingErrorMessages extends never ? true : never = true;
void everyNameHasAMessage;

export function isServerCode(code: unknown): code is ServerCode {
  return typeof code === 'string' && Object.hasOwn(SERVER_CODES, code);
}

export function isErrorName(name: unknown): name is ErrorName {
  return typeof name === 'string' && (ERROR_NAMES as readonly string[]).includes(name);
}

/** The error name of a failure: its server code mapped, or a name the server sent as-is. */
export function errorName(failure: ApiFailure): ErrorName | undefined {
  if (failure.kind !== 'http') return undefined;
  const body = failure.body;
  const candidates = [
    body?.error_code,
    body?.additional_information?.error_code,
    body?.errorCode,
    body?.message,
    body?.error,
  ];
  for (const candidate of candidates) {
    if (isServerCode(candidate)) return SERVER_CODES[candidate];
    if (isErrorName(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The blocked-account pages: USER_BLOCKED, USER_BLOCKED_FOR_SIGNUP, and the two payment blocks,
 * which the server signals as USER_BLOCKED (US-0068) with `additional_information.block_reason`.
 */
export const BLOCKED_VARIANTS = [
  'USER_BLOCKED',
  'USER_BLOCKED_FOR_SIGNUP',
  'USER_BLOCKED_CASH_UNDERPAYMENT',
  'USER_BLOCKED_OUTSTANDING_PAYMENTS',
] as const;
export type BlockedVariant = (typeof BLOCKED_VARIANTS)[number];

export const BLOCK_REASON_VARIANTS = {
  cash_trip_underpayment: 'USER_BLOCKED_CASH_UNDERPAYMENT',
  outstanding_payments: 'USER_BLOCKED_OUTSTANDING_PAYMENTS',
} as const satisfies Record<BlockReason, BlockedVariant>;

/** The blocked page a failure opens, if it is a block; an unknown reason is the plain block. */
export function blockedVariant(failure: ApiFailure): BlockedVariant | undefined {
  const name = errorName(failure);
  if (name === 'USER_BLOCKED_FOR_SIGNUP') return name;
  if (name !== 'USER_BLOCKED') return undefined;
  const reason =
    failure.kind === 'http' ? failure.body?.additional_information?.['block_reason'] : undefined;
  // The variants' keys are the contract's reasons (`satisfies` above): no need of its list here,
  // which would make the transport wait for another chunk before the page's first call.
  return typeof reason === 'string' && Object.hasOwn(BLOCK_REASON_VARIANTS, reason)
    ? BLOCK_REASON_VARIANTS[reason as BlockReason]
    : 'USER_BLOCKED';
}

/**
 * The first of `fields` a server wrote. A server writes English: a page in another language shows
 * the generic message instead (src/i18n/t.ts), so no English enters an Arabic or Urdu sentence.
 */
function serverText(
  body: ErrorBody | undefined,
  fields: readonly (keyof ErrorBody)[],
): Text | undefined {
  for (const field of fields) {
    const value = body?.[field];
    if (typeof value === 'string' && value.trim() !== '') {
      return { text: value, fallback: ERROR_KEYS.ERROR_UNKNOWN };
    }
  }
  return undefined;
}

/** A 429 is a rate limit, whatever its body says (or does not): never 'No response'. */
const isBareRateLimit = (failure: ApiFailure): boolean =>
  failure.kind === 'http' && failure.status === 429;

/**
 * Login and sign-up: mapped names through `spring_security_error:{name}`; a 429 without one is
 * ERROR_RATE_LIMIT_REACHED; then the server's message; then the no-response text.
 */
export function loginErrorMessage(failure: ApiFailure): Text {
  const transport = transportMessage(failure);
  if (transport) return transport;
  const name = errorName(failure);
  if (name) return { key: ERROR_KEYS[name] };
  if (isBareRateLimit(failure)) return { key: ERROR_KEYS.ERROR_RATE_LIMIT_REACHED };
  if (failure.kind === 'http' && failure.status >= 500)
    return { key: ERROR_KEYS.INTERNAL_SERVER_ERROR };
  const body = failure.kind === 'http' ? failure.body : undefined;
  return (
    serverText(body, ['error_description', 'message', 'error_message']) ?? {
      key: ERROR_KEYS.NO_RESPONSE,
    }
  );
}

/**
 * OTP: `otp:error.{message}`, falling back to `error:default`; `ERROR_UNKNOWN` when there is no
 * body at all.
 */
export function otpErrorKey(failure: ApiFailure): Text {
  const transport = transportMessage(failure);
  if (transport) return transport;
  if (failure.kind !== 'http') return { key: 'error:default' };
  const name =
    failure.body?.message ??
    (isServerCode(failure.body?.error_code) ? SERVER_CODES[failure.body.error_code] : undefined);
  if (!failure.body || !name) return { key: 'otp:error.ERROR_UNKNOWN' };
  return { dynamic: `otp:error.${name}`, fallback: 'error:default' };
}

/** The `message` (or `error`) code of a recovery failure, when the server sent one. */
export function recoveryCode(failure: ApiFailure): string | undefined {
  if (failure.kind !== 'http') return undefined;
  const code = failure.body?.message ?? failure.body?.error;
  return typeof code === 'string' ? code : undefined;
}

/** Recovery and general errors: `error:{message}`, falling back to `error:default`. */
export function recoveryErrorKey(failure: ApiFailure): Text {
  const transport = transportMessage(failure);
  if (transport) return transport;
  const message =
    failure.kind === 'http' ? (failure.body?.message ?? failure.body?.error) : undefined;
  if (!message) return { key: 'error:default' };
  return { dynamic: `error:${message}`, fallback: 'error:default' };
}

/**
 * One-click: `additional_information.error_code` translated; a 429 without one is
 * ERROR_RATE_LIMIT_REACHED; else errorCode, error_message or errorMessage as text; else the
 * no-response text.
 */
export function oneClickErrorMessage(failure: ApiFailure): Text {
  const transport = transportMessage(failure);
  if (transport) return transport;
  const body = failure.kind === 'http' ? failure.body : undefined;
  const code = body?.additional_information?.error_code;
  if (isServerCode(code)) return { key: ERROR_KEYS[SERVER_CODES[code]] };
  if (isErrorName(code)) return { key: ERROR_KEYS[code] };
  if (isBareRateLimit(failure)) return { key: ERROR_KEYS.ERROR_RATE_LIMIT_REACHED };
  return (
    serverText(body, ['errorCode', 'error_message', 'errorMessage']) ?? {
      key: ERROR_KEYS.NO_RESPONSE,
    }
  );
}
