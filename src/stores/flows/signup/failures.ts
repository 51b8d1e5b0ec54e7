/**
 * Where a failed onboarding (or social login) leads, as an ordered table in the manner of logto's
 * `useErrorHandler`: the first rule whose `when` holds decides. The order is the behaviour: a
 * blocked account wins over its message, a refused code over a server fault, a corporate sign-up
 * over a field. A new server code is a new row, or a field in `FIELD_OF_ERROR`.
 */
import {
  errorKey,
  errorName,
  loginErrorMessage,
  type ErrorName,
} from '../../../api/error-catalogue.ts';
import { challengeMessage } from '../../../api/challenge-message.ts';
import type { ApiFailure, ErrorBody } from '../../../api/errors.ts';
import type { Wait } from '../../../api/waits.ts';
import { ERROR } from '../../../contract/errors.ts';
import type { Text } from '../../../i18n/types.ts';
import type { SignupField, VisibleFields } from '../../../lib/signup-rules.ts';
import { common, isCorporate, visibleOf, type SignupCommon, type SignupState } from './state.ts';

/** What a rule reads of a failure. */
export interface FailureFacts {
  failure: ApiFailure;
  name: ErrorName | undefined;
  /** The answer's `additional_information`. */
  info: NonNullable<ErrorBody['additional_information']>;
  /** The failure's message (login and sign-up family). */
  message: Text;
  /** The visible field the failure's code belongs to, if any. */
  field: SignupField | undefined;
  /** A rate limit or lock of the onboarding: how long it lasts (src/api/waits.ts). */
  wait: Wait | undefined;
  /** The state to build on: not submitting, no wait, the experience id of the answer kept. */
  base: SignupCommon;
}

export interface FailureRule {
  /** What the rule is for. */
  name: string;
  when: (state: SignupState, facts: FailureFacts) => boolean;
  then: (state: SignupState, facts: FailureFacts) => SignupState;
}

/** Server codes that belong to a field: shown under it when it is visible. */
const FIELD_OF_ERROR: Partial<Record<string, SignupField>> = {
  INVALID_PASSWORD: 'password',
  INVALID_PROMOTION_CODE: 'invitationCode',
  INVALID_PHONE_NUMBER: 'phone',
  PHONE_ALREADY_USED: 'phone',
};

function visibleField(state: SignupState, name: ErrorName | undefined): SignupField | undefined {
  const field = name ? FIELD_OF_ERROR[name] : undefined;
  return field && visibleOf(state)[field as keyof VisibleFields] !== false ? field : undefined;
}

const isChallengeRequired = ({ failure }: FailureFacts) =>
  failure.kind === 'http' &&
  failure.status === 400 &&
  failure.body?.error === ERROR.challengeRequired;

const onForm = (base: SignupCommon, error: Text | undefined): SignupState => ({
  ...base,
  view: 'signup_form',
  error,
});

/** The rules, first match wins. */
export const SIGNUP_FAILURES: readonly FailureRule[] = [
  {
    name: 'the number must be proved (again): a repeated demand on the code view is a failed code',
    when: (_, facts) => isChallengeRequired(facts) && facts.info.challenge === 'otp',
    then: (state, { base }) => ({
      ...base,
      proof: undefined,
      view: 'otp',
      error: state.view === 'otp' ? { key: errorKey('VERIFYING_OTP_ERROR') } : undefined,
    }),
  },
  {
    name: 'another challenge: the form says what to provide (in words, never the raw id)',
    when: (_, facts) => isChallengeRequired(facts),
    then: (_, { base, info }) => onForm(base, challengeMessage(info.challenge)),
  },
  {
    name: 'blocked for sign-up: its page',
    when: (_, { name }) => name === 'USER_BLOCKED_FOR_SIGNUP',
    then: (_, { base }) => ({ ...base, error: undefined, view: 'blocked_user' }),
  },
  {
    name: 'a rate limit or lock: the form says how long, and its button waits until then',
    when: (_, { wait }) => wait !== undefined,
    then: (_, { base, message, wait }) => ({ ...onForm(base, message), wait }),
  },
  {
    name: 'a code the server refused: a new one is needed (also for an OTP of the address)',
    when: (_, { name, info }) =>
      name === 'VERIFYING_OTP_ERROR' ||
      name === 'ERROR_INVALID_PIN_CODE' ||
      info.challenge === 'otp',
    then: (_, { base, message }) => ({ ...base, proof: undefined, view: 'otp', error: message }),
  },
  {
    name: 'timeouts, lost connections and server faults: stay, the button retries',
    when: (_, { failure }) => failure.kind !== 'http' || failure.status >= 500,
    then: (state, { base, message }) => ({
      ...base,
      view: state.view === 'otp' ? 'otp' : 'signup_form',
      error: message,
    }),
  },
  {
    name: 'a corporate sign-up that failed: its own view',
    when: (state) => isCorporate(state),
    then: (_, { base, message }) => ({ ...base, view: 'corporate_error', error: message }),
  },
  {
    name: 'the e-mail has an account: the message with the contact link',
    when: (_, { name }) => name === 'EMAIL_ALREADY_USED',
    then: (_, { base, message }) => ({ ...onForm(base, message), contact: true }),
  },
  {
    name: 'a code of a visible field: under that field',
    when: (_, { field }) => field !== undefined,
    then: (state, { base, message, field }) => ({
      ...onForm(base, undefined),
      fieldErrors: { ...state.fieldErrors, ...(field ? { [field]: message } : {}) },
    }),
  },
  {
    name: 'anything else: the message above the form',
    when: () => true,
    then: (_, { base, message }) => onForm(base, message),
  },
];

/** The state after a failure: the first rule of `SIGNUP_FAILURES` that holds. */
export function failed(state: SignupState, failure: ApiFailure, wait?: Wait): SignupState {
  const body = failure.kind === 'http' ? failure.body : undefined;
  const info = body?.additional_information ?? {};
  const name = errorName(failure);
  const facts: FailureFacts = {
    failure,
    name,
    info,
    message: loginErrorMessage(failure),
    field: visibleField(state, name),
    wait,
    base: {
      ...common(state),
      submitting: false,
      wait: undefined,
      social: undefined,
      contact: false,
      experienceId:
        typeof info.onboard_experience_id === 'string'
          ? info.onboard_experience_id
          : state.experienceId,
    },
  };
  const rule = SIGNUP_FAILURES.find((candidate) => candidate.when(state, facts));
  return rule ? rule.then(state, facts) : state;
}
