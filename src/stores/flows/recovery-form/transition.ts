/**
 * The recovery form's transition, by the step each family of events belongs to: the details,
 * the code, the token (the verified code and the fact checked together), the new password.
 */
import { otpErrorKey, recoveryCode, recoveryErrorKey } from '../../../api/error-catalogue.ts';
import { digitsOnly } from '../../../lib/digits.ts';
import {
  answerError,
  CODE_LENGTH,
  detailsWith,
  isWaiting,
  type DetailErrors,
  type RecoveryFormEvent,
  type RecoveryFormState,
} from './state.ts';
import {
  METHOD_MISMATCH,
  MISMATCH_CODES,
  NO_SERVER_ERROR,
  passwordStep,
  serverError,
} from './steps.ts';

type EventOf<T extends RecoveryFormEvent['type']> = Extract<RecoveryFormEvent, { type: T }>;

/** What is typed and chosen, the details checked when sent, a code that could not be sent. */
function details(
  state: RecoveryFormState,
  event: EventOf<'detailsChanged' | 'detailsSubmitted' | 'codeSendFailed'>,
): RecoveryFormState {
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
      // A wait holds for the number (and its message stays); another number is another person.
      const sameNumber = before.phoneInput === after.phoneInput && before.country === after.country;
      const wait = sameNumber ? state.wait : undefined;
      return detailsWith(after, errors, state.verified, wait ? state.error : undefined, wait);
    }
    case 'detailsSubmitted': {
      if (state.view !== 'details' || state.submitting || isWaiting(state)) return state;
      const { details } = state;
      const errors: DetailErrors = {};
      const { phone } = event;
      if (details.phoneInput.trim() === '') errors.phone = { key: 'fields:phone.empty' };
      else if (!phone) errors.phone = { key: 'fields:phone.invalid' };
      else if ('refused' in phone) errors.phone = phone.refused;
      const answer = answerError(details.method, details.answer);
      if (answer) errors.answer = answer;
      const phoneNumber = phone && 'digits' in phone ? phone.digits : undefined;
      if (errors.phone || errors.answer || !phoneNumber) {
        return detailsWith(details, errors, state.verified);
      }
      const verified = state.verified?.phoneNumber === phoneNumber ? state.verified : undefined;
      return { ...detailsWith(details, {}, verified), submitting: true, phoneNumber };
    }
    case 'codeSendFailed': {
      if (state.view !== 'details' || !state.submitting) return state;
      const invalidPhone =
        event.failure.kind === 'http' && recoveryCode(event.failure) === 'INVALID_PHONE_NUMBER';
      if (invalidPhone) {
        return detailsWith(
          state.details,
          { phone: { key: 'fields:phone.invalidMobile' } },
          state.verified,
        );
      }
      const message = otpErrorKey(event.failure);
      return detailsWith(state.details, {}, state.verified, message, event.wait);
    }
  }
}

function detailsEvent(
  state: RecoveryFormState,
  event: EventOf<'detailsChanged' | 'detailsSubmitted' | 'backToDetails'>,
): RecoveryFormState {
  if (event.type !== 'backToDetails') return details(state, event);
  if (state.view !== 'code' || state.submitting) return state;
  return detailsWith(state.details, {}, undefined);
}

function codeEvent(
  state: RecoveryFormState,
  event: EventOf<
    | 'codeSent'
    | 'codeSendFailed'
    | 'codeChanged'
    | 'codeSubmitted'
    | 'resendRequested'
    | 'codeRejected'
  >,
): RecoveryFormState {
  switch (event.type) {
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
        return {
          ...state,
          code: '',
          sentAt: event.at,
          submitting: false,
          wait: undefined,
          ...NO_SERVER_ERROR,
        };
      }
      return state;
    case 'codeSendFailed':
      if (state.view === 'details') return details(state, event);
      if (state.view === 'code' && state.submitting) {
        const message = otpErrorKey(event.failure);
        return { ...state, submitting: false, wait: event.wait, ...serverError(message, false) };
      }
      return state;
    case 'codeChanged':
      if (state.view !== 'code' || state.submitting) return state;
      return { ...state, code: digitsOnly(event.code, CODE_LENGTH), ...NO_SERVER_ERROR };
    case 'codeSubmitted':
      if (state.view !== 'code' || state.submitting || isWaiting(state)) return state;
      if (state.code.length < CODE_LENGTH) {
        return { ...state, ...serverError({ key: 'fields:otp.required' }, true) };
      }
      return { ...state, submitting: true, ...NO_SERVER_ERROR };
    case 'resendRequested':
      if (state.view !== 'code' || state.submitting || isWaiting(state)) return state;
      return { ...state, submitting: true, ...NO_SERVER_ERROR };
    case 'codeRejected':
      if (state.view !== 'code' || !state.submitting) return state;
      return {
        ...state,
        submitting: false,
        wait: event.wait,
        ...serverError(otpErrorKey(event.failure), true),
      };
  }
}

