/**
 * Passkeys on the login page (the spec's `biometric` flow), a sub-flow of the login flow like the
 * code step: sign-in through autofill (WebAuthn conditional mediation on the phone field) or the
 * 'Sign in with a passkey' button, and the offer to add one after a code login. The login flow
 * creates it and is told when a passkey signed someone in (`onSignedIn`) or the offer is over
 * (`onOfferClosed`); the ceremonies and calls are deps (loaded lazily by the island).
 */
import { loginErrorMessage } from '../../api/error-catalogue.ts';
import { toFailure, type ApiFailure } from '../../api/errors.ts';
import { ERROR } from '../../contract/errors.ts';
import type { Text } from '../../i18n/types.ts';
import type { FlowAnalytics } from '../../lib/analytics.ts';
import type { PasskeyDevice } from '../../lib/passkey-device.ts';
import { commonOf, createFlow } from './create-flow.ts';

/** What the browser offers. */
export interface PasskeySupport {
  /** WebAuthn with the JSON helpers: the button (and the offer) can run. */
  passkeys: boolean;
  /** Conditional mediation: saved passkeys appear in the phone field's autofill. */
  autofill: boolean;
  /** A user-verifying platform authenticator (fingerprint, face, screen lock). */
  platform: boolean;
}
export const NO_SUPPORT: PasskeySupport = { passkeys: false, autofill: false, platform: false };

/** Why a ceremony or its call did not end in a passkey. */
export type PasskeyFailure =
  | { reason: 'cancelled' | 'timeout' | 'no_passkey' | 'rejected' | 'exists' | 'unsupported' }
  | { reason: 'server'; failure: ApiFailure };

export interface PasskeyCommon {
  support: PasskeySupport;
  /** A ceremony the person started, or its verification, is in flight. */
  submitting: boolean;
  error: Text | undefined;
}
const COMMON_FIELDS: Record<keyof PasskeyCommon, true> = {
  support: true,
  submitting: true,
  error: true,
};

export type PasskeyState = PasskeyCommon &
  (
    | { view: 'unavailable' }
    | { view: 'sign_in' }
    | { view: 'offer'; token: string; phone: string }
    | { view: 'closed'; outcome: 'added' | 'skipped' }
  );

export type PasskeyEvent =
  /** The browser's support is known: the button appears where passkeys run. */
  | { type: 'supportRead'; support: PasskeySupport }
  /** The button was pressed: the browser's passkey sheet opens. */
  | { type: 'started' }
  /** The browser gave an assertion (from the sheet or the autofill list): it is being verified. */
  | { type: 'asserted' }
  /** The passkey signed the person in: the login flow hands off. */
  | { type: 'signedIn' }
  | { type: 'failed'; failure: PasskeyFailure }
  /** A code login succeeded on a device that can add a passkey: the offer. */
  | { type: 'offered'; token: string; phone: string }
  /** 'Add a passkey' was pressed. */
  | { type: 'enrolStarted' }
  /** The passkey was added, or 'Not now': the offer is over. */
  | { type: 'closed'; outcome: 'added' | 'skipped' };

export const initialState = (): PasskeyState => ({
  view: 'unavailable',
  support: NO_SUPPORT,
  submitting: false,
  error: undefined,
});

/** The message of a failed sign-in (the phone form stays usable below it). */
export function signInMessage(failure: PasskeyFailure): Text {
  switch (failure.reason) {
    case 'cancelled':
      return { key: 'login:passkey.cancelled' };
    case 'timeout':
      return { key: 'login:passkey.timeout' };
    case 'no_passkey':
      return { key: 'login:passkey.noPasskey' };
    case 'rejected':
      return { key: 'login:passkey.rejected' };
    case 'exists':
    case 'unsupported':
      return { key: 'login:passkey.unsupported' };
    case 'server':
      return loginErrorMessage(failure.failure);
  }
}

/** The message of a failed enrolment (the person can try again or continue). */
export function enrolMessage(failure: PasskeyFailure): Text {
  return failure.reason === 'exists'
    ? { key: 'login:passkey.exists' }
    : { key: 'login:passkey.enrolFailed' };
}

/**
 * What went wrong, from what the ceremony or the call threw. Browsers report a cancelled sheet,
 * a refused verification and 'no passkey for this site' alike (`NotAllowedError`, on purpose):
 * it reads as 'no passkey' when this device never added one, else as a cancel.
 */
export function passkeyFailure(error: unknown, hasLocalPasskey: boolean): PasskeyFailure {
  if (error instanceof DOMException || (error instanceof Error && error.name.endsWith('Error'))) {
    switch (error.name) {
      case 'NotAllowedError':
        return { reason: hasLocalPasskey ? 'cancelled' : 'no_passkey' };
      case 'TimeoutError':
        return { reason: 'timeout' };
      case 'InvalidStateError':
        return { reason: 'exists' };
      case 'NotSupportedError':
      case 'SecurityError':
        return { reason: 'unsupported' };
    }
  }
  const failure = toFailure(error);
  if (
    failure.kind === 'http' &&
    failure.status === 400 &&
    failure.body?.error === ERROR.invalidPasskey
  ) {
    return { reason: 'rejected' };
  }
  return { reason: 'server', failure };
}

const common = (state: PasskeyState): PasskeyCommon =>
  commonOf<PasskeyCommon>(state, COMMON_FIELDS);

