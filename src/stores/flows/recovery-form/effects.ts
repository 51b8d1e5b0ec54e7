/**
 * The recovery form's effects, which run once the person sends the details: the code sent and
 * checked, the reset token asked for with the verified code and the fact, the new password put,
 * the kept waits, and each step reached tracked.
 */
import type { ApiFailure } from '../../../api/errors.ts';
import { toFailure } from '../../../api/errors.ts';
import { waitOf } from '../../../api/waits.ts';
import type { Flow } from '../create-flow.ts';
import { waitTask } from '../waits.ts';
import type { RecoveryFormDeps } from './flow.ts';
import { METHOD_CHALLENGE } from './steps.ts';
import {
  normalizeAnswer,
  recoveryWaitScope,
  RESEND_AFTER_S,
  type RecoveryDetails,
  type RecoveryFormEvent,
  type RecoveryFormState,
  type Verified,
} from './state.ts';

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

/** Attaches the effects to `flow` (once): its waits and reactions, and the actions that call. */
export function recoveryFormEffects(flow: RecoveryFormCore, deps: RecoveryFormDeps) {
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
    /** The details were taken: the reset token with a code verified before, or a code. */
    async detailsSent(): Promise<void> {
      const next = flow.get();
      if (next.view !== 'details' || !next.submitting || !next.phoneNumber) return;
      if (next.verified) await requestToken(next.verified, next.details);
      else await sendCode(next.phoneNumber);
    },
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
