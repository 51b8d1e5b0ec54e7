/**
 * The recovery form's flow: its state (state.ts) changed only through its one transition
 * (transition.ts), and what is typed. What runs once the details are sent (the calls, their
 * answers, the kept waits, the steps tracked) is its effects (effects.ts).
 */
import type { RecoveryPasswordBody, RecoveryTokenBody } from '../../../contract/identity-api.ts';
import type { Text } from '../../../i18n/types.ts';
import type { CheckedPhone, CountryCode } from '../../../lib/phone.ts';
import { createFlow } from '../create-flow.ts';
import type { WaitDeps } from '../waits.ts';
import { recoveryFormEffects } from './effects.ts';
import { initialState, type RecoveryDetails } from './state.ts';
import { transition } from './transition.ts';

export interface RecoveryFormDeps {
  /**
   * The number checked before a code is sent (`checkPhone`): its digits, or the flags' refusal
   * of its country; undefined when it is not a valid number.
   */
  parsePhone: (country: CountryCode, input: string) => Promise<CheckedPhone | undefined>;
  sendCode: (phoneNumber: string) => Promise<void>;
  verifyCode: (phoneNumber: string, code: string) => Promise<string>;
  createToken: (body: RecoveryTokenBody) => Promise<string>;
  resetPassword: (body: RecoveryPasswordBody) => Promise<void>;
  /** What is wrong with the new password that the page cannot see: it appeared in a data breach. */
  checkPassword?: (password: string) => Promise<Text | undefined>;
  now: () => number;
  /** Leaves for an unlocalized path (`/password_success`). */
  go: (path: string) => void;
  track?: (event: 'code_sent' | 'token' | 'changed') => void;
  /** Rate limits on codes kept across a reload, per number (../waits.ts). */
  wait?: WaitDeps | undefined;
}

export function createRecoveryFormFlow(deps: RecoveryFormDeps, initial = initialState()) {
  const flow = createFlow({ initial, transition });
  const { dispatch } = flow;
  const effects = recoveryFormEffects(flow, deps);

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
      await effects.detailsSent();
    },
    setCode: (code: string): void => dispatch({ type: 'codeChanged', code }),
    submitCode: (): Promise<void> => effects.submitCode(),
    resend: (): Promise<void> => effects.resend(),
    back: (): void => dispatch({ type: 'backToDetails' }),
    setPassword: (password: string): void => dispatch({ type: 'passwordChanged', password }),
    setConfirm: (confirm: string): void => dispatch({ type: 'confirmChanged', confirm }),
    requireRecaptcha: (required: boolean): void =>
      dispatch({ type: 'recaptchaRequired', required }),
    passRecaptcha: (token: string): void => dispatch({ type: 'recaptchaPassed', token }),
    submitPassword: (): Promise<void> => effects.submitPassword(),
  };
}

export type RecoveryFormFlow = ReturnType<typeof createRecoveryFormFlow>;
