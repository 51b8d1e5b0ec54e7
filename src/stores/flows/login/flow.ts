/**
 * The login flow: its state and first-view actions, the code step, passkeys, and the reactions to
 * a new view (its analytics page, the code step, the sign-up redirect). The calls and their
 * answers (effects.ts) load when the browser is idle, as do the waits kept across a reload: an
 * action that needs them waits for them.
 */
import type { EmailLoginBody, PhoneLoginBody } from '../../../contract/identity-api.ts';
import type { Locale } from '../../../i18n/config.ts';
import type { FlowAnalytics } from '../../../lib/analytics.ts';
import { isOffline } from '../../../api/errors.ts';
import { later, madeLater, withMade } from '../../../lib/later.ts';
import type { PhoneInputValue } from '../../../lib/phone.ts';
import type { SocialProvider, SocialResult } from '../../../lib/social/types.ts';
import { createFlow, type Flow } from '../create-flow.ts';
import { laterOtp, type LaterOtp } from '../later-otp.ts';
import { withWaits } from '../later-waits.ts';
import type { OtpDeps } from '../otp.ts';
import type { SocialDeps } from '../social.ts';
import type { WaitDeps } from '../waits.ts';
import type { LoginEffects } from './effects.ts';
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
import { firstViewTransition } from './first-view.ts';

const effectsCode = later(() => import('./effects.ts'), { patient: true });

/**
 * The flow's transition: the whole one (transition.ts) once the effects are here, which bring it;
 * until then, the first view's (first-view.ts), as every other event comes from them.
 */
const transition = (state: LoginState, event: LoginEvent): LoginState =>
  (effectsCode.loaded()?.transition ?? firstViewTransition)(state, event);

type Context = { clientId?: string | undefined };

export interface LoginDeps extends SocialDeps {
  locale: Locale;
  phoneLogin: (body: PhoneLoginBody, context: Context) => Promise<string>;
  emailLogin: (body: EmailLoginBody, context: Context) => Promise<string>;
  appleLogin: (idToken: string, context: Context) => Promise<string>;
  googleLogin: (idToken: string, context: Context) => Promise<string>;
  sendOtp: OtpDeps['sendOtp'];
  verifyOtp: OtpDeps['verifyOtp'];
  /** A phone input to international digits, or undefined when it is not a valid number. */
  validatePhone: (value: PhoneInputValue) => Promise<string | undefined>;
  /** The preset number as an input value (country and national number). */
  presetPhone?: (digits: string) => Promise<PhoneInputValue | undefined>;
  navigate: (href: string) => void;
  analytics: FlowAnalytics;
  /** The device record (its module may come later, with the calls). */
  profiling: () =>
    Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
  recaptchaRequired?: () => boolean;
  shieldParams?: OtpDeps['shieldParams'];
  /** Passkey sign-in and enrolment (none where it is not given). */
  passkeys?: LoginPasskeyDeps;
  /**
   * Rate limits kept across a reload, per phone or e-mail and per code (src/stores/flows/waits.ts):
   * loaded with the effects and the code step, which wait for them.
   */
  wait?: (() => Promise<WaitDeps>) | undefined;
}

type LoginCore = Flow<LoginState, LoginEvent>;

/** Reactions to a new view: its analytics page, the code step, the passkey offer, sign-up. */
function reactToViews(
  flow: LoginCore,
  deps: LoginDeps,
  otp: LaterOtp,
  passkey: { offer: (token: string, phone: string) => void },
): void {
  flow.onChange((state, previous) => {
    if (state.view === previous.view) return;
    if (state.view === 'passkey_offer' && state.attempt?.kind === 'phone') {
      passkey.offer(state.token, state.attempt.phone);
    }
    const page = pageOf(state.view);
    if (page) deps.analytics.page(page, flowOf(state));
    if (previous.view === 'otp') otp.stop();
    if (state.view === 'otp') {
      const attempt = state.attempt;
      const identifier =
        attempt?.kind === 'phone' ? attempt.phone : attempt?.kind === 'email' ? attempt.email : '';
      if (identifier) void otp.start(identifier);
    }
    if (state.view === 'redirect_to_signup') {
      deps.navigate(signupHref(deps.locale, state.presets, state.carry));
    }
  });
}

