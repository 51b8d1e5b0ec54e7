/**
 * The wider recovery form at `/recovery` ('Forgot your password?' on the login page).
 *
 * ## Order of the steps (the spec leaves it open)
 * 1. **details**: the mobile number plus one fact the person picks: full name, e-mail or national
 *    id. Only the shape is checked here (a valid number, a non-empty name, an e-mail, at least 5
 *    digits); a code is then sent by SMS to the number, whether or not it has an account.
 * 2. **code**: the 6-digit code (resend after 60 s, or go back and change the details). The code
 *    is checked (`/otp/verify`), then the verification id and the fact are sent together
 *    (`POST /recovery/token/{clientId}`), which answers a reset token.
 *    - INVALID_OTP ('OTP or phone number is wrong.') and code errors: at the code field.
 *    - INVALID_FULL_NAME, INVALID_EMAIL, INVALID_NATIONAL_ID, and USER_NOT_FOUND: back to step 1
 *      with the message of the chosen fact at its field. The verified code is kept for that
 *      number, so correcting the fact does not need a new code.
 * 3. **password**: the new password and its confirmation; every reset rule it breaks is its own
 *    message, a mismatch has its own; the robot check when the recaptchaV2 flag is on. Then
 *    `PUT /recovery/password`; success goes to `/password_success`. INVALID_PASSWORD ('Password is
 *    too weak.') at the field; INVALID_RESET_TOKEN (the session took too long) back to step 1.
 *
 * No account enumeration: the facts are checked only after the code proves the person holds the
 * number, and an unknown number gets the same message as a wrong fact ('This full name is not
 * associated with the mobile number'), never 'no such account'.
 */
import type { ApiFailure } from '../../../api/errors.ts';
import type { Wait } from '../../../api/waits.ts';
import type { Text } from '../../../i18n/types.ts';
import { digitsOnly } from '../../../lib/digits.ts';
import type { ResetRule } from '../../../lib/password-rules.ts';
import { isEmailAddress } from '../../../lib/patterns.ts';
import type { CheckedPhone, CountryCode } from '../../../lib/phone.ts';

export const RECOVERY_METHODS = ['full_name', 'email', 'national_id'] as const;
export type RecoveryMethod = (typeof RECOVERY_METHODS)[number];

/** Seconds before another code may be asked for; the code's digits; a national id's least digits. */
export const RESEND_AFTER_S = 60;
export const CODE_LENGTH = 6;
export const NATIONAL_ID_MIN_DIGITS = 5;

export interface RecoveryDetails {
  country: CountryCode;
  /** The number as typed. */
  phoneInput: string;
  method: RecoveryMethod;
  answer: string;
}

/** The details' field errors: the phone number's, and the answer's. */
export interface DetailErrors {
  phone?: Text;
  answer?: Text;
}

/** A server answer: above the form (`error`) or at the view's field (`fieldError`). */
export interface ServerErrors {
  error?: Text | undefined;
  fieldError?: Text | undefined;
}

export interface Verified {
  phoneNumber: string;
  verificationId: string;
}

export type RecoveryFormState =
  | {
      view: 'details';
      details: RecoveryDetails;
      fieldErrors: DetailErrors;
      /** Above the form. */
      error?: Text;
      /** A code on its way, or the fact being checked. */
      submitting: boolean;
      /** The number being submitted. */
      phoneNumber: string | undefined;
      /** A verified code for a number; kept while the person corrects the fact. */
      verified: Verified | undefined;
      /** A rate limit on codes for the number: 'Send code' waits until it ends. */
      wait?: Wait | undefined;
    }
  | ({
      view: 'code';
      details: RecoveryDetails;
      phoneNumber: string;
      code: string;
      /** When the last code was sent (ms): resend is allowed RESEND_AFTER_S later. */
      sentAt: number;
      submitting: boolean;
      /** A rate limit on sending or checking codes: resend and verify wait until it ends. */
      wait?: Wait | undefined;
    } & ServerErrors)
  | ({
      view: 'password';
      details: RecoveryDetails;
      /** The account's number (international digits): the username password managers save. */
      phoneNumber: string;
      token: string;
      password: string;
      confirm: string;
      failed: ResetRule[];
      mismatch: boolean;
      invalid: boolean;
      recaptchaRequired: boolean;
      recaptchaToken: string | undefined;
      submitting: boolean;
    } & ServerErrors)
  | { view: 'done' };

