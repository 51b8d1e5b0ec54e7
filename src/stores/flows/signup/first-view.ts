/**
 * The sign-up page's transition on its first view, before the flow's effects are here: the
 * presets and what is typed. Every other event comes from the effects (a check, the submit, an
 * answer, Apple and Google) or from the views they open (the code step, Back), and so does its
 * transition: `transition` in transition.ts, the whole one, which the flow uses once they are here.
 */
import { transportMessage } from '../../../api/transport-message.ts';
import { initialState, socialFromPresets, type SignupEvent, type SignupState } from './state.ts';

/** The presets and the typing: pure; any other event leaves the state as it is. */
export function firstViewTransition(state: SignupState, event: SignupEvent): SignupState {
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
    // A submit while offline before the effects are here (flow.ts): said as a call sent offline.
    case 'failed': {
      const error = transportMessage(event.failure);
      return error ? { ...state, submitting: false, contact: false, error } : state;
    }
    default:
      return state;
  }
}
