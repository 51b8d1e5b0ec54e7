/**
 * A new password from a reset link: `/password/{token}`.
 *
 * Views: editing (with an invalid flag) → submitting → changed, which goes to
 * `/password_success`. Besides: `expired`, when the server answers INVALID_RESET_TOKEN (the link
 * expired or was used) or the address has no token: the person is asked to request a new link
 * ('Forgot your password?', `/recovery`).
 *
 * While editing, every reset rule the password breaks is its own message (`failed`); submit stays
 * disabled while `invalid` (a rule broken, or the robot check required and not passed).
 */
import { recoveryCode, recoveryErrorKey } from '../../api/error-catalogue.ts';
import type { ApiFailure } from '../../api/errors.ts';
import { toFailure } from '../../api/errors.ts';
import { waitOf, type Wait } from '../../api/waits.ts';
import type { RecoveryPasswordBody } from '../../contract/identity-api.ts';
import type { Text } from '../../i18n/types.ts';
import { failedResetRules, type ResetRule } from '../../lib/password-rules.ts';
import { createFlow } from './create-flow.ts';
import { waitTask, type WaitDeps } from './waits.ts';

/** A server answer: above the form (`error`) or at the password field (`fieldError`). */
export interface ServerErrors {
  error?: Text;
  /** INVALID_PASSWORD ('Password is too weak.'). */
  fieldError?: Text;
}

export interface ResetEditing extends ServerErrors {
  view: 'editing';
  password: string;
  /** The reset rules the password breaks, in display order. */
  failed: ResetRule[];
  /** Submit is refused: a rule is broken, or the robot check is required and not passed. */
  invalid: boolean;
  recaptchaRequired: boolean;
  recaptchaToken: string | undefined;
  /** A rate limit: submit waits until it ends (src/stores/flows/waits.ts). */
  wait?: Wait;
}

export type ResetPasswordState =
  | ResetEditing
  | {
      view: 'submitting';
      password: string;
      recaptchaRequired: boolean;
      recaptchaToken: string | undefined;
    }
  | { view: 'changed' }
  | { view: 'expired' };

export type ResetPasswordEvent =
  | { type: 'opened'; hasToken: boolean }
  | { type: 'passwordChanged'; password: string }
  | { type: 'recaptchaRequired'; required: boolean }
  | { type: 'recaptchaPassed'; token: string }
  | { type: 'submitted' }
  | { type: 'succeeded' }
  /** The reset failed; `wait` when it was a rate limit. */
  | { type: 'failed'; failure: ApiFailure; wait?: Wait | undefined }
  /** A rate limit kept from an earlier load of the page still holds: nothing was sent. */
  | { type: 'waitRestored'; wait: Wait }
  | { type: 'waitOver' };

/** Where a rate limit of the new-password page is kept (per tab, not per token). */
export const RESET_WAIT_SCOPE = 'reset-password';

export const PASSWORD_SUCCESS_PATH = '/password_success';

function editing(
  password: string,
  recaptchaRequired: boolean,
  recaptchaToken: string | undefined,
  errors: ServerErrors = {},
  wait?: Wait,
): ResetEditing {
  const failed = failedResetRules(password);
  return {
    ...(wait ? { wait } : {}),
    view: 'editing',
    password,
    failed,
    invalid: failed.length > 0 || (recaptchaRequired && !recaptchaToken),
    recaptchaRequired,
    recaptchaToken,
    ...(errors.error ? { error: errors.error } : {}),
    ...(errors.fieldError ? { fieldError: errors.fieldError } : {}),
  };
}

/** The server's answers kept while only the robot check changes. */
const serverErrors = (state: ResetEditing): ServerErrors => ({
  ...(state.error ? { error: state.error } : {}),
  ...(state.fieldError ? { fieldError: state.fieldError } : {}),
});

/** The first state (also the pre-rendered one): an empty password. */
export function initialState(): ResetPasswordState {
  return editing('', false, undefined);
}

/** A wait with a deadline holds: submit is refused until it ends. */
export const isWaiting = (state: ResetPasswordState): boolean =>
  state.view === 'editing' && state.wait?.until !== undefined;

