/**
 * The phone form's own events, before anything is sent: what the page read, what is typed, a
 * number refused before any call, a Continue offline before the login's code was here. The part of one-click's transition that comes with the page;
 * transition.ts, the whole of it, comes with the effects (flow.ts), the only code that sends the
 * other events.
 */
import { catalogue } from '../../../api/catalogue.ts';
import { initialState, type OneClickEvent, type OneClickState } from './state.ts';

/** The phone form's events (pure); any other event leaves the state as it is. */
export function firstViewTransition(state: OneClickState, event: OneClickEvent): OneClickState {
  switch (event.type) {
    case 'initialized':
      return {
        ...initialState(event.checkout),
        phoneInput: state.phoneInput,
        remember: state.remember,
        prefersApp: event.prefersApp,
      };
    case 'phoneChanged':
      if (state.view !== 'phone_form' || state.submitting) return state;
      // Another number: the last one's wait no longer holds here (a kept one is checked on submit).
      return {
        ...state,
        phoneInput: event.value,
        fieldError: undefined,
        error: undefined,
        wait: undefined,
      };
    case 'rememberChanged':
      if (state.view !== 'phone_form' || state.submitting) return state;
      return { ...state, remember: event.value };
    case 'invalid':
      if (state.view !== 'phone_form') return state;
      return { ...state, submitting: false, fieldError: event.error };
    case 'unsent':
      if (state.view !== 'phone_form' || state.submitting) return state;
      return { ...state, error: catalogue().oneClickErrorMessage(event.failure) };
    default:
      return state;
  }
}
