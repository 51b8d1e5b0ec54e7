/**
 * The login page's transition on its first view, before the flow's effects are here: the
 * presets, what is typed, the choice of phone or e-mail, and a passkey's sign-in. Every other
 * event comes from the effects (a check, a submit, an answer, Apple and Google) or from the views
 * they open, and so does its transition: `transition` in transition.ts, the whole one, which the
 * flow uses once they are here.
 */
import { transportMessage } from '../../../api/transport-message.ts';
import { common, flowOf, startState, type LoginEvent, type LoginState } from './state.ts';

/** The wait and its message gone. */
export function unwaited(state: LoginState): Pick<LoginState, 'wait' | 'error'> {
  return state.wait
    ? { wait: undefined, error: undefined }
    : { wait: undefined, error: state.error };
}

/** The first view's events: pure; any other event leaves the state as it is. */
export function firstViewTransition(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'initialized':
      return startState(event.presets, state);
    // Another number or e-mail is another person: a wait of the last one no longer holds here.
    case 'phoneChanged':
      return { ...state, ...unwaited(state), phoneInput: event.value, fieldError: undefined };
    case 'emailChanged':
      return { ...state, ...unwaited(state), emailInput: event.value, fieldError: undefined };
    case 'switchMethod':
      if (state.view !== 'phone_form' && state.view !== 'email_form') return state;
      return {
        ...common(state),
        error: undefined,
        fieldError: undefined,
        view: event.method === 'email' ? 'email_form' : 'phone_form',
      };
    // A login's success (the effects), or a passkey's sign-in from the first view.
    case 'succeeded':
      return {
        ...common(state),
        submitting: false,
        social: undefined,
        error: undefined,
        view: event.offerPasskey ? 'passkey_offer' : 'redirect_to_idp',
        token: event.token,
        flow: event.flow ?? flowOf(state),
      };
    // A submit while offline before the effects are here (flow.ts): said as a call sent offline.
    case 'failed': {
      const error = transportMessage(event.failure);
      return error ? { ...state, submitting: false, error } : state;
    }
    default:
      return state;
  }
}
