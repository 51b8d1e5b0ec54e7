import { describe, expect, it } from 'vitest';
import {
  ERROR_KEYS,
  ERROR_NAMES,
  errorName,
  loginErrorMessage,
  oneClickErrorMessage,
  otpErrorKey,
  recoveryErrorKey,
  SERVER_CODES,
} from '../../../src/api/error-catalogue.ts';
import en from '../../../i18n/en/spring_security_error.json';
import { http } from '../stores/flows/failures.ts';

/** The product's table of server codes to names, row by row, written out apart from SERVER_CODES. */
const SPEC_ROWS: [string[], string][] = [
  [['APP-0001', 'APP-0088', 'ERROR'], 'INTERNAL_SERVER_ERROR'],
  [['APP-0020'], 'ERROR_RATE_LIMIT_REACHED'],
  [['PN-0001'], 'INVALID_PHONE_NUMBER'],
  [['RC-0001'], 'VERIFYING_OTP_ERROR'],
  [['US-0013'], 'USER_TEMPORARILY_BLOCKED'],
  [['US-0016', 'PN-0011'], 'PHONE_ALREADY_USED'],
  [['US-0051', 'US-0012'], 'BAD_CREDENTIALS'],
  [['US-0067', 'US-0052'], 'INVALID_PASSWORD'],
  [['US-0068'], 'USER_BLOCKED'],
  [['US-0089'], 'USER_BLOCKED_FOR_SIGNUP'],
  [['US-0111'], 'INVALID_CHALLENGE_CARD'],
  [['US-0112'], 'INVALID_CHALLENGE_PASSWORD'],
  [['US-0113'], 'INVALID_CHALLENGE_NAME'],
  [['US-0114'], 'INVALID_CHALLENGE_EMAIL'],
  [['US-0115'], 'INVALID_CHALLENGE_PIN'],
  [['US-0150'], 'MAX_LIMIT_EXCEEDED'],
  [['US-0002'], 'USER_NOT_FOUND'],
  [['US-0036'], 'EMAIL_ALREADY_USED'],
  [['US-0025', 'US-0058'], 'INVALID_PROMOTION_CODE'],
  [['US-0085'], 'USER_NOT_FOUND_FOR_SIGNUP_TOKEN'],
];

describe('server code mapping', () => {
  for (const [codes, name] of SPEC_ROWS) {
    for (const code of codes) {
      it(`maps ${code} to ${name} and its message key`, () => {
        expect(SERVER_CODES[code as keyof typeof SERVER_CODES]).toBe(name);
        const failure = http(400, { error_code: code });
        expect(errorName(failure)).toBe(name);
        expect(loginErrorMessage(failure)).toEqual({ key: `spring_security_error:${name}` });
      });
    }
  }

  it('has exactly the codes of the spec table', () => {
    expect(Object.keys(SERVER_CODES).sort()).toEqual(SPEC_ROWS.flatMap(([codes]) => codes).sort());
  });

  it('has an English message for every error name', () => {
    for (const name of ERROR_NAMES) {
      expect(en[name], name).toBeTruthy();
      expect(ERROR_KEYS[name]).toBe(`spring_security_error:${name}`);
    }
  });
});

