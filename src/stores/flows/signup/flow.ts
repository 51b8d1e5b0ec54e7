/**
 * The sign-up flow: its state and first-view actions (the presets, typing), the code step, and
 * the reactions to a new view (its analytics page, the code step). The checks, the onboarding,
 * Apple, Google and the rate limits (effects.ts, with the waits kept across a reload) load when
 * the browser is idle: an action that needs them waits for them, and runs at once when they are
 * here.
 */
import type { OnboardBody } from '../../../contract/onboarder.ts';
import type { Locale } from '../../../i18n/config.ts';
import type { FlowAnalytics } from '../../../lib/analytics.ts';
import { isOffline } from '../../../api/errors.ts';
import { later, madeLater, withMade } from '../../../lib/later.ts';
import type { PhoneInputValue } from '../../../lib/phone.ts';
import type { SocialProvider, SocialResult } from '../../../lib/social/types.ts';
import type { Flags } from '../../flags.ts';
import { createFlow, type Flow } from '../create-flow.ts';
import { laterOtp, type LaterOtp } from '../later-otp.ts';
import { withWaits } from '../later-waits.ts';
import type { OtpDeps } from '../otp.ts';
import type { SocialDeps } from '../social.ts';
import type { WaitDeps } from '../waits.ts';
import type { SignupPresets } from './presets.ts';
import {
  flowOf,
  initialState,
  pageOf,
  type SignupEvent,
  type SignupField,
  type SignupState,
  type TextField,
} from './state.ts';
import { firstViewTransition } from './first-view.ts';

const effectsCode = later(() => import('./effects.ts'), { patient: true });

/**
 * The flow's transition: the whole one (transition.ts) once the effects are here, which bring it;
 * until then, the first view's (the presets, the typing), as every other event comes from them.
 */
const transition = (state: SignupState, event: SignupEvent): SignupState =>
  (effectsCode.loaded()?.transition ?? firstViewTransition)(state, event);

type Context = { clientId?: string | undefined };

export interface SignupDeps extends SocialDeps {
  locale: Locale;
  onboard: (body: OnboardBody, context: Context) => Promise<string>;
  appleLogin: (idToken: string, context: Context) => Promise<string>;
  googleLogin: (idToken: string, context: Context) => Promise<string>;
  sendOtp: OtpDeps['sendOtp'];
  verifyOtp: OtpDeps['verifyOtp'];
  /** A phone input as international digits when valid; undefined when not (or not known yet). */
  parsePhone: (value: PhoneInputValue) => string | undefined;
  /** Loads what `parsePhone` needs (phone metadata). */
  loadPhone: () => Promise<unknown>;
  /** The preset number as an input value (country and national number). */
  presetPhone?: (digits: string) => Promise<PhoneInputValue | undefined>;
  flags: () => Pick<Flags, 'weakPasswords'>;
  analytics: FlowAnalytics;
  /** The device id (its module may come later, with the calls). */
  deviceId: () => string | Promise<string>;
  /** The device record (its module may come later, with the calls). */
  profiling: () =>
    Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
  /** The client id when the address has none (kept by the shell from an earlier page). */
  fallbackClientId?: () => string | undefined;
  recaptchaRequired?: () => boolean;
  shieldParams?: OtpDeps['shieldParams'];
  /**
   * Rate limits of the code step and the onboarding kept across a reload, per number
   * (src/stores/flows/waits.ts): loaded with the effects and the code step, which wait for them.
   */
  wait?: (() => Promise<WaitDeps>) | undefined;
}

type SignupCore = Flow<SignupState, SignupEvent>;

/** Reactions to a new view: its analytics page (once per page name), the code step. */
function reactToViews(flow: SignupCore, deps: SignupDeps, otp: LaterOtp): void {
  flow.onChange((state, previous) => {
    if (state.view === previous.view) return;
    const page = pageOf(state.view);
    if (page && pageOf(previous.view) !== page) deps.analytics.page(page, flowOf(state));
    if (previous.view === 'otp') otp.stop();
    if (state.view === 'otp' && state.phone) void otp.start(state.phone);
  });
}

