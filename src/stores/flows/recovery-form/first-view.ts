/**
 * The details' own events: what is typed and chosen, the details checked when sent, and a code
 * that could not be sent for them (the calls' answer, or offline before their code was here). The part of the recovery form's transition that comes with the page;
 * transition.ts, the whole of it, comes with the effects (flow.ts), the only code that sends the
 * events of the later steps.
 */
import { catalogue } from '../../../api/catalogue.ts';
import {
  answerError,
  detailsWith,
  isWaiting,
  type DetailErrors,
  type RecoveryFormEvent,
  type RecoveryFormState,
} from './state.ts';

/** The details' events (pure); any other event leaves the state as it is. */
export function firstViewTransition(
  state: RecoveryFormState,
  event: RecoveryFormEvent,
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
      if (details.phoneInput.trim() === '') errors.phone = { key: 'fields:phone.empty' };
      else if (!event.phone.isValid) errors.phone = { key: 'fields:phone.invalid' };
      const answer = answerError(details.method, details.answer);
      if (answer) errors.answer = answer;
      if (errors.phone || errors.answer) return detailsWith(details, errors, state.verified);
      const phoneNumber = event.phone.fullPhoneNumber;
      const verified = state.verified?.phoneNumber === phoneNumber ? state.verified : undefined;
      return { ...detailsWith(details, {}, verified), submitting: true, phoneNumber };
    }
    case 'codeSendFailed': {
      if (state.view !== 'details' || !state.submitting) return state;
      const invalidPhone =
        event.failure.kind === 'http' &&
        catalogue().recoveryCode(event.failure) === 'INVALID_PHONE_NUMBER';
      if (invalidPhone) {
        return detailsWith(
          state.details,
          { phone: { key: 'fields:phone.invalidMobile' } },
          state.verified,
        );
      }
      const message = catalogue().otpErrorKey(event.failure);
      return detailsWith(state.details, {}, state.verified, message, event.wait);
    }
    default:
      return state;
  }
}
