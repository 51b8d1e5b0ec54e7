/**
 * One-click checkout's flow: its state (state.ts) changed only through its one transition
 * (transition.ts), the checkout read, the number typed and checked. What runs once the shopper
 * submits (the calls, their answers, the timers of the wait, the kept waits, the reactions to a
 * new view) is its effects (effects.ts).
 */
import type { OneClickAnswer } from '../../../api/one-click.ts';
import type { ApproveStatus, OneClickLoginBody } from '../../../contract/identity-api.ts';
import type { Locale } from '../../../i18n/config.ts';
import type { FlowAnalytics } from '../../../lib/analytics.ts';
import { storeFor } from '../../../lib/open-app.ts';
import type { CheckedPhone, PhoneInputValue } from '../../../lib/phone.ts';
import { createFlow } from '../create-flow.ts';
import type { WaitDeps } from '../waits.ts';
import { oneClickEffects } from './effects.ts';
import type { OneClickInit } from './presets.ts';
import { FLOW, initialState, type WaitingView } from './state.ts';
import type { PageVisibility } from '../../../lib/page-visibility.ts';
import type { Scheduler } from './timers.ts';
import { transition } from './transition.ts';

export interface OneClickDeps {
  locale: Locale;
  login: (
    body: OneClickLoginBody,
    context: { idpClientId?: string | undefined; idempotencyKey: string },
  ) => Promise<OneClickAnswer>;
  status: (id: string, signal: AbortSignal) => Promise<ApproveStatus>;
  proof: (
    id: string,
    profiling: Record<string, unknown> | undefined,
    context: { idpClientId?: string | undefined },
  ) => Promise<string>;
  /**
   * A phone input checked before a code is sent: its digits, or the flags' refusal of its
   * country; undefined when it is not a valid number (browser-deps.ts).
   */
  validatePhone: (value: PhoneInputValue) => Promise<CheckedPhone | undefined>;
  /** The one-click sign-up flag (remote; may still be loading). */
  oneClickSignup: () => Promise<boolean>;
  navigate: (href: string) => void;
  analytics: FlowAnalytics;
  /** The device record sent with the proof. */
  profiling: () =>
    Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
  /** A new idempotency key (a UUID). */
  newKey: () => string;
  scheduler?: Scheduler;
  visibility?: PageVisibility;
  /** The device, for the open-app button's store. */
  device?: { userAgent: string; maxTouchPoints?: number };
  /** Rate limits of the login kept across a reload, per number (../waits.ts). */
  wait?: WaitDeps | undefined;
}

export function createOneClickFlow(deps: OneClickDeps) {
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;
  let init: OneClickInit = { checkout: flow.get().checkout };
  const effects = oneClickEffects(flow, deps, () => init);

  return {
    ...flow.surface,

    /** Reads the checkout once the page runs (the csrf has already been taken out). */
    init(value: OneClickInit): void {
      init = value;
      const { device } = deps;
      const prefersApp = !!device && !!storeFor(device.userAgent, device.maxTouchPoints);
      dispatch({ type: 'initialized', checkout: value.checkout, prefersApp });
      effects.watchVisibility();
      deps.analytics.page('welcome', FLOW);
    },

    changePhone: (value: PhoneInputValue) => dispatch({ type: 'phoneChanged', value }),
    changeRemember: (value: boolean) => dispatch({ type: 'rememberChanged', value }),

    async submit(): Promise<void> {
      const state = flow.get();
      if (state.view !== 'phone_form' || state.submitting) return;
      if (state.phoneInput.input.trim() === '') {
        dispatch({ type: 'invalid', error: { key: 'fields:phone.empty' } });
        return;
      }
      const checked = await deps.validatePhone(state.phoneInput);
      if (flow.isDestroyed()) return;
      if (!checked || 'refused' in checked) {
        const error = checked?.refused ?? { key: 'fields:phone.invalidMobile' as const };
        dispatch({ type: 'invalid', error });
        return;
      }
      await effects.submit(checked.digits);
    },

    /** 'Resend notification': the login again with is_retry=true; after 5 retries, max tries. */
    resend: (): Promise<void> => effects.resend(),

    /** 'Change': back to the phone form, with the number as typed (a resend's answer dropped). */
    changeNumber: effects.changeNumber,

    switchTo: (view: WaitingView) => dispatch({ type: 'switchedTo', view }),

    /** 'Use a code by SMS instead' (the SMS fallback): the login page's code view, this number. */
    useSms: (): void => effects.useSms(),

    /** 'Open the app': its link, then the device's store unless the app opened meanwhile. */
    openApp: (): void => effects.openApp(),

    /** From an outcome view (error, rejected, sign up in the app) back to the phone form. */
    restart: () => dispatch({ type: 'restarted' }),
  };
}

export type OneClickFlow = ReturnType<typeof createOneClickFlow>;
