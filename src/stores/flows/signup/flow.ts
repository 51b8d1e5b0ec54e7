/**
 * The sign-up flow: its state (state.ts) changed only through its one transition (transition.ts),
 * the presets, the typing, and the reactions to a new view (its analytics page). The checks, the
 * onboarding, Apple, Google and the rate limits are its effects (effects.ts). The code step is a
 * view with its own sub-flow (src/ui/OtpStep.tsx, ../otp.ts): the flow hands it `codeStep`.
 */
import type { OnboardBody } from '../../../contract/onboarder.ts';
import type { Locale } from '../../../i18n/config.ts';
import type { Text } from '../../../i18n/types.ts';
import type { FlowAnalytics } from '../../../lib/analytics.ts';
import type { CheckedPhone, PhoneInputValue } from '../../../lib/phone.ts';
import type { Flags } from '../../flags.ts';
import { createFlow, type Flow } from '../create-flow.ts';
import type { OtpDeps } from '../otp.ts';
import type { SocialDeps } from '../social.ts';
import type { WaitDeps } from '../waits.ts';
import type { SignupPresets } from './presets.ts';
import {
  flowOf,
  initialState,
  pageOf,
  phoneChanged,
  type SignupEvent,
  type SignupField,
  type SignupState,
  type TextField,
} from './state.ts';
import { readTypedPhone, signupEffects } from './effects.ts';
import { transition } from './transition.ts';

type Context = { clientId?: string | undefined };

export interface SignupDeps extends SocialDeps {
  locale: Locale;
  onboard: (body: OnboardBody, context: Context) => Promise<string>;
  appleLogin: (idToken: string, context: Context) => Promise<string>;
  googleLogin: (idToken: string, context: Context) => Promise<string>;
  sendOtp: OtpDeps['sendOtp'];
  verifyOtp: OtpDeps['verifyOtp'];
  /** A phone input as international digits when valid; undefined when not (or not known yet). */
  /**
   * The phone field checked before a code is sent (`checkPhone`): its digits, or the flags'
   * refusal of its country; undefined when it is not a valid number or the rules are not here.
   */
  parsePhone: (value: PhoneInputValue) => CheckedPhone | undefined;
  /** Loads what `parsePhone` needs (phone metadata). */
  loadPhone: () => Promise<unknown>;
  /** The preset number as an input value (country and national number). */
  presetPhone?: (digits: string) => Promise<PhoneInputValue | undefined>;
  flags: () => Pick<Flags, 'weakPasswords'>;
  /** What is wrong with the password that the page cannot see: it appeared in a data breach. */
  checkPassword: (password: string) => Promise<Text | undefined>;
  analytics: FlowAnalytics;
  /** The device id sent with the onboarding. */
  deviceId: () => string | Promise<string>;
  /** The device record sent with the onboarding. */
  profiling: () =>
    Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
  /** The client id when the address has none (kept by the shell from an earlier page). */
  fallbackClientId?: () => string | undefined;
  recaptchaRequired?: () => boolean;
  shieldParams?: OtpDeps['shieldParams'];
  /** Rate limits of the code step and the onboarding kept across a reload (../waits.ts). */
  wait?: WaitDeps | undefined;
}

type SignupCore = Flow<SignupState, SignupEvent>;

/** Reactions to a new view: its analytics page (once per page name). */
function reactToViews(flow: SignupCore, deps: SignupDeps): void {
  flow.onChange((state, previous) => {
    if (state.view === previous.view) return;
    const page = pageOf(state.view);
    if (page && pageOf(previous.view) !== page) deps.analytics.page(page, flowOf(state));
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
      dispatch(phoneChanged(value, deps.parsePhone(value)));
    }
  }
  await deps.loadPhone();
  if (flow.isDestroyed()) return;
  // What was typed before the phone rules arrived, read by them (as the submit's reading does).
  readTypedPhone(flow, deps);
}

export function createSignupFlow(deps: SignupDeps) {
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;
  const clientId = () => flow.get().presets.clientId ?? deps.fallbackClientId?.();

  const effects = signupEffects(flow, deps, clientId);
  reactToViews(flow, deps);

  return {
    ...flow.surface,

    /** What the code step's sub-flow needs (src/ui/OtpStep.tsx creates it with its view). */
    codeStep: {
      sendOtp: deps.sendOtp,
      verifyOtp: deps.verifyOtp,
      clientId,
      onVerified: (id: string): void => {
        dispatch({ type: 'otpVerified', id });
        if (flow.get().submitting) void effects.runOnboarding();
      },
      ...(deps.recaptchaRequired ? { recaptchaRequired: deps.recaptchaRequired } : {}),
      ...(deps.shieldParams ? { shieldParams: deps.shieldParams } : {}),
      wait: deps.wait,
    } satisfies OtpDeps,

    /** Reads the presets once the page runs (secrets have already left the address). */
    init: (presets: SignupPresets) => init(flow, deps, presets),

    changePhone(value: PhoneInputValue): void {
      dispatch(phoneChanged(value, deps.parsePhone(value)));
    },

    change(field: TextField, value: string): void {
      dispatch({ type: 'valueChanged', field, value });
    },

    /** A field lost focus: say what is wrong with it (required, format, phone; effects.ts). */
    blur: (field: SignupField): void => effects.blur(field),

    /** Checks the form, then goes to the code step, or onboards at once with a proof (effects.ts). */
    submit: (): Promise<void> => effects.submit(),

    /** Leaves the code step for the form (everything typed is kept); a late answer is dropped. */
    back: (): void => {
      flow.cancel();
      dispatch({ type: 'back' });
    },

    /**
     * Apple or Google: called straight from the click (the window opens at once), or with the
     * result of Google's own button or One Tap.
     */
    socialSignIn: effects.socialSignIn,

    /** 'Don't link it': the sign-up goes on without the Apple or Google account, its token forgotten. */
    declineSocial(): void {
      const provider = flow.get().prefill?.provider;
      dispatch({ type: 'socialDeclined' });
      if (provider && !flow.get().prefill) {
        deps.analytics.track('social_link_declined', { flow: provider, page: 'signup_form' });
      }
    },

    /** Google One Tap, when the googleOneTap flag is on and the form shows Google: once. */
    offerOneTap: effects.offerOneTap,
  };
}

export type SignupFlow = ReturnType<typeof createSignupFlow>;
