/**
 * One-click checkout's flow: what the phone form needs comes with the page (the checkout read,
 * the number typed and checked); what runs once the shopper submits (the calls, their answers,
 * the timers of the wait, the kept waits, the reactions to a new view: effects.ts) is loaded
 * later (src/lib/later.ts): when the browser is idle, or by the first action that needs it,
 * which waits for it.
 */
import { isOffline } from '../../../api/errors.ts';
import type { OneClickAnswer } from '../../../api/one-click.ts';
import type { ApproveStatus, OneClickLoginBody } from '../../../contract/identity-api.ts';
import type { Locale } from '../../../i18n/config.ts';
import type { FlowAnalytics } from '../../../lib/analytics.ts';
import { later, madeLater } from '../../../lib/later.ts';
import { storeFor } from '../../../lib/open-app.ts';
import type { PhoneInputValue } from '../../../lib/phone.ts';
import { createFlow } from '../create-flow.ts';
import { withWaits } from '../later-waits.ts';
import type { WaitDeps } from '../waits.ts';
import type { OneClickEffects } from './effects.ts';
import { firstViewTransition } from './first-view.ts';
import type { OneClickInit } from './presets.ts';
import {
  FLOW,
  initialState,
  type OneClickEvent,
  type OneClickState,
  type WaitingView,
} from './state.ts';
import type { PageVisibility, Scheduler } from './timers.ts';

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
  /** A phone input to international digits, or undefined when it is not a valid number. */
  validatePhone: (value: PhoneInputValue) => Promise<string | undefined>;
  /** The one-click sign-up flag (remote; may still be loading). */
  oneClickSignup: () => Promise<boolean>;
  navigate: (href: string) => void;
  analytics: FlowAnalytics;
  /** The device record (its module may come later, with the calls). */
  profiling: () =>
    Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
  /** A new idempotency key (a UUID). */
  newKey: () => string;
  scheduler?: Scheduler;
  visibility?: PageVisibility;
  /** The device, for the open-app button's store. */
  device?: { userAgent: string; maxTouchPoints?: number };
  /**
   * Rate limits of the login kept across a reload, per number (src/stores/flows/waits.ts):
   * loaded with the effects, which wait for them.
   */
  wait?: (() => Promise<WaitDeps>) | undefined;
}

/** The effects' module (with the whole transition): when the browser is idle, or when needed. */
const effectsModule = later(() => import('./effects.ts'), { patient: true });

/**
 * The transition: the whole one once the effects are here; until then the phone form's own part
 * (first-view.ts), since only the effects send the other events.
 */
const step = (state: OneClickState, event: OneClickEvent): OneClickState =>
  (effectsModule.loaded()?.transition ?? firstViewTransition)(state, event);

export function createOneClickFlow(deps: OneClickDeps) {
  const flow = createFlow({ initial: initialState(), transition: step });
  const { dispatch } = flow;
  let init: OneClickInit = { checkout: flow.get().checkout };
  /** The effects, attached once their module and the kept waits are here. */
  const effects = madeLater(withWaits(effectsModule, deps.wait), ([module, wait]) =>
    module.attachOneClickEffects(flow, deps, wait, () => init),
  );

  /** An action of a view the effects opened: they are here, or it waits for them. */
  function withEffects(run: (effects: OneClickEffects) => void): void {
    const here = effects.now();
    if (here) run(here);
    else void effects.load().then(run);
  }

  return {
    ...flow.surface,

    /** Reads the checkout once the page runs (the csrf has already been taken out). */
    init(value: OneClickInit): void {
      init = value;
      const { device } = deps;
      const prefersApp = !!device && !!storeFor(device.userAgent, device.maxTouchPoints);
      dispatch({ type: 'initialized', checkout: value.checkout, prefersApp });
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
      const phone = await deps.validatePhone(state.phoneInput);
      if (flow.isDestroyed()) return;
      if (!phone) {
        dispatch({ type: 'invalid', error: { key: 'fields:phone.invalidMobile' } });
        return;
      }
      // Offline before the code of the login is here: said at once, as a login sent offline is.
      if (!effects.now() && isOffline()) {
        dispatch({ type: 'unsent', failure: { kind: 'offline' } });
        return;
      }
      const ready = await effects.load();
      if (flow.isDestroyed()) return;
      await ready.submit(phone);
    },

    /** 'Resend notification': the login again with is_retry=true; after 5 retries, max tries. */
    async resend(): Promise<void> {
      await (await effects.load()).resend();
    },

    /** 'Change': back to the phone form, with the number as typed (a resend's answer dropped). */
    changeNumber: (): void => withEffects((ready) => ready.changeNumber()),

    switchTo: (view: WaitingView) => dispatch({ type: 'switchedTo', view }),

    /** 'Use a code by SMS instead' (the SMS fallback): the login page's code view, this number. */
    useSms: (): void => withEffects((ready) => ready.useSms()),

    /** 'Open the app': its link, then the device's store unless the app opened meanwhile. */
    openApp: (): void => withEffects((ready) => ready.openApp()),

    /** From an outcome view (error, rejected, sign up in the app) back to the phone form. */
    restart: () => dispatch({ type: 'restarted' }),
  };
}

export type OneClickFlow = ReturnType<typeof createOneClickFlow>;
