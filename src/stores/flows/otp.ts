/**
 * The one-time-code step, shared by the login and sign-up flows: a code is sent on opening
 * (e-mail when the identifier has '@', else SMS), resend by SMS, voice call or e-mail is held back
 * for 60 s with a visible countdown, and with reCAPTCHA v2 on a resend first passes the challenge
 * and then asks with the lower guard value (2 instead of 3). A verified code gives an id that the
 * owning flow sends as `otp` in its retry. Each of its steps is a view: sending, ready (a code can
 * be typed), the robot check, verifying, verified. A rate limit on sending or checking codes
 * holds both until its deadline (kept across a reload, src/stores/flows/waits.ts).
 */
import { otpErrorKey } from '../../api/error-catalogue.ts';
import { ApiError, toFailure, type ApiFailure } from '../../api/errors.ts';
import { secondsUntil, waitOf, type Wait } from '../../api/waits.ts';
import type { Guard, OtpType } from '../../contract/identity-api.ts';
import type { Text } from '../../i18n/types.ts';
import { AUTO_CODE_INTERVAL_MS, type AutoCodes } from '../../lib/auto-codes.ts';
import { digitsOnly } from '../../lib/digits.ts';
import { whenShown, type PageVisibility } from '../../lib/page-visibility.ts';
import { createFlow, type Flow } from './create-flow.ts';
import { waitTask, type WaitDeps } from './waits.ts';

/** A new code may be asked for 60 s after the last one; the login guard allows 3 attempts. */
export const OTP_RESEND_SECONDS = 60;
export const DEFAULT_GUARD_ATTEMPTS = 3;
export const RECAPTCHA_GUARD_ATTEMPTS = 2;
export const OTP_CODE_LENGTH = 6;

export type OtpView = 'idle' | 'sending' | 'ready' | 'recaptcha' | 'verifying' | 'verified';

export interface OtpState {
  view: OtpView;
  /** International digits of a phone, or an e-mail. */
  identifier: string;
  /** The channels a new code can be asked for by. */
  channels: readonly OtpType[];
  code: string;
  /** The channel of the last code that was sent. */
  sentVia: OtpType | undefined;
  /** A resend waiting for the reCAPTCHA check. */
  pendingChannel: OtpType | undefined;
  /** Seconds until a new code may be asked for. */
  resendIn: number;
  /** A rate limit: no code may be asked for until it ends (src/stores/flows/waits.ts). */
  wait: Wait | undefined;
  error: Text | undefined;
  /** The id of the verified code, until the code changes. */
  verificationId: string | undefined;
}

export type OtpEvent =
  | { type: 'started'; identifier: string }
  | { type: 'sendStarted'; channel: OtpType }
  | { type: 'sendSucceeded'; channel: OtpType; resendIn?: number | undefined }
  /** The address's code went out from this device less than a minute ago: none is sent again. */
  | { type: 'sentBefore'; channel: OtpType; resendIn: number }
  /** A send failed; `wait` when it was a rate limit. */
  | { type: 'sendFailed'; failure: ApiFailure; wait?: Wait | undefined }
  /** A rate limit kept from an earlier load of the page: no code is sent until it ends. */
  | { type: 'waitRestored'; wait: Wait }
  /** The rate limit's deadline has passed. */
  | { type: 'waitOver' }
  | { type: 'recaptchaRequested'; channel: OtpType }
  | { type: 'recaptchaCancelled' }
  | { type: 'codeChanged'; code: string }
  | { type: 'codeMissing' }
  | { type: 'verifyStarted' }
  | { type: 'verifySucceeded'; id: string }
  /** The code check failed; `wait` when it was a rate limit. */
  | { type: 'verifyFailed'; failure: ApiFailure; wait?: Wait | undefined }
  | { type: 'tick' }
  | { type: 'stopped' };

export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes('@');
}

/** The channel of the first code: e-mail when the identifier has '@', otherwise SMS. */
export function firstChannel(identifier: string): OtpType {
  return isEmailIdentifier(identifier) ? 'EMAIL' : 'SMS';
}

