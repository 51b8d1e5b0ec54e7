/**
 * The login flow's effects: the login calls of each attempt, the code step, Apple and Google,
 * and the reactions to a new view (its analytics page, the code step, the sign-up redirect).
 */
import { toFailure } from '../../../api/errors.ts';
import { waitOf } from '../../../api/waits.ts';
import type { EmailLoginBody, PhoneLoginBody } from '../../../contract/identity-api.ts';
import type { Locale } from '../../../i18n/config.ts';
import type { FlowAnalytics } from '../../../lib/analytics.ts';
import { isEmailAddress } from '../../../lib/patterns.ts';
import type { PhoneInputValue } from '../../../lib/phone.ts';
import type { SocialProvider, SocialResult } from '../../../lib/social/types.ts';
import { createFlow, type Flow } from '../create-flow.ts';
import { laterOtp, type LaterOtp } from '../later-otp.ts';
import type { OtpDeps } from '../otp.ts';
import { openSocial, wireOneTap, type SocialDeps } from '../social.ts';
import { loginPasskeys, type LoginPasskeyDeps } from './passkeys.ts';
import { waitTask, type WaitDeps } from '../waits.ts';
import { signupHref, type LoginPresets } from './presets.ts';
import { answerError, emailLoginBody, phoneLoginBody } from './requests.ts';
import {
  flowOf,
  initialState,
  pageOf,
  type Answers,
  type Attempt,
  type LoginEvent,
  type LoginState,
} from './state.ts';
import { transition } from './transition.ts';

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
  profiling: () => Record<string, unknown> | undefined;
  recaptchaRequired?: () => boolean;
  shieldParams?: () => Record<string, unknown> | undefined;
  /** Passkey sign-in and enrolment (none where it is not given). */
  passkeys?: LoginPasskeyDeps;
  /** Waits kept across a reload and their end (src/stores/flows/waits.ts). */
  wait?: WaitDeps | undefined;
}

/** Where a login's wait is kept: per phone or e-mail (a social attempt keeps none). */
export function loginWaitScope(attempt: Attempt): string | undefined {
  if (attempt.kind === 'phone') return `login:${attempt.phone}`;
  if (attempt.kind === 'email') return `login:${attempt.email}`;
  return undefined;
}

type LoginCore = Flow<LoginState, LoginEvent>;

/** The call that signs `attempt` in, with what the state holds (answers, verified code). */
function callLogin(deps: LoginDeps, state: LoginState, attempt: Attempt): Promise<string> {
  const context = { clientId: state.presets.clientId };
  switch (attempt.kind) {
    case 'phone':
      return deps.phoneLogin(phoneLoginBody(state, attempt.phone, deps.profiling()), context);
    case 'email':
      return deps.emailLogin(emailLoginBody(state, attempt.email, deps.profiling()), context);
    case 'apple':
      return deps.appleLogin(attempt.idToken, context);
    case 'google':
      return deps.googleLogin(attempt.idToken, context);
  }
}

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

/** Phone, e-mail, a challenge's answer, the name: each checked, then the login is sent. */
function submitActions(flow: LoginCore, deps: LoginDeps, login: () => Promise<void>) {
  const { dispatch } = flow;
  return {
    async submitPhone(): Promise<void> {
      const state = flow.get();
      if (state.submitting || state.social) return;
      if (state.phoneInput.input.trim() === '') {
        dispatch({ type: 'invalid', error: { key: 'fields:phone.invalid' } });
        return;
      }
      const phone = await deps.validatePhone(state.phoneInput);
      if (!phone) {
        dispatch({ type: 'invalid', error: { key: 'fields:phone.invalid' } });
        return;
      }
      dispatch({ type: 'submitted', attempt: { kind: 'phone', phone } });
      deps.analytics.track('phone_submitted', { flow: 'phone', page: 'welcome' });
      await login();
    },

    async submitEmail(): Promise<void> {
      const state = flow.get();
      if (state.submitting || state.social) return;
      const email = state.emailInput.trim();
      if (email === '') {
        dispatch({ type: 'invalid', error: { key: 'fields:required' } });
        return;
      }
      if (!isEmailAddress(email)) {
        dispatch({ type: 'invalid', error: { key: 'fields:email.invalid' } });
        return;
      }
      dispatch({ type: 'submitted', attempt: { kind: 'email', email: email.toLowerCase() } });
      deps.analytics.track('email_submitted', { flow: 'email', page: 'welcome' });
      await login();
    },

    /** Sends the answer of the password, challenge or enhanced name view. */
    async submitAnswer(): Promise<void> {
      const state = flow.get();
      if (state.submitting) return;
      const error = answerError(state.view, state.answers);
      if (error) {
        dispatch({ type: 'invalid', error });
        return;
      }
      if (state.view === 'name_confirmation') dispatch({ type: 'nameAnswered', confirmed: true });
      else dispatch({ type: 'submitted' });
      await login();
    },

    /** Classic name confirmation: yes, or no (also the enhanced account reset). */
    async answerName(confirmed: boolean): Promise<void> {
      const state = flow.get();
      if (state.submitting || state.view !== 'name_confirmation') return;
      dispatch({ type: 'nameAnswered', confirmed });
      await login();
    },
  };
}