/** The presets, the preset number once the phone rules know it, and what was typed re-checked. */
async function init(flow: SignupCore, deps: SignupDeps, presets: SignupPresets): Promise<void> {
  const { dispatch } = flow;
  dispatch({
    type: 'initialized',
    presets,
    appleFullName: presets.appleIdToken ? deps.persisted?.read('appleFullName') : undefined,
  });
  deps.analytics.page('signup_form', flowOf(flow.get()));
  if (presets.fullMobileNumber && deps.presetPhone) {
    const value = await deps.presetPhone(presets.fullMobileNumber);
    const state = flow.get();
    if (value && !flow.isDestroyed() && state.values.phone.input === '' && !state.submitting) {
      dispatch({ type: 'phoneChanged', value, digits: deps.parsePhone(value) });
    }
  }
  await deps.loadPhone();
  if (flow.isDestroyed()) return;
  // Re-check what was typed before the phone rules arrived.
  const { values, view, submitting } = flow.get();
  if (view === 'signup_form' && !submitting) {
    dispatch({
      type: 'phoneChanged',
      value: values.phone,
      digits: deps.parsePhone(values.phone),
    });
  }
}

export function createSignupFlow(deps: SignupDeps) {
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;
  const clientId = () => flow.get().presets.clientId ?? deps.fallbackClientId?.();

  /** The effects, made once their code and the kept waits are here. */
  const effects = madeLater(withWaits(effectsCode, deps.wait), ([code, wait]) =>
    code.signupEffects(flow, deps, wait, clientId),
  );
  /** Runs an action with the effects, once they are here (at once when they are). */
  const withEffects = withMade(effects, flow.isDestroyed);
  const submit = withEffects((here) => here.submit());

  const otp = laterOtp({
    sendOtp: deps.sendOtp,
    verifyOtp: deps.verifyOtp,
    clientId,
    onVerified: (id) => {
      dispatch({ type: 'otpVerified', id });
      if (flow.get().submitting) void withEffects((here) => here.runOnboarding())();
    },
    ...(deps.recaptchaRequired ? { recaptchaRequired: deps.recaptchaRequired } : {}),
    ...(deps.shieldParams ? { shieldParams: deps.shieldParams } : {}),
    wait: deps.wait,
  });
  flow.onDestroy(() => {
    otp.stop();
    otp.destroy();
  });
  reactToViews(flow, deps, otp);

  const offerOneTap = withEffects((here, enabled: boolean) => here.offerOneTap(enabled));

  return {
    ...flow.surface,
    otp,

    /** Reads the presets once the page runs (secrets have already left the address). */
    init: (presets: SignupPresets) => init(flow, deps, presets),

    changePhone(value: PhoneInputValue): void {
      dispatch({ type: 'phoneChanged', value, digits: deps.parsePhone(value) });
    },

    change(field: TextField, value: string): void {
      dispatch({ type: 'valueChanged', field, value });
    },

    /** A field lost focus: say what is wrong with it (required, format, phone; effects.ts). */
    blur: withEffects((here, field: SignupField) => here.blur(field)),

    /** Checks the form, then goes to the code step, or onboards at once with a proof (effects.ts). */
    submit: (): Promise<void> => {
      // Offline before the effects are here: said at once (as an onboarding sent offline is).
      if (effects.now() || !isOffline()) return submit();
      dispatch({ type: 'failed', failure: { kind: 'offline' } });
      return Promise.resolve();
    },

    /** Leaves the code step for the form (everything typed is kept); a late answer is dropped. */
    back: (): void => {
      flow.cancel();
      dispatch({ type: 'back' });
    },

    /**
     * Apple or Google: called straight from the click (the window opens at once, the effects
     * being here by then), or with the result of Google's own button or One Tap.
     */
    socialSignIn: withEffects((here, provider: SocialProvider, given?: SocialResult) =>
      here.socialSignIn(provider, given),
    ),

    /** Google One Tap, when the googleOneTap flag is on and the form shows Google: once. */
    offerOneTap(enabled: boolean): void {
      void offerOneTap(enabled);
    },
  };
}

export type SignupFlow = ReturnType<typeof createSignupFlow>;