export type RecoveryFormEvent =
  | { type: 'detailsChanged'; details: RecoveryDetails }
  /** The number checked (`checkPhone`): undefined when it is not a valid number. */
  | { type: 'detailsSubmitted'; phone: CheckedPhone | undefined }
  | { type: 'codeSent'; at: number }
  /** A code could not be sent; `wait` when it was a rate limit. */
  | { type: 'codeSendFailed'; failure: ApiFailure; wait?: Wait | undefined }
  | { type: 'codeChanged'; code: string }
  | { type: 'codeSubmitted' }
  | { type: 'resendRequested' }
  /** The code was refused; `wait` when checking is rate limited. */
  | { type: 'codeRejected'; failure: ApiFailure; wait?: Wait | undefined }
  /** A rate limit kept from an earlier load of the page holds for the number: nothing was sent. */
  | { type: 'waitRestored'; wait: Wait }
  /** The rate limit's deadline has passed. */
  | { type: 'waitOver' }
  | { type: 'tokenReceived'; token: string }
  | { type: 'tokenRefused'; failure: ApiFailure; verified: Verified }
  | { type: 'backToDetails' }
  | { type: 'passwordChanged'; password: string }
  | { type: 'confirmChanged'; confirm: string }
  | { type: 'recaptchaRequired'; required: boolean }
  | { type: 'recaptchaPassed'; token: string }
  | { type: 'passwordSubmitted' }
  | { type: 'passwordRejected'; failure: ApiFailure }
  /** The new password has appeared in a data breach (`problem` says so): nothing was sent. */
  | { type: 'passwordBreached'; problem: Text }
  | { type: 'passwordChangedOnServer' };

/** The answer as sent: trimmed; a national id as its digits (any script). */
export function normalizeAnswer(method: RecoveryMethod, answer: string): string {
  if (method === 'national_id') return digitsOnly(answer);
  if (method === 'email') return answer.trim().toLowerCase();
  return answer.trim().replace(/\s+/gu, ' ');
}

export function answerError(method: RecoveryMethod, answer: string): Text | undefined {
  const value = normalizeAnswer(method, answer);
  switch (method) {
    case 'full_name':
      return value === '' ? { key: 'recovery:form.fullName.required' } : undefined;
    case 'email':
      if (value === '') return { key: 'recovery:form.email.required' };
      return isEmailAddress(value) ? undefined : { key: 'fields:email.invalid' };
    case 'national_id':
      if (answer.trim() === '') return { key: 'recovery:form.nationalId.required' };
      return value.length >= NATIONAL_ID_MIN_DIGITS
        ? undefined
        : { key: 'recovery:form.nationalId.invalid' };
  }
}

export function initialState(details?: Partial<RecoveryDetails>): RecoveryFormState {
  return detailsWith(
    {
      country: details?.country ?? 'AE',
      phoneInput: details?.phoneInput ?? '',
      method: details?.method ?? 'full_name',
      answer: details?.answer ?? '',
    },
    {},
    undefined,
  );
}

export function detailsWith(
  details: RecoveryDetails,
  fieldErrors: DetailErrors,
  verified: Verified | undefined,
  error?: Text,
  wait?: Wait,
): Extract<RecoveryFormState, { view: 'details' }> {
  return {
    view: 'details',
    details,
    fieldErrors,
    ...(error ? { error } : {}),
    submitting: false,
    phoneNumber: undefined,
    verified,
    ...(wait ? { wait } : {}),
  };
}

/** A wait with a deadline holds: the view's action is refused until it ends. */
export const isWaiting = (state: RecoveryFormState): boolean =>
  (state.view === 'details' || state.view === 'code') && state.wait?.until !== undefined;

/** Where a rate limit on the recovery codes of a number is kept. */
export const recoveryWaitScope = (phoneNumber: string): string => `recovery:${phoneNumber}`;
