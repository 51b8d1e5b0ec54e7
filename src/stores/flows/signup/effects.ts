/**
 * The sign-up's effects: the checks of the form (a field left, the submit), the onboarding and
 * its answer (a rate limit kept for the number, src/stores/flows/waits.ts), and Apple, Google and
 * One Tap (a social login, or the social sign-up when the account does not exist yet).
 */
import { errorName } from '../../../api/error-catalogue.ts';
import { toFailure } from '../../../api/errors.ts';
import { waitOf } from '../../../api/waits.ts';
import { ERROR } from '../../../contract/errors.ts';
import type { Text } from '../../../i18n/types.ts';
import type { FlowName } from '../../../lib/analytics.ts';
import {
  emailProblem,
  formProblems,
  fullNameProblem,
  invitationCodeProblem,
  phoneProblem,
} from '../../../lib/signup-checks.ts';
import type { SocialProvider, SocialResult } from '../../../lib/social/types.ts';
import type { Flow } from '../create-flow.ts';
import { openSocial, wireOneTap } from '../social.ts';
import { waitTask } from '../waits.ts';
import type { SignupDeps } from './flow.ts';
import { onboardBody } from './requests.ts';
import {
  flowOf,
  isRateLimited,
  phoneChanged,
  rulesValues,
  signupWaitScope,
  visibleOf,
  type SignupEvent,
  type SignupField,
  type SignupState,
} from './state.ts';

type SignupCore = Flow<SignupState, SignupEvent>;
type Context = { clientId?: string | undefined };

/**
 * The number in the field, read by the phone rules once they are here: a number they make of it
 * or a country they refuse changes the field (its digits, the refusal). Nothing else does, so a
 * message the field was left with stays (the transition ignores it past the form).
 */
export function readTypedPhone(flow: SignupCore, deps: Pick<SignupDeps, 'parsePhone'>): void {
  const phone = flow.get().values.phone;
  const checked = deps.parsePhone(phone);
  if (checked) flow.dispatch(phoneChanged(phone, checked));
}

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
        : (state.phoneRefused ?? phoneProblem(values.phone.input, state.phoneDigits));
    case 'invitationCode':
      return invitationCodeProblem(values.invitationCode);
    case 'password':
      return undefined;
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

/**
 * The effects of one sign-up flow: `clientId` is the client the calls are for. Everything they
 * bind (the wait's timer, One Tap) ends with the flow.
 */
export function signupEffects(
  flow: SignupCore,
  deps: SignupDeps,
  clientId: () => string | undefined,
) {
  const { dispatch } = flow;
  const context = (): Context => ({ clientId: clientId() });
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
      const [deviceId, profiling] = await Promise.all([deps.deviceId(), deps.profiling()]);
      if (signal.aborted) return;
      const body = onboardBody(state, {
        deviceId,
        clientId: clientId(),
        profiling,
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
        properties: { reason: errorName(failure) ?? failure.kind },
      });
      // A rate limit: kept for the number, so that a reload still waits.
      const wait = waitOf(failure, waits.now());
      if (wait) waits.hold(state.phone ? signupWaitScope(state.phone) : undefined, wait);
      dispatch({ type: 'failed', failure, wait });
    }
  }

  const socialSignIn = socialAction(flow, deps, context, finish);

  /**
   * A number typed before the phone rules arrived (a submit made as the page starts) is read by
   * them first; false when the flow is gone meanwhile.
   */
  async function phoneRead(): Promise<boolean> {
    const { values, phoneDigits } = flow.get();
    if (phoneDigits !== undefined || values.phone.input.trim() === '') return true;
    await deps.loadPhone();
    if (flow.isDestroyed()) return false;
    readTypedPhone(flow, deps);
    return true;
  }

  /**
   * The password of a checked form, when it has one, asked about data breaches before anything is
   * sent (the submit pending meanwhile, 1 s at most); false when it is refused or the flow is gone.
   */
  async function passwordClean(): Promise<boolean> {
    if (!visibleOf(flow.get()).password) return true;
    dispatch({ type: 'passwordChecking' });
    const signal = flow.begin();
    const problem = await deps.checkPassword(flow.get().values.password);
    if (signal.aborted) return false;
    dispatch({ type: 'invalid', errors: problem ? { password: problem } : {} });
    return !problem;
  }

  // One Tap belongs to an untouched form: a typed number, another view or a call ends it.
  const oneTap = wireOneTap(
    flow,
    deps,
    (state) => state.view === 'signup_form' && state.values.phone.input === '' && !state.submitting,
    (result) => void socialSignIn('google', result),
  );

  return {
    runOnboarding,
    socialSignIn,
    offerOneTap: (enabled: boolean): void => oneTap.offer(enabled),

    /** A field lost focus: say what is wrong with it (required, format, phone). */
    blur(field: SignupField): void {
      const state = flow.get();
      if (state.view !== 'signup_form' || state.submitting) return;
      dispatch({ type: 'fieldChecked', field, error: fieldProblem(state, field) });
    },

    /** Checks the form, then goes to the code step, or onboards at once with a proof. */
    async submit(): Promise<void> {
      if (!(await phoneRead())) return;
      const state = flow.get();
      if (state.submitting || state.social || state.view !== 'signup_form') return;
      if (isRateLimited(state)) return;
      const problems = formProblems(rulesValues(state), visibleOf(state), deps.flags());
      // A valid number of a country the flags refuse: told so, and no code is sent.
      if (state.phoneRefused) problems.phone = state.phoneRefused;
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
      if (!(await passwordClean())) return;
      deps.analytics.track('signup_submitted', { flow: flowOf(state), page: 'signup_form' });
      dispatch({ type: 'submitted', phone: state.phoneDigits });
      if (flow.get().submitting) await runOnboarding();
    },
  };
}