export function transition(state: PasskeyState, event: PasskeyEvent): PasskeyState {
  switch (event.type) {
    case 'supportRead':
      if (state.view !== 'unavailable') return { ...state, support: event.support };
      return event.support.passkeys
        ? { ...common(state), support: event.support, view: 'sign_in' }
        : { ...state, support: event.support };
    case 'started':
      if (state.view !== 'sign_in' || state.submitting) return state;
      return { ...state, submitting: true, error: undefined };
    case 'asserted':
      if (state.view !== 'sign_in') return state;
      return { ...state, submitting: true, error: undefined };
    case 'signedIn':
      if (state.view !== 'sign_in') return state;
      return { ...state, submitting: false, error: undefined };
    case 'failed':
      if (state.view === 'sign_in') {
        return { ...state, submitting: false, error: signInMessage(event.failure) };
      }
      if (state.view === 'offer') {
        return { ...state, submitting: false, error: enrolMessage(event.failure) };
      }
      return state;
    case 'offered':
      return {
        ...common(state),
        submitting: false,
        error: undefined,
        view: 'offer',
        token: event.token,
        phone: event.phone,
      };
    case 'enrolStarted':
      if (state.view !== 'offer' || state.submitting) return state;
      return { ...state, submitting: true, error: undefined };
    case 'closed':
      if (state.view !== 'offer') return state;
      return {
        ...common(state),
        submitting: false,
        error: undefined,
        view: 'closed',
        outcome: event.outcome,
      };
  }
}

export interface PasskeyDeps {
  /**
   * The options call, the ceremony and the verification: the proof token. `onAsserted` is called
   * once the browser gave an assertion (for autofill: the person picked a passkey).
   */
  signIn: (
    mode: 'modal' | 'conditional',
    signal: AbortSignal,
    onAsserted: () => void,
    context: { clientId?: string | undefined },
  ) => Promise<string>;
  /** The registration options (the token as bearer), the ceremony and the verification. */
  enrol: (token: string, signal: AbortSignal) => Promise<void>;
  device: PasskeyDevice;
  analytics: FlowAnalytics;
  /** The login page's client id, sent with the passkey login like every login. */
  clientId: () => string | undefined;
  onSignedIn: (token: string) => void;
  onOfferClosed: () => void;
}

export function createPasskeyFlow(deps: PasskeyDeps) {
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;
  /** The phone field is on the page: autofill may wait on it. */
  let fieldShown = false;

  async function signIn(mode: 'modal' | 'conditional'): Promise<void> {
    const signal = flow.begin();
    try {
      const onAsserted = () => {
        if (!signal.aborted) dispatch({ type: 'asserted' });
      };
      const token = await deps.signIn(mode, signal, onAsserted, { clientId: deps.clientId() });
      if (signal.aborted) return;
      dispatch({ type: 'signedIn' });
      deps.onSignedIn(token);
    } catch (error) {
      if (signal.aborted) return;
      const failure = passkeyFailure(error, deps.device.hasAny());
      const picked = flow.get().submitting;
      // Autofill that ends without the person's pick (no sheet was shown) says nothing.
      if (mode === 'conditional' && !picked) return;
      dispatch({ type: 'failed', failure });
      watch();
    }
  }

  /** Autofill waits for a pick while the field is shown and nothing else is in flight. */
  function watch(): void {
    const state = flow.get();
    if (fieldShown && state.view === 'sign_in' && state.support.autofill && !state.submitting) {
      void signIn('conditional');
    }
  }

  return {
    ...flow.surface,

    /** Starts with what the browser supports (read once, when the page starts). */
    init(support: PasskeySupport): void {
      dispatch({ type: 'supportRead', support });
      watch();
    },

    /** The phone field appeared: saved passkeys are offered in its autofill. Returns the undo. */
    showField(): () => void {
      fieldShown = true;
      watch();
      return () => {
        fieldShown = false;
        if (!flow.get().submitting) flow.cancel();
      };
    },

    /** 'Sign in with a passkey' (straight from the click). */
    signIn(): void {
      if (flow.get().view !== 'sign_in' || flow.get().submitting) return;
      dispatch({ type: 'started' });
      void signIn('modal');
    },

    /** After a code login: offered when the device can add one, has none for this account and was not told 'Not now'. */
    async shouldOffer(phone: string): Promise<boolean> {
      const state = flow.get();
      if (!state.support.passkeys || !state.support.platform || deps.device.skipped()) return false;
      return !(await deps.device.has(phone));
    },

    offer(token: string, phone: string): void {
      flow.cancel();
      dispatch({ type: 'offered', token, phone });
      deps.analytics.track('passkey_offered', { flow: 'phone' });
    },

    /** 'Add a passkey': one tap; the hand-off follows as soon as it is added. */
    async enrol(): Promise<void> {
      const state = flow.get();
      if (state.view !== 'offer' || state.submitting) return;
      dispatch({ type: 'enrolStarted' });
      const signal = flow.begin();
      try {
        await deps.enrol(state.token, signal);
        if (signal.aborted) return;
        void deps.device.markEnrolled(state.phone);
        deps.analytics.track('passkey_added', { flow: 'biometric' });
        dispatch({ type: 'closed', outcome: 'added' });
        deps.onOfferClosed();
      } catch (error) {
        if (signal.aborted) return;
        const failure = passkeyFailure(error, true);
        if (failure.reason === 'exists') void deps.device.markEnrolled(state.phone);
        dispatch({ type: 'failed', failure });
      }
    },

    /** 'Not now': remembered on this device, and the hand-off goes on at once. */
    skip(): void {
      if (flow.get().view !== 'offer') return;
      flow.cancel();
      deps.device.skip();
      deps.analytics.track('passkey_skipped', { flow: 'phone' });
      dispatch({ type: 'closed', outcome: 'skipped' });
      deps.onOfferClosed();
    },
  };
}

export type PasskeyFlow = ReturnType<typeof createPasskeyFlow>;
