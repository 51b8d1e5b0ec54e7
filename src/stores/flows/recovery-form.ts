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
import { otpErrorKey, recoveryCode, recoveryErrorKey } from '../../api/error-catalogue.ts';
import type { ApiFailure } from '../../api/errors.ts';
import { toFailure } from '../../api/errors.ts';
import type {
  RecoveryChallengeId,
  RecoveryPasswordBody,
  RecoveryTokenBody,
} from '../../contract/identity-api.ts';
import type { I18nKey, Text } from '../../i18n/types.ts';
import { digitsOnly } from '../../lib/digits.ts';
import { failedResetRules, type ResetRule } from '../../lib/password-rules.ts';
import { isEmailAddress } from '../../lib/patterns.ts';
import type { CountryCode } from '../../lib/phone.ts';
import { createFlow } from './create-flow.ts';

export const RECOVERY_METHODS = ['full_name', 'email', 'national_id'] as const;
export type RecoveryMethod = (typeof RECOVERY_METHODS)[number];

export const METHOD_CHALLENGE = {
  full_name: 'FULL_NAME_CHALLENGE',
  email: 'EMAIL_CHALLENGE',
  national_id: 'NATIONAL_ID_CHALLENGE',
} as const satisfies Record<RecoveryMethod, RecoveryChallengeId>;

/** 'This ... is not associated with the mobile number', per fact. */
export const METHOD_MISMATCH = {
  full_name: 'error:INVALID_FULL_NAME',
  email: 'error:INVALID_EMAIL',
  national_id: 'error:INVALID_NATIONAL_ID',
} as const satisfies Record<RecoveryMethod, I18nKey>;

const MISMATCH_CODES = new Set([
  'INVALID_FULL_NAME',
  'INVALID_EMAIL',
  'INVALID_NATIONAL_ID',
  'USER_NOT_FOUND',
]);

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

/** The number as the phone library read it. */
export interface ParsedPhone {
  /** International form, digits only. */
  fullPhoneNumber: string;
  isValid: boolean;
}

/** The details' field errors: the phone number's, and the answer's. */
export interface DetailErrors {
  phone?: Text;
  answer?: Text;
}

/** A server answer: above the form (`error`) or at the view's field (`fieldError`). */
interface ServerErrors {
  error?: Text | undefined;
  fieldError?: Text | undefined;
}

