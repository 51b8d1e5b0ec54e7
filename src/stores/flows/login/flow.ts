/**
 * The login flow: its state (state.ts) changed only through its one transition (transition.ts),
 * the typing, passkeys, and the reactions to a new view (its analytics page, the sign-up
 * redirect). The submits, the login calls and their answers, Apple and Google are its effects
 * (effects.ts). The code step is a view with its own sub-flow (src/ui/OtpStep.tsx, ../otp.ts):
 * the flow hands it `codeStep`.
 */
import type { LoginAnswer } from '../../../api/login.ts';
import type { EmailLoginBody, PhoneLoginBody } from '../../../contract/identity-api.ts';
import type { Locale } from '../../../i18n/config.ts';
import type { FlowAnalytics } from '../../../lib/analytics.ts';
import type { CheckedPhone, PhoneInputValue } from '../../../lib/phone.ts';
import type { SignupHandoff } from '../../../lib/signup-handoff.ts';
import type { TrustedDevice } from '../../../lib/trusted-device.ts';
import { createFlow, type Flow } from '../create-flow.ts';
import type { AddressCodeDeps, OtpDeps } from '../otp.ts';
import type { SocialDeps } from '../social.ts';
import type { WaitDeps } from '../waits.ts';
import { loginEffects } from './effects.ts';
import { loginPasskeys, type LoginPasskeyDeps } from './passkeys.ts';
import { signupHref, type LoginPresets } from './presets.ts';
import {
  flowOf,
  initialState,
  pageOf,
  type Answers,
  type LoginEvent,
  type LoginState,
} from './state.ts';
import { transition } from './transition.ts';

type Context = { clientId?: string | undefined };

export interface LoginDeps extends SocialDeps {
  locale: Locale;
  phoneLogin: (body: PhoneLoginBody, context: Context) => Promise<LoginAnswer>;
  emailLogin: (body: EmailLoginBody, context: Context) => Promise<LoginAnswer>;
  appleLogin: (idToken: string, context: Context) => Promise<string>;
  googleLogin: (idToken: string, context: Context) => Promise<string>;
  sendOtp: OtpDeps['sendOtp'];
  verifyOtp: OtpDeps['verifyOtp'];
  /**
   * A phone input checked before a code is sent: its digits, or the flags' refusal of its
   * country; undefined when it is not a valid number (browser-deps.ts).
   */
  validatePhone: (value: PhoneInputValue) => Promise<CheckedPhone | undefined>;
  /**
   * Whether a password signed in with has appeared in a data breach (a problem), checked while
   * the login is sent: the sign-in goes through, then offers a new password (none where it is
   * not given).
   */
  checkPassword?: (password: string) => Promise<unknown>;
  /** The preset number as an input value (country and national number). */
  presetPhone?: (digits: string) => Promise<PhoneInputValue | undefined>;
  navigate: (href: string) => void;
  /** Keeps what sign-up takes over in this tab's session storage (src/lib/signup-handoff.ts). */
  handToSignup: (handoff: SignupHandoff) => void;
  analytics: FlowAnalytics;
  /** The device record sent with a login. */
  profiling: () =>
    Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
  recaptchaRequired?: () => boolean;
  shieldParams?: OtpDeps['shieldParams'];
  /** Passkey sign-in and enrolment (none where it is not given). */
  passkeys?: LoginPasskeyDeps;
  /** Rate limits kept across a reload, per phone or e-mail and per code (../waits.ts). */
  wait?: WaitDeps | undefined;
  /**
   * What this browser knows of its trusted device ('Stay signed in'): the logins'
   * `is_known_device` (none where it is not given: never known).
   */
  trustedDevice?: TrustedDevice | undefined;
  /**
   * The code `?view=otp&fullMobileNumber=` asks for: sent once the page is shown, at most once a
   * minute per number from this device (security review, L1; ../otp.ts).
   */
  addressCode?: Omit<AddressCodeDeps, 'opened' | 'refused'> | undefined;
}

type LoginCore = Flow<LoginState, LoginEvent>;

/** Reactions to a new view: its analytics page, the passkey offer, sign-up. */
function reactToViews(
  flow: LoginCore,
  deps: LoginDeps,
  passkey: { offer: (token: string, phone: string) => void },
): void {
  flow.onChange((state, previous) => {
    if (state.view === previous.view) return;
    if (state.view === 'passkey_offer' && state.attempt?.kind === 'phone') {
      passkey.offer(state.token, state.attempt.phone);
    }
    const page = pageOf(state.view);
    if (page) deps.analytics.page(page, flowOf(state));
    if (state.view === 'redirect_to_signup') {
      deps.handToSignup(state.handoff);
      deps.navigate(signupHref(deps.locale, state.presets, state.handoff));
    }
  });
}

