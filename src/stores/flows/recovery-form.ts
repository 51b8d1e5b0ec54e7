/**
 * The wider recovery form at `/recovery` ('Forgot your password?' on the login page; spec
 * section 2, 'Recovery', and the matching rule of section 5).
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
import { atom } from 'nanostores';
import { otpErrorKey, recoveryErrorKey } from '../../api/error-catalogue.ts';
import type { ApiFailure } from '../../api/errors.ts';
import { toFailure } from '../../api/errors.ts';
import type {
  RecoveryChallengeId,
  RecoveryPasswordBody,
  RecoveryTokenBody,
} from '../../contract/identity-api.ts';
import type { I18nKey } from '../../i18n/types.ts';
import { digitsOnly } from '../../lib/digits.ts';
import { failedResetRules, type ResetRule } from '../../lib/password-rules.ts';
import type { CountryCode } from '../../lib/phone.ts';
import { recoveryCode, type Message } from './recovery.ts';

export const RECOVERY_METHODS = ['full_name', 'email', 'national_id'] as const;
export type RecoveryMethod = (typeof RECOVERY_METHODS)[number];

export const METHOD_CHALLENGE = {
  full_name: 'FULL_NAME_CHALLENGE',
  email: 'EMAIL_CHALLENGE',
  national_id: 'NATIONAL_ID_CHALLENGE',
} as const satisfies Record<RecoveryMethod, RecoveryChallengeId>;

/** 'This ... is not associated with the mobile number' (spec section 8), per fact. */
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

/** Seconds before another code may be asked for (spec section 9). */
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

export interface DetailErrors {
  phone?: Message;
  answer?: Message;
  form?: Message;
}

interface Verified {
  phoneNumber: string;
  verificationId: string;
}

export type RecoveryFormState =
  | {
      step: 'details';
      details: RecoveryDetails;
      errors: DetailErrors;
      /** The number being submitted (a code on its way, or the fact being checked). */
      busy: string | undefined;
      /** A verified code for a number; kept while the person corrects the fact. */
      verified: Verified | undefined;
    }
  | {
      step: 'code';
      details: RecoveryDetails;
      phoneNumber: string;
      code: string;
      /** When the last code was sent (ms): resend is allowed RESEND_AFTER_S later. */
      sentAt: number;
      busy: boolean;
      error?: { atField: boolean; message: Message } | undefined;
    }
  | {
      step: 'password';
      details: RecoveryDetails;
      token: string;
      password: string;
      confirm: string;
      failed: ResetRule[];
      mismatch: boolean;
      invalid: boolean;
      recaptchaRequired: boolean;
      recaptchaToken: string | undefined;
      busy: boolean;
      error?: { atField: boolean; message: Message } | undefined;
    }
  | { step: 'done' };

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

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/u;

/** The answer as sent: trimmed; a national id as its digits (any script). */
export function normalizeAnswer(method: RecoveryMethod, answer: string): string {
  if (method === 'national_id') return digitsOnly(answer);
  if (method === 'email') return answer.trim().toLowerCase();
  return answer.trim().replace(/\s+/gu, ' ');
}

export function answerError(method: RecoveryMethod, answer: string): Message | undefined {
  const value = normalizeAnswer(method, answer);
  switch (method) {
    case 'full_name':
      return value === '' ? { key: 'recovery:form.fullName.required' } : undefined;
    case 'email':
      if (value === '') return { key: 'recovery:form.email.required' };
      return EMAIL.test(value) ? undefined : { key: 'fields:email.invalid' };
    case 'national_id':
      if (answer.trim() === '') return { key: 'recovery:form.nationalId.required' };
      return value.length >= NATIONAL_ID_MIN_DIGITS
        ? undefined
        : { key: 'recovery:form.nationalId.invalid' };
  }
}

export function initialFormState(details?: Partial<RecoveryDetails>): RecoveryFormState {
  return {
    step: 'details',
    details: {
      country: details?.country ?? 'AE',
      phoneInput: details?.phoneInput ?? '',
      method: details?.method ?? 'full_name',
      answer: details?.answer ?? '',
    },
    errors: {},
    busy: undefined,
    verified: undefined,
  };
}

