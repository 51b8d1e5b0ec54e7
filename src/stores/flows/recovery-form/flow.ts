/**
 * The recovery form's effects: the code sent and checked, the reset token asked for with the
 * verified code and the fact, the new password put; each step reached is tracked.
 */
import type { ApiFailure } from '../../../api/errors.ts';
import { toFailure } from '../../../api/errors.ts';
import { waitOf } from '../../../api/waits.ts';
import type { RecoveryPasswordBody, RecoveryTokenBody } from '../../../contract/identity-api.ts';
import type { CountryCode } from '../../../lib/phone.ts';
import { createFlow, type Flow } from '../create-flow.ts';
import { waitTask, type WaitDeps } from '../waits.ts';
import {
  initialState,
  METHOD_CHALLENGE,
  normalizeAnswer,
  RESEND_AFTER_S,
  type ParsedPhone,
  type RecoveryDetails,
  type RecoveryFormEvent,
  type RecoveryFormState,
  type Verified,
} from './state.ts';
import { transition } from './transition.ts';

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
  /** Rate limits on codes kept across a reload, per number (src/stores/flows/waits.ts). */
  wait?: WaitDeps | undefined;
}

/** Where a rate limit on the recovery codes of a number is kept. */
export const recoveryWaitScope = (phoneNumber: string): string => `recovery:${phoneNumber}`;

type RecoveryFormCore = Flow<RecoveryFormState, RecoveryFormEvent>;
type Waits = ReturnType<typeof waitTask>;

/** The failure's wait, if it is a rate limit: kept for `scope` and ended at its deadline. */
function held(waits: Waits, scope: string, failure: ApiFailure) {
  const wait = waitOf(failure, waits.now());
  if (wait) waits.hold(scope, wait);
  return wait;
}

/** The calls of the form: each dispatches what it answers, unless the answer is late. */
function calls(flow: RecoveryFormCore, deps: RecoveryFormDeps, waits: Waits) {
  async function run(
    call: () => Promise<RecoveryFormEvent>,
    failed: (failure: ApiFailure) => RecoveryFormEvent,
  ): Promise<void> {
    const signal = flow.begin();
    let event: RecoveryFormEvent;
    try {
      event = await call();
    } catch (error) {
      event = failed(toFailure(error));
    }
    if (!signal.aborted) flow.dispatch(event);
  }

  return {
    run,
    /** The reset token for the verified code and the fact. */
    requestToken: (verified: Verified, details: RecoveryDetails) =>
      run(
        async () => ({
          type: 'tokenReceived',
          token: await deps.createToken({
            phoneNumber: verified.phoneNumber,
            verificationId: verified.verificationId,
            challenges: [
              {
                challengeIdentifier: METHOD_CHALLENGE[details.method],
                challengeAnswer: normalizeAnswer(details.method, details.answer),
              },
            ],
          }),
        }),
        (failure) => ({ type: 'tokenRefused', failure, verified }),
      ),
    /** A code to the number, unless a rate limit kept from an earlier load still holds. */
    sendCode: async (phoneNumber: string) => {
      const scope = recoveryWaitScope(phoneNumber);
      const kept = waits.restore(scope);
      if (kept) {
        flow.dispatch({ type: 'waitRestored', wait: kept });
        return;
      }
      await run(
        async () => {
          await deps.sendCode(phoneNumber);
          return { type: 'codeSent', at: deps.now() };
        },
        (failure) => ({ type: 'codeSendFailed', failure, wait: held(waits, scope, failure) }),
      );
    },
  };
}

export function createRecoveryFormFlow(deps: RecoveryFormDeps, initial = initialState()) {
  const flow = createFlow({ initial, transition });
  const { dispatch } = flow;
  const waits = waitTask(flow, { now: deps.now, ...deps.wait }, () =>
    dispatch({ type: 'waitOver' }),
  );
  const { run, requestToken, sendCode } = calls(flow, deps, waits);

  // Reactions: each step reached is tracked; done leaves for the success page.
  flow.onChange((state, previous) => {
    if (state.view === previous.view) return;
    if (state.view === 'code') deps.track?.('code_sent');
    if (state.view === 'password') deps.track?.('token');
    if (state.view === 'done') {
      deps.track?.('changed');
      deps.go('/password_success');
    }
  });

  return {
    ...flow.surface,
    /** Changes some details; the others stay as they are now (not as the caller last saw them). */
    setDetails(change: Partial<RecoveryDetails>): void {
      const state = flow.get();
      if (state.view !== 'details') return;
      dispatch({ type: 'detailsChanged', details: { ...state.details, ...change } });
    },
    async submitDetails(): Promise<void> {
      const state = flow.get();
      if (state.view !== 'details' || state.submitting) return;
      const phone = await deps.parsePhone(state.details.country, state.details.phoneInput);
      dispatch({ type: 'detailsSubmitted', phone });
      const next = flow.get();
      if (next.view !== 'details' || !next.submitting || !next.phoneNumber) return;
      if (next.verified) await requestToken(next.verified, next.details);
      else await sendCode(next.phoneNumber);
    },
    setCode: (code: string): void => dispatch({ type: 'codeChanged', code }),
    async submitCode(): Promise<void> {
      dispatch({ type: 'codeSubmitted' });
      const state = flow.get();
      if (state.view !== 'code' || !state.submitting) return;
      const signal = flow.begin();
      let verificationId: string;
      try {
        verificationId = await deps.verifyCode(state.phoneNumber, state.code);
      } catch (error) {
        if (signal.aborted) return;
        const failure = toFailure(error);
        const wait = held(waits, recoveryWaitScope(state.phoneNumber), failure);
        dispatch({ type: 'codeRejected', failure, wait });
        return;
      }
      if (signal.aborted) return;
      await requestToken({ phoneNumber: state.phoneNumber, verificationId }, state.details);
    },
    async resend(): Promise<void> {
      const state = flow.get();
      if (state.view !== 'code' || state.submitting) return;
      if (deps.now() - state.sentAt < RESEND_AFTER_S * 1000) return;
      dispatch({ type: 'resendRequested' });
      await sendCode(state.phoneNumber);
    },
    back: (): void => dispatch({ type: 'backToDetails' }),
    setPassword: (password: string): void => dispatch({ type: 'passwordChanged', password }),
    setConfirm: (confirm: string): void => dispatch({ type: 'confirmChanged', confirm }),
    requireRecaptcha: (required: boolean): void =>
      dispatch({ type: 'recaptchaRequired', required }),
    passRecaptcha: (token: string): void => dispatch({ type: 'recaptchaPassed', token }),
    async submitPassword(): Promise<void> {
      dispatch({ type: 'passwordSubmitted' });
      const state = flow.get();
      if (state.view !== 'password' || !state.submitting) return;
      await run(
        async () => {
          await deps.resetPassword({
            token: state.token,
            password: state.password,
            ...(state.recaptchaToken ? { recaptchaToken: state.recaptchaToken } : {}),
          });
          return { type: 'passwordChangedOnServer' };
        },
        (failure) => ({ type: 'passwordRejected', failure }),
      );
    },
  };
}

export type RecoveryFormFlow = ReturnType<typeof createRecoveryFormFlow>;
