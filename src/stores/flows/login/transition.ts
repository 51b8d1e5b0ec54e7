/**
 * The login page's transition: where each event leads from each view. A failed login is routed
 * by its answer: `unregistered_user` to sign-up, `challenge_required` to the challenge it names
 * (the code, the password, Apple, Google, the name, or the first of `try_another_way` by
 * priority), a blocked account to its page, anything else to a message on the view.
 */
import { blockedVariant, errorKey, loginErrorMessage } from '../../../api/error-catalogue.ts';
import type { ApiFailure } from '../../../api/errors.ts';
import type { Wait } from '../../../api/waits.ts';
import {
  CHALLENGE_NAMES,
  ERROR,
  LOGIN_CHALLENGES,
  type ChallengeDetail,
  type LoginChallenge,
} from '../../../contract/errors.ts';
import { digitsOnly } from '../../../lib/digits.ts';
import { socialMessage } from '../../../lib/social/results.ts';
import type { SignupHandoff } from '../../../lib/signup-handoff.ts';
import {
  CHALLENGE_DIGITS,
  CHALLENGE_VIEWS,
  common,
  EMPTY_ANSWERS,
  flowOf,
  startState,
  type Attempt,
  type LoginCommon,
  type LoginEvent,
  type LoginState,
} from './state.ts';

/** The wait and its message gone. */
function unwaited(state: LoginState): Pick<LoginState, 'wait' | 'error'> {
  return state.wait
    ? { wait: undefined, error: undefined }
    : { wait: undefined, error: state.error };
}

/** What sign-up is handed of an attempt it takes over: with a verified code's id, the number is proved. */
export function handoffOf(attempt: Attempt | undefined, otpId?: string): SignupHandoff {
  switch (attempt?.kind) {
    case 'phone':
      return { fullMobileNumber: attempt.phone, ...(otpId ? { otp: otpId } : {}) };
    case 'email':
      return { email: attempt.email };
    case 'apple':
      return { appleIdToken: attempt.idToken, ...(attempt.email ? { email: attempt.email } : {}) };
    case 'google':
      return { googleIdToken: attempt.idToken };
    case undefined:
      return {};
  }
}

/** `challenge_details` that are well formed, by priority (lowest first). */
export function sortChallenges(details: unknown): ChallengeDetail[] {
  if (!Array.isArray(details)) return [];
  return details
    .filter(
      (item): item is ChallengeDetail =>
        !!item &&
        typeof item === 'object' &&
        (CHALLENGE_NAMES as readonly unknown[]).includes(
          (item as { challenge_name?: unknown }).challenge_name,
        ) &&
        Number.isFinite((item as { priority?: unknown }).priority),
    )
    .sort((a, b) => a.priority - b.priority);
}

/**
 * The unknown-400 handler: blocked accounts get their page (by reason), anything else a message,
 * with its wait when it is a rate limit or lock.
 */
function unknownFailure(state: LoginState, failure: ApiFailure, wait?: Wait): LoginState {
  const variant = blockedVariant(failure);
  if (variant) {
    return {
      ...common(state),
      submitting: false,
      social: undefined,
      wait: undefined,
      view: 'redirect_to_blocked_user',
      variant,
    };
  }
  return {
    ...state,
    submitting: false,
    social: undefined,
    error: loginErrorMessage(failure),
    wait,
  };
}

function challengeFailure(
  state: LoginState,
  challenge: LoginChallenge,
  info: { name?: unknown; challenge_details?: unknown },
  failure: ApiFailure,
): LoginState {
  const next: LoginCommon = {
    ...common(state),
    submitting: false,
    social: undefined,
    error: undefined,
    fieldError: undefined,
  };
  switch (challenge) {
    case 'otp':
      if (state.view === 'otp') {
        return {
          ...state,
          ...next,
          otpId: undefined,
          error: { key: errorKey('VERIFYING_OTP_ERROR') },
        };
      }
      return { ...next, otpId: undefined, view: 'otp' };
    case 'password':
      return { ...next, challenges: undefined, answers: EMPTY_ANSWERS, view: 'password_form' };
    case 'apple':
      return { ...next, view: 'apple_form' };
    case 'google':
      return { ...next, view: 'google_form' };
    case 'confirm_name':
      return {
        ...next,
        nameConfirmed: undefined,
        view: 'name_confirmation',
        name: typeof info.name === 'string' ? info.name : '',
      };
    case 'try_another_way': {
      const details = sortChallenges(info.challenge_details);
      const first = details[0];
      if (!first) return unknownFailure(state, failure);
      return {
        ...next,
        answers: EMPTY_ANSWERS,
        challenges: { details, current: first.priority },
        view: CHALLENGE_VIEWS[first.challenge_name],
      };
    }
  }
}

