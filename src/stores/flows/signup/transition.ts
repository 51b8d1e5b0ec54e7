/**
 * The sign-up page's transition: the presets and the typing, the checks, the submit, the calls'
 * answers (a failure routed by the table of failures.ts), Apple and Google, the code step, Back.
 */
import { socialMessage } from '../../../lib/social/results.ts';
import { failed } from './failures.ts';
import {
  common,
  initialState,
  isRateLimited,
  proofFor,
  socialFromPresets,
  type SignupCommon,
  type SignupEvent,
  type SignupState,
} from './state.ts';

/** The presets and the typing. */
function typing(
  state: SignupState,
  event: Extract<SignupEvent, { type: 'initialized' | 'phoneChanged' | 'valueChanged' }>,
): SignupState {
  switch (event.type) {
    case 'initialized': {
      const presets = event.presets;
      const start = initialState(presets);
      return {
        ...start,
        values: { ...start.values, email: presets.email ?? '' },
        prefill: socialFromPresets(presets, event.appleFullName),
        proof: presets.otp
          ? { phone: presets.fullMobileNumber, value: presets.otp, fromUrl: true }
          : undefined,
      };
    }
    case 'phoneChanged': {
      if (state.view !== 'signup_form' || state.submitting) return state;
      const { phone: _dropped, ...fieldErrors } = state.fieldErrors;
      void _dropped;
      // Another number: the last one's wait no longer holds here (a kept one is checked on submit).
      const sameNumber = event.digits !== undefined && event.digits === state.phoneDigits;
      return {
        ...state,
        values: { ...state.values, phone: event.value },
        phoneDigits: event.digits,
        phoneRefused: event.refused,
        fieldErrors,
        ...(sameNumber && state.wait ? {} : { error: undefined, wait: undefined }),
        contact: false,
      };
    }
    case 'valueChanged': {
      if (state.view !== 'signup_form' || state.submitting) return state;
      const fieldErrors = { ...state.fieldErrors };
      delete fieldErrors[event.field];
      // A new e-mail may not have an account: the contact message goes with it.
      const emailFixed = event.field === 'email' && state.contact;
      return {
        ...state,
        values: { ...state.values, [event.field]: event.value },
        fieldErrors,
        error: emailFixed ? undefined : state.error,
        contact: emailFixed ? false : state.contact,
      };
    }
  }
}

/** Apple and Google: the window, its login, or the form turned into the social sign-up. */
function socialTransition(
  state: SignupState,
  event: Extract<
    SignupEvent,
    {
      type:
        | 'socialStarted'
        | 'socialSubmitted'
        | 'socialFailed'
        | 'socialUnregistered'
        | 'socialDeclined';
    }
  >,
): SignupState {
  switch (event.type) {
    case 'socialStarted':
      if (state.view !== 'signup_form' || state.submitting || state.social) return state;
      return { ...state, social: event.provider, error: undefined, contact: false };
    case 'socialSubmitted':
      if (!state.social) return state;
      return { ...state, submitting: true };
    case 'socialFailed':
      return {
        ...state,
        social: undefined,
        submitting: false,
        error: socialMessage(event.provider, event.reason),
        contact: false,
      };
    case 'socialUnregistered': {
      // Not registered yet: the form turns into the social sign-up (no name, password, buttons).
      const email =
        state.values.email.trim() === '' ? (event.prefill.email ?? '') : state.values.email;
      return {
        ...common(state),
        view: 'signup_form',
        prefill: event.prefill,
        values: { ...state.values, email, password: '' },
        submitting: false,
        social: undefined,
        error: undefined,
        contact: false,
        fieldErrors: {},
      };
    }
    case 'socialDeclined': {
      const prefill = state.prefill;
      if (!prefill || state.view !== 'signup_form' || state.submitting || state.social) {
        return state;
      }
      // The token is forgotten (the presets' too), and the e-mail that came with it.
      const email = state.values.email === (prefill.email ?? '') ? '' : state.values.email;
      return {
        ...state,
        prefill: undefined,
        presets: { ...state.presets, appleIdToken: undefined, googleIdToken: undefined },
        values: { ...state.values, email },
        error: undefined,
        contact: false,
        fieldErrors: {},
      };
    }
  }
}

/**
 * Every branch of the sign-up page: pure, the only way its state changes. Every event has its
 * case (no `default`): an event added to `SignupEvent` fails the typecheck until it is handled.
 */
export function transition(state: SignupState, event: SignupEvent): SignupState {
  switch (event.type) {
    case 'initialized':
    case 'phoneChanged':
    case 'valueChanged':
      return typing(state, event);
    case 'fieldChecked': {
      const fieldErrors = { ...state.fieldErrors };
      if (event.error) fieldErrors[event.field] = event.error;
      else delete fieldErrors[event.field];
      return { ...state, fieldErrors };
    }
    case 'invalid':
      return { ...state, submitting: false, fieldErrors: event.errors };
    case 'passwordChecking':
      return { ...state, submitting: true };
    case 'submitted': {
      if (state.submitting || state.view !== 'signup_form' || isRateLimited(state)) return state;
      const proof = proofFor(state.proof, event.phone);
      const next: SignupCommon = {
        ...common(state),
        phone: event.phone,
        proof,
        error: undefined,
        contact: false,
        fieldErrors: {},
      };
      // A proof for this number (address OTP, or a code verified before a fixable error): onboard.
      if (proof) return { ...next, view: 'signup_form', submitting: true };
      return { ...next, view: 'otp', submitting: false };
    }
    case 'otpVerified':
      if (state.view !== 'otp' || state.submitting) return state;
      return {
        ...state,
        proof: { phone: state.phone, value: event.id, fromUrl: false },
        submitting: true,
        error: undefined,
        contact: false,
      };
    case 'succeeded':
      return {
        ...common(state),
        submitting: false,
        social: undefined,
        error: undefined,
        contact: false,
        view: 'redirect_to_idp',
        token: event.token,
        flow: event.flow,
        registered: event.registered,
      };
    case 'failed':
      return failed(state, event.failure, event.wait);
    case 'waitRestored':
      if (state.view !== 'signup_form') return state;
      return {
        ...state,
        submitting: false,
        error: { key: 'common:wait.kept' },
        contact: false,
        wait: event.wait,
      };
    case 'waitOver':
      return state.wait ? { ...state, error: undefined, wait: undefined } : state;
    case 'socialStarted':
    case 'socialSubmitted':
    case 'socialFailed':
    case 'socialUnregistered':
    case 'socialDeclined':
      return socialTransition(state, event);
    case 'back':
      if (state.view === 'redirect_to_idp') return state;
      return {
        ...common(state),
        view: 'signup_form',
        submitting: false,
        social: undefined,
        error: undefined,
        contact: false,
      };
  }
}