interface Verified {
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
    }
  | ({
      view: 'code';
      details: RecoveryDetails;
      phoneNumber: string;
      code: string;
      /** When the last code was sent (ms): resend is allowed RESEND_AFTER_S later. */
      sentAt: number;
      submitting: boolean;
    } & ServerErrors)
  | ({
      view: 'password';
      details: RecoveryDetails;
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
  | { type: 'detailsSubmitted'; phone: ParsedPhone }
  | { type: 'codeSent'; at: number }
  | { type: 'codeSendFailed'; failure: ApiFailure }
  | { type: 'codeChanged'; code: string }
  | { type: 'codeSubmitted' }
  | { type: 'resendRequested' }
  | { type: 'codeRejected'; failure: ApiFailure }
  | { type: 'tokenReceived'; token: string }
  | { type: 'tokenRefused'; failure: ApiFailure; verified: Verified }
  | { type: 'backToDetails' }
  | { type: 'passwordChanged'; password: string }
  | { type: 'confirmChanged'; confirm: string }
  | { type: 'recaptchaRequired'; required: boolean }
  | { type: 'recaptchaPassed'; token: string }
  | { type: 'passwordSubmitted' }
  | { type: 'passwordRejected'; failure: ApiFailure }
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

/** A server answer as the view shows it: at its field, or above the form. */
const serverError = (message: Text, atField: boolean): ServerErrors =>
  atField ? { fieldError: message, error: undefined } : { error: message, fieldError: undefined };

const NO_SERVER_ERROR: ServerErrors = { error: undefined, fieldError: undefined };

function passwordStep(
  base: Omit<
    Extract<RecoveryFormState, { view: 'password' }>,
    'failed' | 'mismatch' | 'invalid' | 'view'
  >,
): RecoveryFormState {
  const failed = failedResetRules(base.password);
  const mismatch = base.confirm !== '' && base.confirm !== base.password;
  return {
    view: 'password',
    ...base,
    failed,
    mismatch,
    invalid:
      failed.length > 0 ||
      base.confirm !== base.password ||
      (base.recaptchaRequired && !base.recaptchaToken),
  };
}

function detailsWith(
  details: RecoveryDetails,
  fieldErrors: DetailErrors,
  verified: Verified | undefined,
  error?: Text,
): Extract<RecoveryFormState, { view: 'details' }> {
  return {
    view: 'details',
    details,
    fieldErrors,
    ...(error ? { error } : {}),
    submitting: false,
    phoneNumber: undefined,
    verified,
  };
}

export function transition(state: RecoveryFormState, event: RecoveryFormEvent): RecoveryFormState {
  switch (event.type) {
    case 'detailsChanged': {
      if (state.view !== 'details' || state.submitting) return state;
      const before = state.details;
      const after = event.details;
      const errors: DetailErrors = {};
      const kept = state.fieldErrors;
      // A field keeps its error until it changes; the form error goes with any change.
      if (kept.phone && before.phoneInput === after.phoneInput && before.country === after.country)
        errors.phone = kept.phone;
      if (kept.answer && before.answer === after.answer && before.method === after.method)
        errors.answer = kept.answer;
      return detailsWith(after, errors, state.verified);
    }
    case 'detailsSubmitted': {
      if (state.view !== 'details' || state.submitting) return state;
      const { details } = state;
      const errors: DetailErrors = {};
      if (details.phoneInput.trim() === '') errors.phone = { key: 'fields:phone.empty' };
      else if (!event.phone.isValid) errors.phone = { key: 'fields:phone.invalid' };
      const answer = answerError(details.method, details.answer);
      if (answer) errors.answer = answer;
      if (errors.phone || errors.answer) return detailsWith(details, errors, state.verified);
      const phoneNumber = event.phone.fullPhoneNumber;
      const verified = state.verified?.phoneNumber === phoneNumber ? state.verified : undefined;
      return { ...detailsWith(details, {}, verified), submitting: true, phoneNumber };
    }
    case 'codeSent':
      if (state.view === 'details' && state.submitting && state.phoneNumber) {
        return {
          view: 'code',
          details: state.details,
          phoneNumber: state.phoneNumber,
          code: '',
          sentAt: event.at,
          submitting: false,
        };
      }
      if (state.view === 'code' && state.submitting) {
        return { ...state, code: '', sentAt: event.at, submitting: false, ...NO_SERVER_ERROR };
      }
      return state;
    case 'codeSendFailed': {
      const message = otpErrorKey(event.failure);
      if (state.view === 'details' && state.submitting) {
        const invalidPhone =
          event.failure.kind === 'http' && recoveryCode(event.failure) === 'INVALID_PHONE_NUMBER';
        return invalidPhone
          ? detailsWith(
              state.details,
              { phone: { key: 'fields:phone.invalidMobile' } },
              state.verified,
            )
          : detailsWith(state.details, {}, state.verified, message);
      }
      if (state.view === 'code' && state.submitting) {
        return { ...state, submitting: false, ...serverError(message, false) };
      }
      return state;
    }
    case 'codeChanged':
      if (state.view !== 'code' || state.submitting) return state;
      return { ...state, code: digitsOnly(event.code, CODE_LENGTH), ...NO_SERVER_ERROR };
    case 'codeSubmitted':
      if (state.view !== 'code' || state.submitting) return state;
      if (state.code.length < CODE_LENGTH) {
        return { ...state, ...serverError({ key: 'fields:otp.required' }, true) };
      }
      return { ...state, submitting: true, ...NO_SERVER_ERROR };
    case 'resendRequested':
      if (state.view !== 'code' || state.submitting) return state;
      return { ...state, submitting: true, ...NO_SERVER_ERROR };
    case 'codeRejected':
      if (state.view !== 'code' || !state.submitting) return state;
      return { ...state, submitting: false, ...serverError(otpErrorKey(event.failure), true) };
    case 'tokenReceived':
      if ((state.view !== 'code' && state.view !== 'details') || !state.submitting) return state;
      return passwordStep({
        details: state.details,
        token: event.token,
        password: '',
        confirm: '',
        recaptchaRequired: false,
        recaptchaToken: undefined,
        submitting: false,
      });
    case 'tokenRefused': {
      if ((state.view !== 'code' && state.view !== 'details') || !state.submitting) return state;
      const code = recoveryCode(event.failure);
      if (code && MISMATCH_CODES.has(code)) {
        return detailsWith(
          state.details,
          { answer: { key: METHOD_MISMATCH[state.details.method] } },
          event.verified,
        );
      }
      const message = recoveryErrorKey(event.failure);
      if (state.view === 'details') {
        // The kept verification expired: a new code will be sent on the next submit.
        return detailsWith(state.details, {}, undefined, message);
      }
      return { ...state, submitting: false, ...serverError(message, code === 'INVALID_OTP') };
    }
    case 'backToDetails':
      if (state.view !== 'code' || state.submitting) return state;
      return detailsWith(state.details, {}, undefined);
    case 'passwordChanged':
      if (state.view !== 'password' || state.submitting) return state;
      return passwordStep({ ...state, password: event.password, ...NO_SERVER_ERROR });
    case 'confirmChanged':
      if (state.view !== 'password' || state.submitting) return state;
      return passwordStep({ ...state, confirm: event.confirm, ...NO_SERVER_ERROR });
    case 'recaptchaRequired':
      if (state.view !== 'password') return state;
      return passwordStep({ ...state, recaptchaRequired: event.required });
    case 'recaptchaPassed':
      if (state.view !== 'password') return state;
      return passwordStep({ ...state, recaptchaToken: event.token });
    case 'passwordSubmitted':
      if (state.view !== 'password' || state.submitting || state.invalid) return state;
      return { ...state, submitting: true, ...NO_SERVER_ERROR };
    case 'passwordRejected': {
      if (state.view !== 'password' || !state.submitting) return state;
      const code = recoveryCode(event.failure);
      if (code === 'INVALID_RESET_TOKEN') {
        return detailsWith(state.details, {}, undefined, { key: 'recovery:form.sessionExpired' });
      }
      return passwordStep({
        ...state,
        submitting: false,
        recaptchaToken: code === 'INVALID_RECAPTCHA' ? undefined : state.recaptchaToken,
        ...serverError(recoveryErrorKey(event.failure), code === 'INVALID_PASSWORD'),
      });
    }
    case 'passwordChangedOnServer':
      return state.view === 'password' && state.submitting ? { view: 'done' } : state;
  }
}

export interface RecoveryFormDeps {
  parsePhone: (country: CountryCode, input: string) => Promise<ParsedPhone>;
  sendCode: (phoneNumber: string) => Promise<void>;
  verifyCode: (phoneNumber: string, code: string) => Promise<string>;
  createToken: (body: RecoveryTokenBody) => Promise<string>;
  resetPassword: (body: RecoveryPasswordBody) => Promise<void>;
  now: () => number;
  /** Leaves for an unlocalized path (`/password_success`). */
  go: (path: string) => void;
  track?: (event: 'code_sent' | 'token' | 'changed') => void;
}

export function createRecoveryFormFlow(deps: RecoveryFormDeps, initial = initialState()) {
  const flow = createFlow({ initial, transition });
  const { dispatch } = flow;

  // Reactions: each step reached is tracked; done leaves for the success page.
  flow.onChange((state, previous) => {
    if (state.view === previous.view) return;
    if (state.view === 'code') deps.track?.('code_sent');
    if (state.view === 'password') deps.track?.('token');
    if (state.view === 'done') {
      deps.track?.('changed');
      deps.go('/password_success');
    }
  });

  /** Runs `call` and dispatches what it answers, unless the answer is late. */
  async function run(
    call: () => Promise<RecoveryFormEvent>,
    failed: (failure: ApiFailure) => RecoveryFormEvent,
  ) {
    const signal = flow.begin();
    let event: RecoveryFormEvent;
    try {
      event = await call();
    } catch (error) {
      event = failed(toFailure(error));
    }
    if (!signal.aborted) dispatch(event);
  }

  const requestToken = (verified: Verified, details: RecoveryDetails) =>
    run(
      async () => ({
        type: 'tokenReceived',
        token: await deps.createToken({
          phoneNumber: verified.phoneNumber,
          verificationId: verified.verificationId,
          challenges: [
            {
              challengeIdentifier: METHOD_CHALLENGE[details.method],
              challengeAnswer: normalizeAnswer(details.method, details.answer),
            },
          ],
        }),
      }),
      (failure) => ({ type: 'tokenRefused', failure, verified }),
    );

  const sendCode = (phoneNumber: string) =>
    run(
      async () => {
        await deps.sendCode(phoneNumber);
        return { type: 'codeSent', at: deps.now() };
      },
      (failure) => ({ type: 'codeSendFailed', failure }),
    );

  return {
    ...flow.surface,
    /** Changes some details; the others stay as they are now (not as the caller last saw them). */
    setDetails(change: Partial<RecoveryDetails>): void {
      const state = flow.get();
      if (state.view !== 'details') return;
      dispatch({ type: 'detailsChanged', details: { ...state.details, ...change } });
    },
    async submitDetails(): Promise<void> {
      const state = flow.get();
      if (state.view !== 'details' || state.submitting) return;
      const phone = await deps.parsePhone(state.details.country, state.details.phoneInput);
      dispatch({ type: 'detailsSubmitted', phone });
      const next = flow.get();
      if (next.view !== 'details' || !next.submitting || !next.phoneNumber) return;
      if (next.verified) await requestToken(next.verified, next.details);
      else await sendCode(next.phoneNumber);
    },
    setCode(code: string): void {
      dispatch({ type: 'codeChanged', code });
    },
    async submitCode(): Promise<void> {
      dispatch({ type: 'codeSubmitted' });
      const state = flow.get();
      if (state.view !== 'code' || !state.submitting) return;
      const signal = flow.begin();
      let verificationId: string;
      try {
        verificationId = await deps.verifyCode(state.phoneNumber, state.code);
      } catch (error) {
        if (!signal.aborted) dispatch({ type: 'codeRejected', failure: toFailure(error) });
        return;
      }
      if (signal.aborted) return;
      await requestToken({ phoneNumber: state.phoneNumber, verificationId }, state.details);
    },
    async resend(): Promise<void> {
      const state = flow.get();
      if (state.view !== 'code' || state.submitting) return;
      if (deps.now() - state.sentAt < RESEND_AFTER_S * 1000) return;
      dispatch({ type: 'resendRequested' });
      await sendCode(state.phoneNumber);
    },
    back(): void {
      dispatch({ type: 'backToDetails' });
    },
    setPassword(password: string): void {
      dispatch({ type: 'passwordChanged', password });
    },
    setConfirm(confirm: string): void {
      dispatch({ type: 'confirmChanged', confirm });
    },
    requireRecaptcha(required: boolean): void {
      dispatch({ type: 'recaptchaRequired', required });
    },
    passRecaptcha(token: string): void {
      dispatch({ type: 'recaptchaPassed', token });
    },
    async submitPassword(): Promise<void> {
      dispatch({ type: 'passwordSubmitted' });
      const state = flow.get();
      if (state.view !== 'password' || !state.submitting) return;
      await run(
        async () => {
          await deps.resetPassword({
            token: state.token,
            password: state.password,
            ...(state.recaptchaToken ? { recaptchaToken: state.recaptchaToken } : {}),
          });
          return { type: 'passwordChangedOnServer' };
        },
        (failure) => ({ type: 'passwordRejected', failure }),
      );
    },
  };
}

export type RecoveryFormFlow = ReturnType<typeof createRecoveryFormFlow>;