export function transition(
  state: ResetPasswordState,
  event: ResetPasswordEvent,
): ResetPasswordState {
  switch (event.type) {
    case 'opened':
      // An address without a token cannot reset anything: ask for a new link.
      return event.hasToken ? state : { view: 'expired' };
    case 'passwordChanged':
      return state.view === 'editing'
        ? editing(
            event.password,
            state.recaptchaRequired,
            state.recaptchaToken,
            // A wait holds whatever is typed, and its message stays with it.
            state.wait ? serverErrors(state) : {},
            state.wait,
          )
        : state;
    case 'recaptchaRequired':
      return state.view === 'editing'
        ? editing(
            state.password,
            event.required,
            state.recaptchaToken,
            serverErrors(state),
            state.wait,
          )
        : state;
    case 'recaptchaPassed':
      return state.view === 'editing'
        ? editing(
            state.password,
            state.recaptchaRequired,
            event.token,
            serverErrors(state),
            state.wait,
          )
        : state;
    case 'submitted':
      if (state.view !== 'editing' || state.invalid || isWaiting(state)) return state;
      return {
        view: 'submitting',
        password: state.password,
        recaptchaRequired: state.recaptchaRequired,
        recaptchaToken: state.recaptchaToken,
      };
    case 'succeeded':
      return state.view === 'submitting' ? { view: 'changed' } : state;
    case 'failed': {
      if (state.view !== 'submitting') return state;
      const code = recoveryCode(event.failure);
      if (code === 'INVALID_RESET_TOKEN') return { view: 'expired' };
      // A refused robot-check token cannot be used again: the check is shown anew.
      const token = code === 'INVALID_RECAPTCHA' ? undefined : state.recaptchaToken;
      const message = recoveryErrorKey(event.failure);
      return editing(
        state.password,
        state.recaptchaRequired,
        token,
        code === 'INVALID_PASSWORD' ? { fieldError: message } : { error: message },
        event.wait,
      );
    }
    case 'waitRestored':
      if (state.view !== 'editing' && state.view !== 'submitting') return state;
      return editing(
        state.password,
        state.recaptchaRequired,
        state.recaptchaToken,
        { error: { key: 'common:wait.kept' } },
        event.wait,
      );
    case 'waitOver':
      if (state.view !== 'editing' || !state.wait) return state;
      return editing(state.password, state.recaptchaRequired, state.recaptchaToken);
  }
}

export interface ResetPasswordDeps {
  resetPassword: (body: RecoveryPasswordBody) => Promise<void>;
  /** Leaves for an unlocalized path (`/password_success`). */
  go: (path: string) => void;
  track?: (event: 'page' | 'changed' | 'expired') => void;
  /** Rate limits kept across a reload (src/stores/flows/waits.ts). */
  wait?: WaitDeps | undefined;
}

export function createResetPasswordFlow(deps: ResetPasswordDeps) {
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;
  const waits = waitTask(flow, deps.wait ?? {}, () => dispatch({ type: 'waitOver' }));
  let token: string | undefined;

  // Reactions: a changed password leaves for the success page; each outcome is tracked.
  flow.onChange((state, previous) => {
    if (state.view === previous.view) return;
    if (state.view === 'changed') {
      deps.track?.('changed');
      deps.go(PASSWORD_SUCCESS_PATH);
    }
    if (state.view === 'expired') deps.track?.('expired');
  });

  return {
    ...flow.surface,
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
      const state = flow.get();
      if (state.view !== 'submitting' || !token) return;
      const kept = waits.restore(RESET_WAIT_SCOPE);
      if (kept) {
        dispatch({ type: 'waitRestored', wait: kept });
        return;
      }
      const signal = flow.begin();
      try {
        await deps.resetPassword({
          token,
          password: state.password,
          ...(state.recaptchaToken ? { recaptchaToken: state.recaptchaToken } : {}),
        });
        if (signal.aborted) return;
        dispatch({ type: 'succeeded' });
      } catch (error) {
        if (signal.aborted) return;
        const failure = toFailure(error);
        const wait = waitOf(failure, waits.now());
        if (wait) waits.hold(RESET_WAIT_SCOPE, wait);
        dispatch({ type: 'failed', failure, wait });
      }
    },
  };
}

export type ResetPasswordFlow = ReturnType<typeof createResetPasswordFlow>;