function tokenEvent(
  state: RecoveryFormState,
  event: EventOf<'tokenReceived' | 'tokenRefused'>,
): RecoveryFormState {
  if ((state.view !== 'code' && state.view !== 'details') || !state.submitting) return state;
  if (event.type === 'tokenReceived') {
    return passwordStep({
      details: state.details,
      phoneNumber:
        state.view === 'code'
          ? state.phoneNumber
          : (state.verified?.phoneNumber ?? state.phoneNumber ?? ''),
      token: event.token,
      password: '',
      confirm: '',
      recaptchaRequired: false,
      recaptchaToken: undefined,
      submitting: false,
    });
  }
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

function passwordEvent(
  state: RecoveryFormState,
  event: EventOf<
    | 'passwordChanged'
    | 'confirmChanged'
    | 'recaptchaRequired'
    | 'recaptchaPassed'
    | 'passwordSubmitted'
    | 'passwordRejected'
    | 'passwordBreached'
    | 'passwordChangedOnServer'
  >,
): RecoveryFormState {
  if (state.view !== 'password') return state;
  switch (event.type) {
    case 'passwordChanged':
      if (state.submitting) return state;
      return passwordStep({ ...state, password: event.password, ...NO_SERVER_ERROR });
    case 'confirmChanged':
      if (state.submitting) return state;
      return passwordStep({ ...state, confirm: event.confirm, ...NO_SERVER_ERROR });
    case 'recaptchaRequired':
      return passwordStep({ ...state, recaptchaRequired: event.required });
    case 'recaptchaPassed':
      return passwordStep({ ...state, recaptchaToken: event.token });
    case 'passwordSubmitted':
      if (state.submitting || state.invalid) return state;
      return { ...state, submitting: true, ...NO_SERVER_ERROR };
    case 'passwordRejected': {
      if (!state.submitting) return state;
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
    case 'passwordBreached':
      if (!state.submitting) return state;
      return passwordStep({ ...state, submitting: false, ...serverError(event.problem, true) });
    case 'passwordChangedOnServer':
      return state.submitting ? { view: 'done' } : state;
  }
}

/** A rate limit kept from an earlier load, or its end (the details and the code step). */
function waitEvent(
  state: RecoveryFormState,
  event: EventOf<'waitRestored' | 'waitOver'>,
): RecoveryFormState {
  if (state.view !== 'details' && state.view !== 'code') return state;
  if (event.type === 'waitOver') {
    if (!state.wait) return state;
    if (state.view === 'details') {
      return detailsWith(state.details, state.fieldErrors, state.verified);
    }
    return { ...state, wait: undefined, ...NO_SERVER_ERROR };
  }
  const error = { key: 'common:wait.kept' } as const;
  if (state.view === 'details') {
    return detailsWith(state.details, {}, state.verified, error, event.wait);
  }
  return { ...state, submitting: false, wait: event.wait, ...serverError(error, false) };
}

/** Every branch of the recovery form: pure, the only way its state changes. */
export function transition(state: RecoveryFormState, event: RecoveryFormEvent): RecoveryFormState {
  switch (event.type) {
    case 'detailsChanged':
    case 'detailsSubmitted':
    case 'backToDetails':
      return detailsEvent(state, event);
    case 'codeSent':
    case 'codeSendFailed':
    case 'codeChanged':
    case 'codeSubmitted':
    case 'resendRequested':
    case 'codeRejected':
      return codeEvent(state, event);
    case 'tokenReceived':
    case 'tokenRefused':
      return tokenEvent(state, event);
    case 'waitRestored':
    case 'waitOver':
      return waitEvent(state, event);
    default:
      return passwordEvent(state, event);
  }
}