/** The channels offered for a new code: SMS and voice for a phone, e-mail for an e-mail. */
export function channelsFor(identifier: string): readonly OtpType[] {
  return isEmailIdentifier(identifier) ? ['EMAIL'] : ['SMS', 'VOICE'];
}

export function initialState(identifier = ''): OtpState {
  return {
    view: 'idle',
    identifier,
    channels: identifier ? channelsFor(identifier) : [],
    code: '',
    sentVia: undefined,
    pendingChannel: undefined,
    resendIn: 0,
    wait: undefined,
    error: undefined,
    verificationId: undefined,
  };
}

/** A rate limit with a deadline holds: no code is checked or asked for until it ends. */
export const isWaiting = (state: OtpState): boolean => state.wait?.until !== undefined;

/** Whether the typed code may be checked now (not while one is, or while a rate limit holds). */
export function canVerify(state: OtpState): boolean {
  return state.view !== 'verifying' && state.view !== 'sending' && !isWaiting(state);
}

/** Whether a new code may be asked for now. */
export function canResend(state: OtpState): boolean {
  return (
    state.resendIn === 0 &&
    !isWaiting(state) &&
    (state.view === 'ready' || state.view === 'verified') &&
    state.identifier !== ''
  );
}

export function transition(state: OtpState, event: OtpEvent): OtpState {
  switch (event.type) {
    case 'started':
      return { ...initialState(event.identifier), view: 'sending' };
    case 'sendStarted':
      return { ...state, view: 'sending', error: undefined, pendingChannel: undefined };
    case 'sendSucceeded':
      return {
        ...state,
        view: state.verificationId ? 'verified' : 'ready',
        sentVia: event.channel,
        // The spec's 60 s; a server's resend_in may only lengthen it (D6, docs/spec-decisions.md).
        resendIn: Math.max(
          OTP_RESEND_SECONDS,
          Number.isFinite(event.resendIn) ? Math.ceil(event.resendIn ?? 0) : 0,
        ),
        error: undefined,
      };
    case 'sentBefore':
      return {
        ...state,
        view: 'ready',
        sentVia: event.channel,
        resendIn: Math.min(OTP_RESEND_SECONDS, Math.max(1, Math.ceil(event.resendIn))),
        error: undefined,
      };
    case 'sendFailed':
      return {
        ...state,
        view: 'ready',
        error: otpErrorKey(event.failure),
        resendIn: 0,
        wait: event.wait,
      };
    case 'waitRestored':
      return {
        ...state,
        view: 'ready',
        error: { key: 'otp:error.ERROR_RATE_LIMIT_REACHED' },
        resendIn: 0,
        wait: event.wait,
      };
    case 'waitOver':
      return state.wait ? { ...state, wait: undefined, error: undefined } : state;
    case 'recaptchaRequested':
      if (!canResend(state)) return state;
      return { ...state, view: 'recaptcha', pendingChannel: event.channel, error: undefined };
    case 'recaptchaCancelled':
      if (state.view !== 'recaptcha') return state;
      return { ...state, view: 'ready', pendingChannel: undefined };
    case 'codeChanged': {
      const code = digitsOnly(event.code, OTP_CODE_LENGTH);
      if (state.view === 'verifying') return state;
      const changed = code !== state.code;
      return {
        ...state,
        code,
        error: changed ? undefined : state.error,
        view: changed && state.view === 'verified' ? 'ready' : state.view,
        verificationId: changed ? undefined : state.verificationId,
      };
    }
    case 'codeMissing':
      return { ...state, error: { key: 'fields:otp.required' } };
    case 'verifyStarted':
      return { ...state, view: 'verifying', error: undefined };
    case 'verifySucceeded':
      return { ...state, view: 'verified', verificationId: event.id, error: undefined };
    case 'verifyFailed':
      // A rate-limited check waits (as the recovery form's does); another failure keeps a wait
      // that runs.
      return {
        ...state,
        view: 'ready',
        error: otpErrorKey(event.failure),
        wait: event.wait ?? state.wait,
      };
    case 'tick':
      return state.resendIn > 0 ? { ...state, resendIn: state.resendIn - 1 } : state;
    case 'stopped':
      return initialState();
  }
}

