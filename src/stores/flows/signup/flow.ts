/**
 * The sign-up flow's effects: onboarding (after the code step, or at once with a proof), Apple and
 * Google (a social login, or the social sign-up when the account does not exist yet), the rate
 * limits of the onboarding (kept per number across a reload, src/stores/flows/waits.ts), and the
 * reactions to a new view (its analytics page, the code step).
 */
import { catalogue } from '../../../api/catalogue.ts';
import { toFailure } from '../../../api/errors.ts';
import { waitOf } from '../../../api/waits.ts';
import { ERROR } from '../../../contract/errors.ts';
import type { OnboardBody } from '../../../contract/onboarder.ts';
import type { Locale } from '../../../i18n/config.ts';
import type { Text } from '../../../i18n/types.ts';
import type { FlowAnalytics, FlowName } from '../../../lib/analytics.ts';
import type { PhoneInputValue } from '../../../lib/phone.ts';
import {
  emailProblem,
  formProblems,
  fullNameProblem,
  invitationCodeProblem,
  phoneProblem,
} from '../../../lib/signup-rules.ts';
import type { SocialProvider, SocialResult } from '../../../lib/social/types.ts';
import type { Flags } from '../../flags.ts';
import { createFlow, type Flow } from '../create-flow.ts';
import { laterOtp, type LaterOtp } from '../later-otp.ts';
import type { OtpDeps } from '../otp.ts';
import { openSocial, wireOneTap, type SocialDeps } from '../social.ts';
import { waitTask, type WaitDeps } from '../waits.ts';
import type { SignupPresets } from './presets.ts';
import { onboardBody } from './requests.ts';
import {
  flowOf,
  initialState,
  isRateLimited,
  pageOf,
  rulesValues,
  signupWaitScope,
  visibleOf,
  type SignupEvent,
  type SignupField,
  type SignupState,
  type TextField,
} from './state.ts';
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
  parsePhone: (value: PhoneInputValue) => string | undefined;
  /** Loads what `parsePhone` needs (phone metadata). */
  loadPhone: () => Promise<unknown>;
  /** The preset number as an input value (country and national number). */
  presetPhone?: (digits: string) => Promise<PhoneInputValue | undefined>;
  flags: () => Pick<Flags, 'weakPasswords'>;
  analytics: FlowAnalytics;
  deviceId: () => string;
  profiling: () => Record<string, unknown> | undefined;
  /** The client id when the address has none (kept by the shell from an earlier page). */
  fallbackClientId?: () => string | undefined;
  recaptchaRequired?: () => boolean;
  shieldParams?: () => Record<string, unknown> | undefined;
  /** Rate limits of the code step and the onboarding kept across a reload (flows/waits.ts). */
  wait?: WaitDeps | undefined;
}

type SignupCore = Flow<SignupState, SignupEvent>;

/** A token: analytics are flushed, then (unless the answer is late) the redirect. */
type Finish = (
  token: string,
  name: FlowName,
  signal: AbortSignal,
  registered: boolean,
) => Promise<void>;

/** What is wrong with a field when it loses focus (the password speaks while it is typed). */
function fieldProblem(state: SignupState, field: SignupField): Text | undefined {
  const { values } = state;
  switch (field) {
    case 'fullName':
      return fullNameProblem(values.fullName);
    case 'email':
      return emailProblem(values.email);
    case 'phone':
      return values.phone.input.trim() === ''
        ? undefined
        : phoneProblem(values.phone.input, state.phoneDigits);
    case 'invitationCode':
      return invitationCodeProblem(values.invitationCode);
    case 'password':
      return undefined;
  }
}

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

/** Apple or Google: a login when the account exists, else the form turns into its sign-up. */
function socialAction(flow: SignupCore, deps: SignupDeps, context: () => Context, finish: Finish) {
  const { dispatch } = flow;
  /** `given`: the result of Google's own button or One Tap (nothing to open). */
  return async (provider: SocialProvider, given?: SocialResult): Promise<void> => {
    const before = flow.get();
    if (before.submitting || before.social || before.view !== 'signup_form') return;
    dispatch({ type: 'socialStarted', provider });
    const signal = flow.begin();
    const result = await openSocial(
      provider,
      deps,
      (reason) => dispatch({ type: 'socialFailed', provider, reason }),
      signal,
      given,
    );
    if (!result) return;
    dispatch({ type: 'socialSubmitted' });
    deps.analytics.track(`${provider}_submitted`, { flow: provider, page: 'signup_form' });
    try {
      const login = provider === 'apple' ? deps.appleLogin : deps.googleLogin;
      const token = await login(result.idToken, context());
      if (signal.aborted) return;
      // Already registered: the social proof token goes straight to the redirect.
      await finish(token, provider, signal, false);
    } catch (error) {
      if (signal.aborted) return;
      const failure = toFailure(error);
      const unregistered =
        failure.kind === 'http' &&
        failure.status === 400 &&
        failure.body?.error === ERROR.unregisteredUser;
      if (!unregistered) {
        dispatch({ type: 'failed', failure });
        return;
      }
      const { idToken, email, fullName } = result;
      dispatch({ type: 'socialUnregistered', prefill: { provider, idToken, email, fullName } });
    }
  };
}