/** One Tap is offered on the phone view until a digit is typed or a call starts. */
function isUntouchedPhoneForm(state: LoginState): boolean {
  return state.view === 'phone_form' && state.phoneInput.input === '' && !state.submitting;
}

/** The login attempt of an Apple or Google sign-in result. */
function socialAttempt(provider: SocialProvider, result: SocialResult): Attempt {
  return provider === 'apple'
    ? { kind: 'apple', idToken: result.idToken, email: result.email, fullName: result.fullName }
    : { kind: 'google', idToken: result.idToken, email: result.email };
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

  const otp = createLoginOtp(deps, flow, (id) => {
    dispatch({ type: 'otpVerified', id });
    void login();
  });
  const waits = waitTask(flow, deps.wait ?? {}, () => dispatch({ type: 'waitOver' }));

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

  /** A passkey signed the person in: the same hand-off as every login, flow `biometric`. */
  async function finish(token: string, name: 'biometric'): Promise<void> {
    deps.analytics.track('login_succeeded', { flow: name });
    await deps.analytics.flush();
    dispatch({ type: 'succeeded', token, flow: name });
  }

  /**
   * Sends the attempt's login; a success flushes analytics before the redirect. Nothing is sent
   * while a wait holds (the submit was refused), or when one kept from an earlier load holds for
   * this phone or e-mail.
   */
  async function login(): Promise<void> {
    const state = flow.get();
    const attempt = state.attempt;
    if (!attempt || !state.submitting) return;
    const scope = loginWaitScope(attempt);
    const kept = scope === undefined ? undefined : waits.restore(scope);
    if (kept) {
      dispatch({ type: 'waitRestored', wait: kept });
      return;
    }
    const signal = flow.begin();
    try {
      const token = await callLogin(deps, state, attempt);
      if (signal.aborted) return;
      // After a code login, a device that can add a passkey is offered one first.
      const offerPasskey =
        attempt.kind === 'phone' &&
        state.otpId !== undefined &&
        (await passkey.shouldOffer(attempt.phone));
      if (signal.aborted) return;
      deps.analytics.track('login_succeeded', { flow: attempt.kind });
      await deps.analytics.flush();
      dispatch({ type: 'succeeded', token, offerPasskey });
    } catch (error) {
      if (signal.aborted) return;
      const failure = toFailure(error);
      const wait = waitOf(failure, waits.now());
      if (wait) waits.hold(scope, wait);
      dispatch({ type: 'failed', failure, wait });
    }
  }

  reactToViews(flow, deps, otp, passkey);

  const oneTap = wireOneTap(flow, deps, isUntouchedPhoneForm, (result) => {
    void socialSignIn('google', result);
  });

  /**
   * Apple or Google: called straight from the click (the window opens at once), or with the
   * `given` result of Google's own button or One Tap.
   */
  async function socialSignIn(provider: SocialProvider, given?: SocialResult): Promise<void> {
    const before = flow.get();
    if (before.submitting || before.social) return;
    dispatch({ type: 'socialStarted', provider });
    const result = await openSocial(
      provider,
      deps,
      (reason) => dispatch({ type: 'socialFailed', provider, reason }),
      undefined,
      given,
    );
    if (!result) return;
    dispatch({ type: 'submitted', attempt: socialAttempt(provider, result) });
    deps.analytics.track(`${provider}_submitted`, { flow: provider });
    await login();
  }

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
    ...submitActions(flow, deps, login),
    tryAnotherWay: () => dispatch({ type: 'tryAnotherWay' }),

    /** Back to the first view: an answer still on its way is dropped. */
    back: (): void => {
      flow.cancel();
      dispatch({ type: 'back' });
    },

    socialSignIn,

    /**
     * Google One Tap on the phone view, when the googleOneTap flag is on and the page shows Google
     * (showGoogle, googleEnabled): once, while nothing is typed.
     */
    offerOneTap(enabled: boolean): void {
      oneTap.offer(enabled && flow.get().presets.showGoogle);
    },

    chooseDashboard: (url: string): void => deps.navigate(url),
  };
}

export type LoginFlow = ReturnType<typeof createLoginFlow>;