export interface OtpDeps {
  sendOtp: (input: {
    identifier: string;
    type: OtpType;
    guard: Guard;
    clientId?: string | undefined;
    shieldParams?: Record<string, unknown> | undefined;
  }) => Promise<{ data: { resend_in: number } }>;
  verifyOtp: (input: {
    identifier: string;
    code: string;
    guard: Guard;
    clientId?: string | undefined;
  }) => Promise<string>;
  /** Called with the verification id once a code is verified. */
  onVerified: (id: string) => void;
  clientId?: () => string | undefined;
  /** Whether resends need the reCAPTCHA v2 check first (the `recaptchaV2` flag). */
  recaptchaRequired?: () => boolean;
  /** Device-intelligence parameters, when the shield flag is on. */
  shieldParams?: () =>
    Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  /** Rate limits kept across a reload, and their end (src/stores/flows/waits.ts). */
  wait?: WaitDeps | undefined;
  /**
   * The first code of a step that the page's address opened (`/login?view=otp&fullMobileNumber=`,
   * security review L1): sent only once the page is shown, and at most once a minute per
   * identifier from this device (`codes`); within the minute the step opens as if it had just
   * sent it, its resend held for what is left of the minute.
   */
  addressCode?: AddressCodeDeps | undefined;
}

export interface AddressCodeDeps {
  /** Whether the step being opened is the one the page's address asked for. */
  opened: () => boolean;
  codes: AutoCodes;
  visibility: PageVisibility;
  /**
   * Whether no code may go to the identifier (a number of a country the flags leave out): then
   * none is sent, and the owning flow says why.
   */
  refused?: ((identifier: string) => Promise<boolean>) | undefined;
}

/** Where a code's rate limit is kept: per identifier. */
export const otpWaitScope = (identifier: string): string => `otp:${identifier}`;

/** The resend countdown: a tick each second until it reaches 0. */
function countdown(flow: Flow<OtpState, OtpEvent>, deps: OtpDeps) {
  const setTimer = deps.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const clearTimer = deps.clearInterval ?? ((handle) => clearInterval(handle as number));
  let timer: unknown;
  const stop = (): void => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  };
  flow.onDestroy(stop);
  return {
    stop,
    start(): void {
      stop();
      timer = setTimer(() => {
        flow.dispatch({ type: 'tick' });
        if (flow.get().resendIn === 0) stop();
      }, 1000);
    },
  };
}

/**
 * The code the page's address asks for (L1): sent once the page is shown, unless this device sent
 * one to the identifier within the minute; then the step opens as just after that code.
 */
async function sendForAddress(
  step: {
    flow: Flow<OtpState, OtpEvent>;
    now: () => number;
    startTimer: () => void;
    send: (channel: OtpType, guard: Guard) => Promise<void>;
  },
  identifier: string,
  address: AddressCodeDeps,
): Promise<void> {
  const { flow } = step;
  const signal = flow.begin();
  await whenShown(address.visibility, signal);
  if (signal.aborted) return;
  if (address.refused && (await address.refused(identifier))) return;
  if (signal.aborted) return;
  const channel = firstChannel(identifier);
  const last = await address.codes.lastSent(identifier, step.now());
  if (signal.aborted) return;
  if (last !== undefined) {
    const left = secondsUntil(last + AUTO_CODE_INTERVAL_MS, step.now());
    flow.dispatch({ type: 'sentBefore', channel, resendIn: left });
    step.startTimer();
    return;
  }
  const at = step.now();
  await step.send(channel, { attempts: DEFAULT_GUARD_ATTEMPTS });
  const state = flow.get();
  if (state.identifier === identifier && state.sentVia === channel && !state.error) {
    await address.codes.markSent(identifier, at);
  }
}