function failed(state: LoginState, failure: ApiFailure, wait?: Wait): LoginState {
  if (failure.kind === 'http' && failure.status === 400) {
    const body = failure.body;
    if (body?.error === ERROR.unregisteredUser) {
      return {
        ...common(state),
        submitting: false,
        social: undefined,
        view: 'redirect_to_signup',
        handoff: handoffOf(state.attempt, state.otpId),
      };
    }
    if (body?.error === ERROR.challengeRequired) {
      const info: { challenge?: unknown; name?: unknown; challenge_details?: unknown } =
        body.additional_information ?? {};
      const challenge = info.challenge;
      if ((LOGIN_CHALLENGES as readonly unknown[]).includes(challenge)) {
        return challengeFailure(state, challenge as LoginChallenge, info, failure);
      }
    }
  }
  return unknownFailure(state, failure, wait);
}

/**
 * Every branch of the login page: pure, the only way its state changes. Every event has its case
 * (no `default`): an event added to `LoginEvent` fails the typecheck until it is handled here.
 */
export function transition(state: LoginState, event: LoginEvent): LoginState {
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
    // A login's success, or a passkey's sign-in from the first view.
    case 'succeeded':
      return {
        ...common(state),
        submitting: false,
        social: undefined,
        error: undefined,
        remember: state.remember || event.trusted === true,
        view: event.breached
          ? 'password_breached'
          : event.offerPasskey
            ? 'passkey_offer'
            : 'redirect_to_idp',
        token: event.token,
        flow: event.flow ?? flowOf(state),
      };
    case 'answerChanged': {
      const digits = event.field === 'pin' || event.field === 'card';
      const value = digits ? digitsOnly(event.value, CHALLENGE_DIGITS) : event.value;
      return {
        ...state,
        answers: { ...state.answers, [event.field]: value },
        fieldError: undefined,
      };
    }
    case 'rememberChanged':
      return state.submitting ? state : { ...state, remember: event.value };
    case 'invalid':
      return { ...state, submitting: false, fieldError: event.error };
    case 'submitted': {
      if (state.submitting || state.wait?.until !== undefined) return state;
      const fresh = event.attempt
        ? {
            attempt: event.attempt,
            answers: EMPTY_ANSWERS,
            nameConfirmed: undefined,
            otpId: undefined,
            challenges: undefined,
          }
        : {};
      return {
        ...state,
        ...fresh,
        submitting: true,
        error: undefined,
        fieldError: undefined,
        wait: undefined,
      };
    }
    case 'nameAnswered':
      if (state.view !== 'name_confirmation' || state.wait?.until !== undefined) return state;
      return {
        ...state,
        nameConfirmed: event.confirmed,
        submitting: true,
        error: undefined,
        fieldError: undefined,
      };
    case 'otpVerified':
      return { ...state, otpId: event.id, submitting: true, error: undefined };
    case 'offerClosed':
      if (state.view !== 'passkey_offer' && state.view !== 'password_breached') return state;
      return { ...common(state), view: 'redirect_to_idp', token: state.token, flow: state.flow };
    case 'failed':
      return failed(state, event.failure, event.wait);
    case 'waitRestored':
      return { ...state, submitting: false, wait: event.wait, error: { key: 'common:wait.kept' } };
    case 'waitOver':
      return state.wait ? { ...state, ...unwaited(state) } : state;
    case 'tryAnotherWay': {
      const challenges = state.challenges;
      if (!challenges || challenges.details.length < 2 || state.submitting) return state;
      const next =
        challenges.details.find((detail) => detail.priority > challenges.current) ??
        challenges.details[0];
      if (!next) return state;
      return {
        ...common(state),
        answers: EMPTY_ANSWERS,
        error: undefined,
        fieldError: undefined,
        challenges: { details: challenges.details, current: next.priority },
        view: CHALLENGE_VIEWS[next.challenge_name],
      };
    }
    case 'socialStarted':
      if (state.submitting || state.social) return state;
      return { ...state, social: event.provider, error: undefined, fieldError: undefined };
    case 'socialFailed':
      return {
        ...state,
        social: undefined,
        submitting: false,
        error: socialMessage(event.provider, event.reason),
      };
    case 'back':
      return {
        ...startState(state.presets, state),
        view: state.attempt?.kind === 'email' ? 'email_form' : 'phone_form',
      };
  }
}
