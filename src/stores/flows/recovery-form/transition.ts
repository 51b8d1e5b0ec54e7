/**
 * The recovery form's transition, by the step each family of events belongs to: the details,
 * the code, the token (the verified code and the fact checked together), the new password. The
 * details' own events are first-view.ts's (which comes with the page); the others come with the
 * effects, which send them (flow.ts).
 */
import { catalogue } from '../../../api/catalogue.ts';
import { digitsOnly } from '../../../lib/digits.ts';
import { firstViewTransition } from './first-view.ts';
import {
  CODE_LENGTH,
  detailsWith,
  isWaiting,
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

function detailsEvent(
  state: RecoveryFormState,
  event: EventOf<'detailsChanged' | 'detailsSubmitted' | 'backToDetails'>,
): RecoveryFormState {
  if (event.type !== 'backToDetails') return firstViewTransition(state, event);
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
      if (state.view === 'details') return firstViewTransition(state, event);
      if (state.view === 'code' && state.submitting) {
        const message = catalogue().otpErrorKey(event.failure);
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
        ...serverError(catalogue().otpErrorKey(event.failure), true),
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
  const code = catalogue().recoveryCode(event.failure);
  if (code && MISMATCH_CODES.has(code)) {
    return detailsWith(
      state.details,
      { answer: { key: METHOD_MISMATCH[state.details.method] } },
      event.verified,
    );
  }
  const message = catalogue().recoveryErrorKey(event.failure);
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
      const code = catalogue().recoveryCode(event.failure);
      if (code === 'INVALID_RESET_TOKEN') {
        return detailsWith(state.details, {}, undefined, { key: 'recovery:form.sessionExpired' });
      }
      return passwordStep({
        ...state,
        submitting: false,
        recaptchaToken: code === 'INVALID_RECAPTCHA' ? undefined : state.recaptchaToken,
        ...serverError(catalogue().recoveryErrorKey(event.failure), code === 'INVALID_PASSWORD'),
      });
    }
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