export function createOtpFlow(deps: OtpDeps) {
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;
  const timer = countdown(flow, deps);
  const waits = waitTask(flow, deps.wait ?? {}, () => dispatch({ type: 'waitOver' }));

  /** The failure's wait, if it is a rate limit: kept for the identifier, ended at its deadline. */
  function held(failure: ApiFailure, identifier: string): Wait | undefined {
    const wait = waitOf(failure, waits.now());
    if (wait) waits.hold(otpWaitScope(identifier), wait);
    return wait;
  }

  async function send(channel: OtpType, guard: Guard): Promise<void> {
    const signal = flow.begin();
    const { identifier } = flow.get();
    dispatch({ type: 'sendStarted', channel });
    try {
      const shieldParams = deps.shieldParams ? await deps.shieldParams() : undefined;
      if (signal.aborted) return;
      const answer = await deps.sendOtp({
        identifier,
        type: channel,
        guard,
        clientId: deps.clientId?.(),
        shieldParams,
      });
      if (signal.aborted) return;
      dispatch({ type: 'sendSucceeded', channel, resendIn: answer.data.resend_in });
    } catch (error) {
      if (signal.aborted) return;
      const failure = toFailure(error);
      dispatch({ type: 'sendFailed', failure, wait: held(failure, identifier) });
    }
    if (flow.get().resendIn > 0) timer.start();
  }

  async function verify(): Promise<void> {
    const state = flow.get();
    if (!canVerify(state)) return;
    if (state.view === 'verified' && state.verificationId) {
      deps.onVerified(state.verificationId);
      return;
    }
    if (state.code.length === 0) {
      dispatch({ type: 'codeMissing' });
      return;
    }
    const signal = flow.begin();
    dispatch({ type: 'verifyStarted' });
    try {
      const id = await deps.verifyOtp({
        identifier: state.identifier,
        code: state.code,
        guard: { attempts: DEFAULT_GUARD_ATTEMPTS },
        clientId: deps.clientId?.(),
      });
      if (signal.aborted) return;
      dispatch({ type: 'verifySucceeded', id });
      deps.onVerified(id);
    } catch (error) {
      if (signal.aborted) return;
      const failure = error instanceof ApiError ? error.failure : toFailure(error);
      const wait = held(failure, state.identifier);
      dispatch({ type: 'verifyFailed', failure, wait });
    }
  }

  return {
    ...flow.surface,

    /**
     * Opens the step for an identifier and sends the first code, unless a rate limit holds (and,
     * for the step the page's address opened, once the page is shown and once a minute).
     */
    start: (identifier: string): Promise<void> => {
      flow.cancel();
      timer.stop();
      waits.stop();
      dispatch({ type: 'started', identifier });
      const kept = waits.restore(otpWaitScope(identifier));
      if (kept) {
        dispatch({ type: 'waitRestored', wait: kept });
        return Promise.resolve();
      }
      if (deps.addressCode?.opened()) {
        const step = { flow, now: waits.now, startTimer: () => timer.start(), send };
        return sendForAddress(step, identifier, deps.addressCode);
      }
      return send(firstChannel(identifier), { attempts: DEFAULT_GUARD_ATTEMPTS });
    },

    changeCode: (code: string): void => {
      dispatch({ type: 'codeChanged', code });
    },

    /** Asks for a new code by `channel`; with reCAPTCHA v2 on, shows the challenge first. */
    resend: (channel: OtpType): Promise<void> => {
      const state = flow.get();
      if (!canResend(state) || !state.channels.includes(channel)) return Promise.resolve();
      if (deps.recaptchaRequired?.()) {
        dispatch({ type: 'recaptchaRequested', channel });
        return Promise.resolve();
      }
      return send(channel, { attempts: DEFAULT_GUARD_ATTEMPTS });
    },

    /** The reCAPTCHA check passed: send the waiting resend with the lower guard value. */
    recaptchaSolved: (token: string): Promise<void> => {
      const state = flow.get();
      if (state.view !== 'recaptcha' || !state.pendingChannel) return Promise.resolve();
      return send(state.pendingChannel, {
        attempts: RECAPTCHA_GUARD_ATTEMPTS,
        recaptcha_token: token,
      });
    },

    cancelRecaptcha: (): void => {
      dispatch({ type: 'recaptchaCancelled' });
    },

    /** Verifies the typed code; a code already verified goes straight to the owner's retry. */
    verify,

    /** Leaves the step: timers stop and late answers are ignored. */
    stop: (): void => {
      flow.cancel();
      timer.stop();
      waits.stop();
      dispatch({ type: 'stopped' });
    },
  };
}

export type OtpFlow = ReturnType<typeof createOtpFlow>;