function passwordStep(
  base: Omit<
    Extract<RecoveryFormState, { step: 'password' }>,
    'failed' | 'mismatch' | 'invalid' | 'step'
  >,
): RecoveryFormState {
  const failed = failedResetRules(base.password);
  const mismatch = base.confirm !== '' && base.confirm !== base.password;
  return {
    step: 'password',
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
  errors: DetailErrors,
  verified: Verified | undefined,
): RecoveryFormState {
  return { step: 'details', details, errors, busy: undefined, verified };
}

export function transition(state: RecoveryFormState, event: RecoveryFormEvent): RecoveryFormState {
  switch (event.type) {
    case 'detailsChanged': {
      if (state.step !== 'details' || state.busy) return state;
      const before = state.details;
      const after = event.details;
      const errors: DetailErrors = {};
      // A field keeps its error until it changes; the form error goes with any change.
      if (
        state.errors.phone &&
        before.phoneInput === after.phoneInput &&
        before.country === after.country
      )
        errors.phone = state.errors.phone;
      if (state.errors.answer && before.answer === after.answer && before.method === after.method)
        errors.answer = state.errors.answer;
      return detailsWith(after, errors, state.verified);
    }
    case 'detailsSubmitted': {
      if (state.step !== 'details' || state.busy) return state;
      const { details } = state;
      const errors: DetailErrors = {};
      if (details.phoneInput.trim() === '') errors.phone = { key: 'fields:phone.empty' };
      else if (!event.phone.isValid) errors.phone = { key: 'fields:phone.invalid' };
      const answer = answerError(details.method, details.answer);
      if (answer) errors.answer = answer;
      if (errors.phone || errors.answer) return detailsWith(details, errors, state.verified);
      const verified =
        state.verified?.phoneNumber === event.phone.fullPhoneNumber ? state.verified : undefined;
      return { ...state, errors: {}, busy: event.phone.fullPhoneNumber, verified };
    }
    case 'codeSent':
      if (state.step === 'details' && state.busy) {
        return {
          step: 'code',
          details: state.details,
          phoneNumber: state.busy,
          code: '',
          sentAt: event.at,
          busy: false,
        };
      }
      if (state.step === 'code' && state.busy) {
        return { ...state, code: '', sentAt: event.at, busy: false, error: undefined };
      }
      return state;
    case 'codeSendFailed': {
      const message = otpErrorKey(event.failure);
      if (state.step === 'details' && state.busy) {
        const invalidPhone =
          event.failure.kind === 'http' && recoveryCode(event.failure) === 'INVALID_PHONE_NUMBER';
        return detailsWith(
          state.details,
          invalidPhone ? { phone: { key: 'fields:phone.invalidMobile' } } : { form: message },
          state.verified,
        );
      }
      if (state.step === 'code' && state.busy) {
        return { ...state, busy: false, error: { atField: false, message } };
      }
      return state;
    }
    case 'codeChanged':
      if (state.step !== 'code' || state.busy) return state;
      return { ...state, code: digitsOnly(event.code, CODE_LENGTH), error: undefined };
    case 'codeSubmitted':
      if (state.step !== 'code' || state.busy) return state;
      if (state.code.length < CODE_LENGTH) {
        return { ...state, error: { atField: true, message: { key: 'fields:otp.required' } } };
      }
      return { ...state, busy: true, error: undefined };
    case 'resendRequested':
      if (state.step !== 'code' || state.busy) return state;
      return { ...state, busy: true, error: undefined };
    case 'codeRejected':
      if (state.step !== 'code' || !state.busy) return state;
      return {
        ...state,
        busy: false,
        error: { atField: true, message: otpErrorKey(event.failure) },
      };
    case 'tokenReceived':
      if (!((state.step === 'code' && state.busy) || (state.step === 'details' && state.busy)))
        return state;
      return passwordStep({
        details: state.details,
        token: event.token,
        password: '',
        confirm: '',
        recaptchaRequired: false,
        recaptchaToken: undefined,
        busy: false,
      });
    case 'tokenRefused': {
      const busy =
        (state.step === 'code' && state.busy) || (state.step === 'details' && state.busy);
      if (!busy) return state;
      const code = recoveryCode(event.failure);
      if (code && MISMATCH_CODES.has(code)) {
        return detailsWith(
          state.details,
          { answer: { key: METHOD_MISMATCH[state.details.method] } },
          event.verified,
        );
      }
      const message = recoveryErrorKey(event.failure);
      if (state.step === 'details') {
        // The kept verification expired: a new code will be sent on the next submit.
        return detailsWith(state.details, { form: message }, undefined);
      }
      return { ...state, busy: false, error: { atField: code === 'INVALID_OTP', message } };
    }
    case 'backToDetails':
      if (state.step !== 'code' || state.busy) return state;
      return detailsWith(state.details, {}, undefined);
    case 'passwordChanged':
      if (state.step !== 'password' || state.busy) return state;
      return passwordStep({ ...state, password: event.password, error: undefined });
    case 'confirmChanged':
      if (state.step !== 'password' || state.busy) return state;
      return passwordStep({ ...state, confirm: event.confirm, error: undefined });
    case 'recaptchaRequired':
      if (state.step !== 'password') return state;
      return passwordStep({ ...state, recaptchaRequired: event.required });
    case 'recaptchaPassed':
      if (state.step !== 'password') return state;
      return passwordStep({ ...state, recaptchaToken: event.token });
    case 'passwordSubmitted':
      if (state.step !== 'password' || state.busy || state.invalid) return state;
      return { ...state, busy: true, error: undefined };
    case 'passwordRejected': {
      if (state.step !== 'password' || !state.busy) return state;
      const code = recoveryCode(event.failure);
      if (code === 'INVALID_RESET_TOKEN') {
        return detailsWith(
          state.details,
          { form: { key: 'recovery:form.sessionExpired' } },
          undefined,
        );
      }
      return passwordStep({
        ...state,
        busy: false,
        recaptchaToken: code === 'INVALID_RECAPTCHA' ? undefined : state.recaptchaToken,
        error: { atField: code === 'INVALID_PASSWORD', message: recoveryErrorKey(event.failure) },
      });
    }
    case 'passwordChangedOnServer':
      return state.step === 'password' && state.busy ? { step: 'done' } : state;
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

export function createRecoveryFormFlow(deps: RecoveryFormDeps, initial = initialFormState()) {
  const $form = atom<RecoveryFormState>(initial);
  const dispatch = (event: RecoveryFormEvent) => $form.set(transition($form.get(), event));

  const unbind = $form.listen((state, previous) => {
    if (state.step === previous?.step) return;
    if (state.step === 'code') deps.track?.('code_sent');
    if (state.step === 'password') deps.track?.('token');
    if (state.step === 'done') {
      deps.track?.('changed');
      deps.go('/password_success');
    }
  });

  async function requestToken(verified: Verified, details: RecoveryDetails): Promise<void> {
    try {
      const token = await deps.createToken({
        phoneNumber: verified.phoneNumber,
        verificationId: verified.verificationId,
        challenges: [
          {
            challengeIdentifier: METHOD_CHALLENGE[details.method],
            challengeAnswer: normalizeAnswer(details.method, details.answer),
          },
        ],
      });
      dispatch({ type: 'tokenReceived', token });
    } catch (error) {
      dispatch({ type: 'tokenRefused', failure: toFailure(error), verified });
    }
  }

  async function sendCode(phoneNumber: string): Promise<void> {
    try {
      await deps.sendCode(phoneNumber);
      dispatch({ type: 'codeSent', at: deps.now() });
    } catch (error) {
      dispatch({ type: 'codeSendFailed', failure: toFailure(error) });
    }
  }

  return {
    $form,
    /** Changes some details; the others stay as they are now (not as the caller last saw them). */
    setDetails(change: Partial<RecoveryDetails>): void {
      const state = $form.get();
      if (state.step !== 'details') return;
      dispatch({ type: 'detailsChanged', details: { ...state.details, ...change } });
    },
    async submitDetails(): Promise<void> {
      const state = $form.get();
      if (state.step !== 'details' || state.busy) return;
      const phone = await deps.parsePhone(state.details.country, state.details.phoneInput);
      dispatch({ type: 'detailsSubmitted', phone });
      const next = $form.get();
      if (next.step !== 'details' || !next.busy) return;
      if (next.verified) await requestToken(next.verified, next.details);
      else await sendCode(next.busy);
    },
    setCode(code: string): void {
      dispatch({ type: 'codeChanged', code });
    },
    async submitCode(): Promise<void> {
      dispatch({ type: 'codeSubmitted' });
      const state = $form.get();
      if (state.step !== 'code' || !state.busy) return;
      let verificationId: string;
      try {
        verificationId = await deps.verifyCode(state.phoneNumber, state.code);
      } catch (error) {
        dispatch({ type: 'codeRejected', failure: toFailure(error) });
        return;
      }
      await requestToken({ phoneNumber: state.phoneNumber, verificationId }, state.details);
    },
    async resend(): Promise<void> {
      const state = $form.get();
      if (state.step !== 'code' || state.busy) return;
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
      const state = $form.get();
      if (state.step !== 'password' || !state.busy) return;
      try {
        await deps.resetPassword({
          token: state.token,
          password: state.password,
          ...(state.recaptchaToken ? { recaptchaToken: state.recaptchaToken } : {}),
        });
        dispatch({ type: 'passwordChangedOnServer' });
      } catch (error) {
        dispatch({ type: 'passwordRejected', failure: toFailure(error) });
      }
    },
    exit: unbind,
  };
}

export type RecoveryFormFlow = ReturnType<typeof createRecoveryFormFlow>;