describe('login and sign-up messages', () => {
  it('accepts a name sent as-is in error or message', () => {
    expect(loginErrorMessage(http(400, { error: 'USER_BLOCKED' }))).toEqual({
      key: 'spring_security_error:USER_BLOCKED',
    });
    expect(loginErrorMessage(http(400, { message: 'BAD_CREDENTIALS' }))).toEqual({
      key: 'spring_security_error:BAD_CREDENTIALS',
    });
  });

  it('falls back to the server message as text (the generic message out of English), then to no-response', () => {
    expect(loginErrorMessage(http(400, { error_description: 'Try later' }))).toEqual({
      text: 'Try later',
      fallback: 'spring_security_error:ERROR_UNKNOWN',
    });
    expect(loginErrorMessage(http(400, { message: 'Nope' }))).toEqual({
      text: 'Nope',
      fallback: 'spring_security_error:ERROR_UNKNOWN',
    });
    expect(loginErrorMessage(http(400, {}))).toEqual({ key: 'spring_security_error:NO_RESPONSE' });
    expect(loginErrorMessage(http(400))).toEqual({ key: 'spring_security_error:NO_RESPONSE' });
  });

  it('says a 429 is a rate limit, whatever its body, unless it names something else', () => {
    for (const body of [undefined, {}, { error: 'too_many_requests' }, { message: 'Slow down' }]) {
      expect(loginErrorMessage(http(429, body))).toEqual({
        key: 'spring_security_error:ERROR_RATE_LIMIT_REACHED',
      });
    }
    expect(loginErrorMessage(http(429, { error_code: 'US-0150' }))).toEqual({
      key: 'spring_security_error:MAX_LIMIT_EXCEEDED',
    });
  });

  it('shows the generic message for an unmapped 5xx', () => {
    expect(loginErrorMessage(http(502))).toEqual({
      key: 'spring_security_error:INTERNAL_SERVER_ERROR',
    });
  });

  it('names transport failures', () => {
    expect(loginErrorMessage({ kind: 'timeout' })).toEqual({ key: 'common:timeout' });
    expect(loginErrorMessage({ kind: 'offline' })).toEqual({ key: 'common:offline' });
    expect(loginErrorMessage({ kind: 'network' })).toEqual({ key: 'common:networkError' });
    expect(loginErrorMessage({ kind: 'malformed' })).toEqual({ key: 'common:networkError' });
  });
});

describe('OTP messages', () => {
  it('looks up otp:error.{message} with error:default as fallback', () => {
    expect(otpErrorKey(http(400, { message: 'ERROR_INVALID_PIN_CODE' }))).toEqual({
      dynamic: 'otp:error.ERROR_INVALID_PIN_CODE',
      fallback: 'error:default',
    });
  });

  it('maps a server code when there is no message', () => {
    expect(otpErrorKey(http(429, { error_code: 'APP-0020' }))).toEqual({
      dynamic: 'otp:error.ERROR_RATE_LIMIT_REACHED',
      fallback: 'error:default',
    });
  });

  it('says ERROR_UNKNOWN when there is no body', () => {
    expect(otpErrorKey(http(500))).toEqual({ key: 'otp:error.ERROR_UNKNOWN' });
    expect(otpErrorKey(http(400, {}))).toEqual({ key: 'otp:error.ERROR_UNKNOWN' });
  });
});

describe('recovery messages', () => {
  it('looks up error:{message} with error:default as fallback', () => {
    expect(recoveryErrorKey(http(400, { message: 'INVALID_FULL_NAME' }))).toEqual({
      dynamic: 'error:INVALID_FULL_NAME',
      fallback: 'error:default',
    });
    expect(recoveryErrorKey(http(500))).toEqual({ key: 'error:default' });
  });
});

describe('one-click messages', () => {
  it('translates additional_information.error_code', () => {
    expect(
      oneClickErrorMessage(http(400, { additional_information: { error_code: 'US-0068' } })),
    ).toEqual({ key: 'spring_security_error:USER_BLOCKED' });
  });

  it('then shows errorCode, error_message or errorMessage, then no-response', () => {
    const generic = { fallback: 'spring_security_error:ERROR_UNKNOWN' } as const;
    expect(oneClickErrorMessage(http(400, { errorCode: 'E1', error_message: 'm' }))).toEqual({
      text: 'E1',
      ...generic,
    });
    expect(oneClickErrorMessage(http(400, { error_message: 'm2' }))).toEqual({
      text: 'm2',
      ...generic,
    });
    expect(oneClickErrorMessage(http(400, { errorMessage: 'm3' }))).toEqual({
      text: 'm3',
      ...generic,
    });
    expect(oneClickErrorMessage(http(400, {}))).toEqual({
      key: 'spring_security_error:NO_RESPONSE',
    });
  });

  it('says a 429 without a code is a rate limit', () => {
    expect(oneClickErrorMessage(http(429, { error_message: 'Too many' }))).toEqual({
      key: 'spring_security_error:ERROR_RATE_LIMIT_REACHED',
    });
    expect(
      oneClickErrorMessage(http(429, { additional_information: { error_code: 'US-0150' } })),
    ).toEqual({ key: 'spring_security_error:MAX_LIMIT_EXCEEDED' });
  });
});