export function createLoginFlow(deps: LoginDeps) {
  const flow = createFlow({ initial: initialState(), transition, opening: 'initialized' });
  const { dispatch } = flow;

  const passkey = loginPasskeys(
    deps.passkeys,
    {
      analytics: deps.analytics,
      clientId: () => flow.get().presets.clientId,
      onSignedIn: (token) => void finish(token, 'biometric'),
      onOfferClosed: () => dispatch({ type: 'offerClosed' }),
    },
    flow.isDestroyed,
  );
  flow.onDestroy(passkey.destroy);

  const effects = loginEffects(flow, deps, passkey);

  // The code step the address opened, until the person leaves it: the code it asks for is sent
  // under the address's rules (L1); a code step the person reaches by signing in is not.
  let openedByAddress = false;
  flow.onChange((state) => {
    if (state.view !== 'otp') openedByAddress = false;
  });

  /**
   * The code step the address opened is for a number of a country the flags leave out
   * (`checkPhone`): no code; back to the phone form with the number, told so at the field.
   */
  async function refusedByAddress(phone: string): Promise<boolean> {
    const value = await deps.presetPhone?.(phone);
    const checked = value && (await deps.validatePhone(value));
    if (!value || !checked || !('refused' in checked)) return false;
    if (!flow.isDestroyed()) {
      dispatch({ type: 'back' });
      dispatch({ type: 'phoneChanged', value });
      dispatch({ type: 'invalid', error: checked.refused });
    }
    return true;
  }

  /** A passkey signed the person in: the same hand-off as every login, flow `biometric`. */
  async function finish(token: string, name: 'biometric'): Promise<void> {
    deps.analytics.track('login_succeeded', { flow: name });
    await deps.analytics.flush();
    dispatch({ type: 'succeeded', token, flow: name });
  }

  reactToViews(flow, deps, passkey);

  return {
    ...flow.surface,
    /** The passkey sub-flow, once loaded where the browser runs passkeys. */
    $passkey: passkey.$passkey,

    /** What the code step's sub-flow needs (src/ui/OtpStep.tsx creates it with its view). */
    codeStep: {
      sendOtp: deps.sendOtp,
      verifyOtp: deps.verifyOtp,
      clientId: () => flow.get().presets.clientId,
      onVerified: (id: string): void => {
        dispatch({ type: 'otpVerified', id });
        void effects.login();
      },
      ...(deps.recaptchaRequired ? { recaptchaRequired: deps.recaptchaRequired } : {}),
      ...(deps.shieldParams ? { shieldParams: deps.shieldParams } : {}),
      wait: deps.wait,
      addressCode: deps.addressCode && {
        ...deps.addressCode,
        opened: () => openedByAddress,
        refused: refusedByAddress,
      },
    } satisfies OtpDeps,

    /** Reads the presets once the page runs (the csrf has already been taken out). */
    async init(presets: LoginPresets): Promise<void> {
      const before = flow.get().view;
      dispatch({ type: 'initialized', presets });
      openedByAddress = flow.get().view === 'otp';
      void passkey.start();
      const state = flow.get();
      // The reactions follow changes only: the first page is reported when it did not change.
      if (state.view === before) {
        const page = pageOf(state.view);
        if (page) deps.analytics.page(page, flowOf(state));
      }
      if (presets.fullMobileNumber && deps.presetPhone) {
        const value = await deps.presetPhone(presets.fullMobileNumber);
        if (value && !flow.isDestroyed() && flow.get().phoneInput.input === '') {
          dispatch({ type: 'phoneChanged', value });
        }
      }
    },

    changePhone: (value: PhoneInputValue) => dispatch({ type: 'phoneChanged', value }),
    changeEmail: (value: string) => dispatch({ type: 'emailChanged', value }),
    changeAnswer: (field: keyof Answers, value: string) =>
      dispatch({ type: 'answerChanged', field, value }),
    /** 'Stay signed in on this browser' (the password and code steps). */
    changeRemember: (value: boolean) => dispatch({ type: 'rememberChanged', value }),
    switchMethod: (method: 'phone' | 'email') => dispatch({ type: 'switchMethod', method }),
    /** The phone, the e-mail, a challenge's answer, the name (effects.ts): checked, then sent. */
    submitPhone: (): Promise<void> => effects.submitPhone(),
    submitEmail: (): Promise<void> => effects.submitEmail(),
    submitAnswer: (): Promise<void> => effects.submitAnswer(),
    answerName: (confirmed: boolean): Promise<void> => effects.answerName(confirmed),
    tryAnotherWay: () => dispatch({ type: 'tryAnotherWay' }),
    /** 'Not now' to the new password a breached password is offered: the redirect. */
    closeOffer: () => dispatch({ type: 'offerClosed' }),

    /** Back to the first view: an answer still on its way is dropped. */
    back: (): void => {
      flow.cancel();
      dispatch({ type: 'back' });
    },

    /**
     * Apple or Google: called straight from the click (the window opens at once), or with the
     * `given` result of Google's own button or One Tap.
     */
    socialSignIn: effects.socialSignIn,

    /**
     * Google One Tap on the phone view, when the googleOneTap flag is on and the page shows Google
     * (showGoogle, googleEnabled): once, while nothing is typed.
     */
    offerOneTap(enabled: boolean): void {
      effects.offerOneTap(enabled && flow.get().presets.showGoogle);
    },

    chooseDashboard: (url: string): void => deps.navigate(url),
  };
}

export type LoginFlow = ReturnType<typeof createLoginFlow>;
