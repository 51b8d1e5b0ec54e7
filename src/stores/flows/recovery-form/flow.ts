/**
 * The recovery form's flow: what the details need comes with the page; what runs once they are
 * sent (the calls, their answers, the kept waits, the steps tracked: effects.ts) is loaded later
 * (src/lib/later.ts): when the browser is idle, or by the first action that needs it, which waits
 * for it.
 */
import { isOffline } from '../../../api/errors.ts';
import type { RecoveryPasswordBody, RecoveryTokenBody } from '../../../contract/identity-api.ts';
import { later, madeLater } from '../../../lib/later.ts';
import type { CountryCode } from '../../../lib/phone.ts';
import { createFlow } from '../create-flow.ts';
import { withWaits } from '../later-waits.ts';
import type { WaitDeps } from '../waits.ts';
import { firstViewTransition } from './first-view.ts';
import {
  initialState,
  type ParsedPhone,
  type RecoveryDetails,
  type RecoveryFormEvent,
  type RecoveryFormState,
} from './state.ts';

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
  /**
   * Rate limits on codes kept across a reload, per number (src/stores/flows/waits.ts): loaded
   * with the effects, which wait for them.
   */
  wait?: (() => Promise<WaitDeps>) | undefined;
}

/** The effects' module (with the whole transition): when the browser is idle, or when needed. */
export const recoveryFormEffects = later(() => import('./effects.ts'), { patient: true });

/**
 * The transition: the whole one once the effects are here; until then the details' own part
 * (first-view.ts), since only the effects send the other events.
 */
const step = (state: RecoveryFormState, event: RecoveryFormEvent): RecoveryFormState =>
  (recoveryFormEffects.loaded()?.transition ?? firstViewTransition)(state, event);

export function createRecoveryFormFlow(deps: RecoveryFormDeps, initial = initialState()) {
  const flow = createFlow({ initial, transition: step });
  const { dispatch } = flow;
  /** The effects, attached once their module and the kept waits are here. */
  const effects = madeLater(withWaits(recoveryFormEffects, deps.wait), ([module, wait]) =>
    module.attachRecoveryFormEffects(flow, deps, wait),
  );

  /**
   * An event of a step after the details: sent at once when the effects are here (they opened
   * the step), or once they are.
   */
  function afterDetails(event: RecoveryFormEvent): void {
    if (recoveryFormEffects.loaded()) dispatch(event);
    else void recoveryFormEffects.load().then(() => dispatch(event));
  }

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
      // Offline before the code of the calls is here: said at once, as a code sent offline is.
      if (!effects.now() && isOffline()) {
        dispatch({ type: 'codeSendFailed', failure: { kind: 'offline' } });
        return;
      }
      await (await effects.load()).detailsSent();
    },
    setCode: (code: string): void => afterDetails({ type: 'codeChanged', code }),
    async submitCode(): Promise<void> {
      await (await effects.load()).submitCode();
    },
    async resend(): Promise<void> {
      await (await effects.load()).resend();
    },
    back: (): void => afterDetails({ type: 'backToDetails' }),
    setPassword: (password: string): void => afterDetails({ type: 'passwordChanged', password }),
    setConfirm: (confirm: string): void => afterDetails({ type: 'confirmChanged', confirm }),
    requireRecaptcha: (required: boolean): void =>
      afterDetails({ type: 'recaptchaRequired', required }),
    passRecaptcha: (token: string): void => afterDetails({ type: 'recaptchaPassed', token }),
    async submitPassword(): Promise<void> {
      await (await effects.load()).submitPassword();
    },
  };
}

export type RecoveryFormFlow = ReturnType<typeof createRecoveryFormFlow>;
