/**
 * A new password from a reset link: `/password/{token}` (spec sections 2, 4, 5, 7).
 *
 * States, as spec section 4 names them: editing (with an invalid flag) → submitting → changed,
 * which goes to `/password_success`. Besides: `expired`, when the server answers
 * INVALID_RESET_TOKEN (the link expired or was used) or the address has no token: the person is
 * asked to request a new link ('Forgot your password?', `/recovery`).
 *
 * While editing, every reset rule the password breaks is its own message (`failed`); submit stays
 * disabled while `invalid` (a rule broken, or the robot check required and not passed).
 */
import { atom } from 'nanostores';
import { recoveryErrorKey } from '../../api/error-catalogue.ts';
import type { ApiFailure } from '../../api/errors.ts';
import { toFailure } from '../../api/errors.ts';
import type { RecoveryPasswordBody } from '../../contract/identity-api.ts';
import { failedResetRules, type ResetRule } from '../../lib/password-rules.ts';
import { recoveryCode, type Message } from './recovery.ts';

export interface ResetEditing {
  step: 'editing';
  password: string;
  /** The reset rules the password breaks, in display order. */
  failed: ResetRule[];
  /** Submit is refused: a rule is broken, or the robot check is required and not passed. */
  invalid: boolean;
  recaptchaRequired: boolean;
  recaptchaToken: string | undefined;
  /** A server answer: at the password field (INVALID_PASSWORD) or above the form. */
  error?: { atField: boolean; message: Message };
}

export type ResetPasswordState =
  | ResetEditing
  | {
      step: 'submitting';
      password: string;
      recaptchaRequired: boolean;
      recaptchaToken: string | undefined;
    }
  | { step: 'changed' }
  | { step: 'expired' };

export type ResetPasswordEvent =
  | { type: 'opened'; hasToken: boolean }
  | { type: 'passwordChanged'; password: string }
  | { type: 'recaptchaRequired'; required: boolean }
  | { type: 'recaptchaPassed'; token: string }
  | { type: 'submitted' }
  | { type: 'succeeded' }
  | { type: 'failed'; failure: ApiFailure };

export const PASSWORD_SUCCESS_PATH = '/password_success';

function editing(
  password: string,
  recaptchaRequired: boolean,
  recaptchaToken: string | undefined,
  error?: ResetEditing['error'],
): ResetEditing {
  const failed = failedResetRules(password);
  return {
    step: 'editing',
    password,
    failed,
    invalid: failed.length > 0 || (recaptchaRequired && !recaptchaToken),
    recaptchaRequired,
    recaptchaToken,
    ...(error ? { error } : {}),
  };
}

/** The first state (also the pre-rendered one): an empty password. */
export function initialResetState(): ResetPasswordState {
  return editing('', false, undefined);
}

export function transition(
  state: ResetPasswordState,
  event: ResetPasswordEvent,
): ResetPasswordState {
  switch (event.type) {
    case 'opened':
      // An address without a token cannot reset anything: ask for a new link.
      return event.hasToken ? state : { step: 'expired' };
    case 'passwordChanged':
      return state.step === 'editing'
        ? editing(event.password, state.recaptchaRequired, state.recaptchaToken)
        : state;
    case 'recaptchaRequired':
      return state.step === 'editing'
        ? editing(state.password, event.required, state.recaptchaToken, state.error)
        : state;
    case 'recaptchaPassed':
      return state.step === 'editing'
        ? editing(state.password, state.recaptchaRequired, event.token, state.error)
        : state;
    case 'submitted':
      if (state.step !== 'editing' || state.invalid) return state;
      return {
        step: 'submitting',
        password: state.password,
        recaptchaRequired: state.recaptchaRequired,
        recaptchaToken: state.recaptchaToken,
      };
    case 'succeeded':
      return state.step === 'submitting' ? { step: 'changed' } : state;
    case 'failed': {
      if (state.step !== 'submitting') return state;
      const code = recoveryCode(event.failure);
      if (code === 'INVALID_RESET_TOKEN') return { step: 'expired' };
      // A refused robot-check token cannot be used again: the check is shown anew.
      const token = code === 'INVALID_RECAPTCHA' ? undefined : state.recaptchaToken;
      return editing(state.password, state.recaptchaRequired, token, {
        atField: code === 'INVALID_PASSWORD',
        message: recoveryErrorKey(event.failure),
      });
    }
  }
}

export interface ResetPasswordDeps {
  resetPassword: (body: RecoveryPasswordBody) => Promise<void>;
  /** Leaves for an unlocalized path (`/password_success`). */
  go: (path: string) => void;
  track?: (event: 'page' | 'changed' | 'expired') => void;
}

export function createResetPasswordFlow(deps: ResetPasswordDeps) {
  const $reset = atom<ResetPasswordState>(initialResetState());
  let token: string | undefined;
  const dispatch = (event: ResetPasswordEvent) => $reset.set(transition($reset.get(), event));

  const unbind = $reset.listen((state, previous) => {
    if (state.step === previous?.step) return;
    if (state.step === 'changed') {
      deps.track?.('changed');
      deps.go(PASSWORD_SUCCESS_PATH);
    }
    if (state.step === 'expired') deps.track?.('expired');
  });

  return {
    $reset,
    /** Takes the reset token from the address (`/password/{token}`). */
    open(resetToken: string | undefined): void {
      token = resetToken;
      dispatch({ type: 'opened', hasToken: !!resetToken });
      if (resetToken) deps.track?.('page');
    },
    setPassword(password: string): void {
      dispatch({ type: 'passwordChanged', password });
    },
    requireRecaptcha(required: boolean): void {
      dispatch({ type: 'recaptchaRequired', required });
    },
    passRecaptcha(recaptchaToken: string): void {
      dispatch({ type: 'recaptchaPassed', token: recaptchaToken });
    },
    async submit(): Promise<void> {
      dispatch({ type: 'submitted' });
      const state = $reset.get();
      if (state.step !== 'submitting' || !token) return;
      try {
        await deps.resetPassword({
          token,
          password: state.password,
          ...(state.recaptchaToken ? { recaptchaToken: state.recaptchaToken } : {}),
        });
        dispatch({ type: 'succeeded' });
      } catch (error) {
        dispatch({ type: 'failed', failure: toFailure(error) });
      }
    },
    exit: unbind,
  };
}

export type ResetPasswordFlow = ReturnType<typeof createResetPasswordFlow>;