export function createSignupFlow(deps: SignupDeps) {
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;
  const clientId = () => flow.get().presets.clientId ?? deps.fallbackClientId?.();
  const context = (): Context => ({ clientId: clientId() });

  const otp = laterOtp({
    sendOtp: deps.sendOtp,
    verifyOtp: deps.verifyOtp,
    clientId,
    onVerified: (id) => {
      dispatch({ type: 'otpVerified', id });
      if (flow.get().submitting) void runOnboarding();
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
  const waits = waitTask(flow, deps.wait ?? {}, () => dispatch({ type: 'waitOver' }));

  /** A token: analytics are flushed, then the identity-service redirect. */
  const finish: Finish = async (token, name, signal, registered) => {
    deps.analytics.track(registered ? 'signup_succeeded' : 'login_succeeded', { flow: name });
    await deps.analytics.flush();
    if (signal.aborted) return;
    dispatch({ type: 'succeeded', token, flow: name, registered });
  };

  async function runOnboarding(): Promise<void> {
    const signal = flow.begin();
    const state = flow.get();
    const name = flowOf(state);
    try {
      const body = onboardBody(state, {
        deviceId: deps.deviceId(),
        clientId: clientId(),
        profiling: deps.profiling(),
      });
      const token = await deps.onboard(body, context());
      if (signal.aborted) return;
      await finish(token, name, signal, true);
    } catch (error) {
      if (signal.aborted) return;
      const failure = toFailure(error);
      deps.analytics.track('signup_failed', {
        flow: name,
        page: 'signup_form',
        properties: { reason: catalogue().errorName(failure) ?? failure.kind },
      });
      // A rate limit: kept for the number, so that a reload still waits.
      const wait = waitOf(failure, waits.now());
      if (wait) waits.hold(state.phone ? signupWaitScope(state.phone) : undefined, wait);
      dispatch({ type: 'failed', failure, wait });
    }
  }

  const socialSignIn = socialAction(flow, deps, context, finish);

  // One Tap belongs to an untouched form: a typed number, another view or a call ends it.
  const oneTap = wireOneTap(
    flow,
    deps,
    (state) => state.view === 'signup_form' && state.values.phone.input === '' && !state.submitting,
    (result) => void socialSignIn('google', result),
  );

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

    /** A field lost focus: say what is wrong with it (required, format, phone). */
    blur(field: SignupField): void {
      const state = flow.get();
      if (state.view !== 'signup_form' || state.submitting) return;
      dispatch({ type: 'fieldChecked', field, error: fieldProblem(state, field) });
    },

    /** Checks the form, then goes to the code step, or onboards at once with a proof. */
    async submit(): Promise<void> {
      const state = flow.get();
      if (state.submitting || state.social || state.view !== 'signup_form') return;
      if (isRateLimited(state)) return;
      const problems = formProblems(rulesValues(state), visibleOf(state), deps.flags());
      if (Object.keys(problems).length > 0 || !state.phoneDigits) {
        dispatch({ type: 'invalid', errors: problems });
        return;
      }
      // A rate limit kept from an earlier load for this number: nothing is sent, not even a code.
      const kept = waits.restore(signupWaitScope(state.phoneDigits));
      if (kept) {
        dispatch({ type: 'waitRestored', wait: kept });
        return;
      }
      deps.analytics.track('signup_submitted', { flow: flowOf(state), page: 'signup_form' });
      dispatch({ type: 'submitted', phone: state.phoneDigits });
      if (flow.get().submitting) await runOnboarding();
    },

    /** Leaves the code step for the form (everything typed is kept); a late answer is dropped. */
    back: (): void => {
      flow.cancel();
      dispatch({ type: 'back' });
    },

    /**
     * Apple or Google: called straight from the click (the window opens at once), or with the
     * result of Google's own button or One Tap.
     */
    socialSignIn,

    /** Google One Tap, when the googleOneTap flag is on and the form shows Google: once. */
    offerOneTap: (enabled: boolean): void => oneTap.offer(enabled),
  };
}

export type SignupFlow = ReturnType<typeof createSignupFlow>;
