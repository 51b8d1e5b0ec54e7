/**
 * The login's effects: the login call of each attempt and its answer (a wait kept for the phone or
 * e-mail), the submits that send it, and Apple, Google and One Tap.
 */
import { toFailure, type ApiFailure } from '../../../api/errors.ts';
import type { LoginAnswer } from '../../../api/login.ts';
import { ERROR } from '../../../contract/errors.ts';
import { waitOf } from '../../../api/waits.ts';
import { isEmailAddress } from '../../../lib/patterns.ts';
import type { SocialProvider, SocialResult } from '../../../lib/social/types.ts';
import type { Flow } from '../create-flow.ts';
import { openSocial, wireOneTap } from '../social.ts';
import { waitTask } from '../waits.ts';
import type { LoginDeps } from './flow.ts';
import { answerError, emailLoginBody, phoneLoginBody } from './requests.ts';
import type { Attempt, LoginEvent, LoginState } from './state.ts';

type LoginCore = Flow<LoginState, LoginEvent>;

/** Where a login's wait is kept: per phone or e-mail (a social attempt keeps none). */
export function loginWaitScope(attempt: Attempt): string | undefined {
  if (attempt.kind === 'phone') return `login:${attempt.phone}`;
  if (attempt.kind === 'email') return `login:${attempt.email}`;
  return undefined;
}

/**
 * The call that signs `attempt` in, with what the state holds (answers, verified code, 'Stay
 * signed in') and whether this browser holds a trusted device (`knownDevice`).
 */
async function callLogin(
  deps: LoginDeps,
  state: LoginState,
  attempt: Attempt,
  profiling: Record<string, unknown> | undefined,
  knownDevice: boolean,
): Promise<LoginAnswer> {
  const context = { clientId: state.presets.clientId };
  switch (attempt.kind) {
    case 'phone':
      return deps.phoneLogin(phoneLoginBody(state, attempt.phone, profiling, knownDevice), context);
    case 'email':
      return deps.emailLogin(emailLoginBody(state, attempt.email, profiling, knownDevice), context);
    case 'apple':
      return { token: await deps.appleLogin(attempt.idToken, context) };
    case 'google':
      return { token: await deps.googleLogin(attempt.idToken, context) };
  }
}

/**
 * The identity API asked for the code although this browser said it was known: its trusted
 * device is gone (revoked, expired, another account's), and the page no longer says so. The code
 * step comes as usual, with no error.
 */
function codeAskedOf(failure: ApiFailure): boolean {
  return (
    failure.kind === 'http' &&
    failure.body?.error === ERROR.challengeRequired &&
    failure.body.additional_information?.challenge === 'otp'
  );
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
      const checked = await deps.validatePhone(state.phoneInput);
      if (!checked || 'refused' in checked) {
        dispatch({ type: 'invalid', error: checked?.refused ?? { key: 'fields:phone.invalid' } });
        return;
      }
      dispatch({ type: 'submitted', attempt: { kind: 'phone', phone: checked.digits } });
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

/**
 * The effects of one login flow: `passkey` says whether a code login is offered a passkey first.
 * Everything they bind (the wait's timer, One Tap) ends with the flow.
 */
export function loginEffects(
  flow: LoginCore,
  deps: LoginDeps,
  passkey: { shouldOffer: (phone: string) => Promise<boolean> },
) {
  const { dispatch } = flow;
  const waits = waitTask(flow, deps.wait ?? {}, () => dispatch({ type: 'waitOver' }));

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
    const knownDevice = deps.trustedDevice?.known() ?? false;
    // A password is checked against data breaches while it is sent (1 s at most, never failing).
    const breach = state.view === 'password_form' && deps.checkPassword?.(state.answers.password);
    try {
      const profiling = await deps.profiling();
      if (signal.aborted) return;
      const { token, trustedDeviceExpiresAt } = await callLogin(
        deps,
        state,
        attempt,
        profiling,
        knownDevice,
      );
      if (trustedDeviceExpiresAt) deps.trustedDevice?.keep(trustedDeviceExpiresAt);
      const breached = !!(await breach);
      if (signal.aborted) return;
      // After a code login, a device that can add a passkey is offered one first.
      const offerPasskey =
        attempt.kind === 'phone' &&
        state.otpId !== undefined &&
        (await passkey.shouldOffer(attempt.phone));
      if (signal.aborted) return;
      deps.analytics.track('login_succeeded', { flow: attempt.kind });
      await deps.analytics.flush();
      dispatch({
        type: 'succeeded',
        token,
        offerPasskey,
        breached,
        trusted: trustedDeviceExpiresAt !== undefined,
      });
    } catch (error) {
      if (signal.aborted) return;
      const failure = toFailure(error);
      if (knownDevice && codeAskedOf(failure)) deps.trustedDevice?.forget();
      const wait = waitOf(failure, waits.now());
      if (wait) waits.hold(scope, wait);
      dispatch({ type: 'failed', failure, wait });
    }
  }

  const oneTap = wireOneTap(flow, deps, isUntouchedPhoneForm, (result) => {
    void socialSignIn('google', result);
  });

  /**
   * Apple or Google: called straight from the click (the window opens at once, before any wait),
   * or with the `given` result of Google's own button or One Tap.
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
    login,
    socialSignIn,
    offerOneTap: (enabled: boolean): void => oneTap.offer(enabled),
    ...submitActions(flow, deps, login),
  };
}