/** The login's code step, stopped with the flow. */
function createLoginOtp(
  deps: LoginDeps,
  flow: LoginCore,
  onVerified: (id: string) => void,
): LaterOtp {
  const otp = laterOtp({
    sendOtp: deps.sendOtp,
    verifyOtp: deps.verifyOtp,
    clientId: () => flow.get().presets.clientId,
    onVerified,
    ...(deps.recaptchaRequired ? { recaptchaRequired: deps.recaptchaRequired } : {}),
    ...(deps.shieldParams ? { shieldParams: deps.shieldParams } : {}),
    wait: deps.wait,
  });
  flow.onDestroy(() => {
    otp.stop();
    otp.destroy();
  });
  return otp;
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
      onOfferClosed: () => dispatch({ type: 'passkeyOfferClosed' }),
    },
    flow.isDestroyed,
  );
  flow.onDestroy(passkey.destroy);

  /** The effects, made once their code and the kept waits are here. */
  const effects = madeLater(withWaits(effectsCode, deps.wait), ([code, wait]) =>
    code.loginEffects(flow, deps, wait, passkey),
  );
  /** Runs an action with the effects, once they are here (at once when they are). */
  const withEffects = withMade(effects, flow.isDestroyed);

  const otp = createLoginOtp(deps, flow, (id) => {
    dispatch({ type: 'otpVerified', id });
    void withEffects((here) => here.login())();
  });

  /** A passkey signed the person in: the same hand-off as every login, flow `biometric`. */
  async function finish(token: string, name: 'biometric'): Promise<void> {
    deps.analytics.track('login_succeeded', { flow: name });
    await deps.analytics.flush();
    dispatch({ type: 'succeeded', token, flow: name });
  }

  /**
   * A submit of the first view: offline before the effects are here, said at once (as a login
   * sent offline is), the input kept; otherwise with the effects.
   */
  const offlineOrEffects = (action: (effects: LoginEffects) => Promise<void>) => {
    const run = withEffects(action);
    return (): Promise<void> => {
      if (effects.now() || !isOffline()) return run();
      dispatch({ type: 'failed', failure: { kind: 'offline' } });
      return Promise.resolve();
    };
  };

  const offerOneTap = withEffects((here, enabled: boolean) => here.offerOneTap(enabled));

  reactToViews(flow, deps, otp, passkey);

  return {
    ...flow.surface,
    otp,
    /** The passkey sub-flow, once loaded where the browser runs passkeys. */
    $passkey: passkey.$passkey,

    /** Reads the presets once the page runs (the csrf has already been taken out). */
    async init(presets: LoginPresets): Promise<void> {
      const before = flow.get().view;
      dispatch({ type: 'initialized', presets });
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
    switchMethod: (method: 'phone' | 'email') => dispatch({ type: 'switchMethod', method }),
    /** The phone, the e-mail, a challenge's answer, the name (effects.ts): checked, then sent. */
    submitPhone: offlineOrEffects((here) => here.submitPhone()),
    submitEmail: offlineOrEffects((here) => here.submitEmail()),
    submitAnswer: withEffects((here) => here.submitAnswer()),
    answerName: withEffects((here, confirmed: boolean) => here.answerName(confirmed)),
    tryAnotherWay: () => dispatch({ type: 'tryAnotherWay' }),

    /** Back to the first view: an answer still on its way is dropped. */
    back: (): void => {
      flow.cancel();
      dispatch({ type: 'back' });
    },

    /**
     * Apple or Google: called straight from the click (the window opens at once, the effects
     * being here by then), or with the `given` result of Google's own button or One Tap.
     */
    socialSignIn: withEffects((here, provider: SocialProvider, given?: SocialResult) =>
      here.socialSignIn(provider, given),
    ),

    /**
     * Google One Tap on the phone view, when the googleOneTap flag is on and the page shows Google
     * (showGoogle, googleEnabled): once, while nothing is typed.
     */
    offerOneTap(enabled: boolean): void {
      void offerOneTap(enabled && flow.get().presets.showGoogle);
    },

    chooseDashboard: (url: string): void => deps.navigate(url),
  };
}

export type LoginFlow = ReturnType<typeof createLoginFlow>;
