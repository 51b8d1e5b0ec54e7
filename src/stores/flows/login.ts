/**
 * The login page's view-state machine (spec section 2 'Login views', section 4 'Phone login',
 * 'OTP', 'Social login'). `loginTransition` is pure and holds every branch; `createLoginFlow`
 * wraps it in a nanostores atom with actions that call the APIs, and reactions (analytics page
 * names, the OTP step, the sign-up redirect) bound in listeners.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ERROR_KEYS, errorName, loginErrorMessage } from '../../api/error-catalogue.ts';
import { toFailure, type ApiFailure } from '../../api/errors.ts';
import { DASHBOARD_CLIENT_ID } from '../../config.ts';
import {
  CHALLENGE_NAMES,
  ERROR,
  LOGIN_CHALLENGES,
  type ChallengeDetail,
  type ChallengeName,
  type LoginChallenge,
} from '../../contract/errors.ts';
import type { EmailLoginBody, PhoneLoginBody } from '../../contract/identity-api.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Text } from '../../i18n/types.ts';
import { cleanClientId } from '../../lib/address.ts';
import { NO_INVOICE_ID, parseAcrValues } from '../../lib/acr-values.ts';
import type { FlowName, PageName } from '../../lib/analytics.ts';
import { digitsOnly } from '../../lib/digits.ts';
import { DEFAULT_COUNTRY, type CountryCode } from '../../lib/phone.ts';
import {
  socialFailureReason,
  socialMessage,
  type SocialFailureReason,
  type SocialProvider,
  type SocialResult,
} from '../../lib/social/types.ts';
import { createOtpFlow, type OtpDeps } from './otp.ts';

export const LOGIN_VIEWS = [
  'phone_form',
  'email_form',
  'otp',
  'password_form',
  'name_confirmation',
  'apple_form',
  'google_form',
  'verify__card_challenge',
  'verify_full_name_challenge',
  'verify_email_challenge',
  'verify_pin_challenge',
  'redirect_to_idp',
  'redirect_to_signup',
  'redirect_to_blocked_user',
  'dashboard_selection',
] as const;
export type LoginView = (typeof LOGIN_VIEWS)[number];

/** Views a `view=` preset may open (the others need an answer from the server first). */
export const PRESET_VIEWS = [
  'phone_form',
  'email_form',
  'otp',
  'redirect_to_blocked_user',
  'dashboard_selection',
] as const satisfies readonly LoginView[];

export type ChallengeView =
  | 'password_form'
  | 'verify__card_challenge'
  | 'verify_full_name_challenge'
  | 'verify_email_challenge'
  | 'verify_pin_challenge';

export const CHALLENGE_VIEWS = {
  card: 'verify__card_challenge',
  name: 'verify_full_name_challenge',
  email: 'verify_email_challenge',
  pin: 'verify_pin_challenge',
  password: 'password_form',
} as const satisfies Record<ChallengeName, ChallengeView>;

export type BlockedVariant = 'USER_BLOCKED' | 'USER_BLOCKED_FOR_SIGNUP';

/** Card PIN and PIN: 4 characters (spec sections 5 and 9). */
export const CHALLENGE_DIGITS = 4;

export interface LoginPresets {
  clientId: string | undefined;
  showEmail: boolean;
  showApple: boolean;
  showGoogle: boolean;
  /** International digits. */
  fullMobileNumber: string | undefined;
  view: (typeof PRESET_VIEWS)[number] | undefined;
  invoiceId: string;
}

export const DEFAULT_PRESETS: LoginPresets = {
  clientId: undefined,
  showEmail: false,
  showApple: true,
  showGoogle: true,
  fullMobileNumber: undefined,
  view: undefined,
  invoiceId: NO_INVOICE_ID,
};

/** The presets of spec section 2 from the query (csrf is taken out separately, at once). */
export function parsePresets(query: URLSearchParams): LoginPresets {
  const digits = digitsOnly(query.get('fullMobileNumber') ?? '');
  const view = query.get('view');
  const acr = query.get('acr_values');
  return {
    clientId: cleanClientId(query.get('clientId')),
    showEmail: query.get('showEmail') === 'true',
    showApple: query.get('showApple') !== 'false',
    showGoogle: query.get('showGoogle') !== 'false',
    fullMobileNumber: /^[1-9]\d{7,14}$/.test(digits) ? digits : undefined,
    view: (PRESET_VIEWS as readonly string[]).includes(view ?? '')
      ? (view as LoginPresets['view'])
      : undefined,
    invoiceId: acr === null ? NO_INVOICE_ID : parseAcrValues(acr).invoiceId,
  };
}

/** Who is signing in, and how. */
export type Attempt =
  | { kind: 'phone'; phone: string }
  | { kind: 'email'; email: string }
  | { kind: 'apple'; idToken: string; email?: string | undefined; fullName?: string | undefined }
  | { kind: 'google'; idToken: string; email?: string | undefined };

export interface Answers {
  password: string;
  pin: string;
  card: string;
  email: string;
  fullName: string;
}
export const EMPTY_ANSWERS: Answers = { password: '', pin: '', card: '', email: '', fullName: '' };

/** The challenges of `try_another_way`, by priority, and the one shown now. */
export interface Challenges {
  details: readonly ChallengeDetail[];
  /** The priority of the challenge shown (starts at the first entry's). */
  current: number;
}

export interface PhoneInputValue {
  country: CountryCode;
  input: string;
}

interface Common {
  presets: LoginPresets;
  phoneInput: PhoneInputValue;
  emailInput: string;
  attempt: Attempt | undefined;
  answers: Answers;
  nameConfirmed: boolean | undefined;
  /** The verified OTP id, sent as `otp` in the login retry. */
  otpId: string | undefined;
  challenges: Challenges | undefined;
  submitting: boolean;
  /** A social sign-in window or SDK in progress. */
  social: SocialProvider | undefined;
  /** Form-level error (announced). */
  error: Text | undefined;
  /** The error of the view's main field. */
  fieldError: Text | undefined;
}

export type LoginState = Common &
  (
    | {
        view: Exclude<
          LoginView,
          | 'name_confirmation'
          | 'redirect_to_idp'
          | 'redirect_to_signup'
          | 'redirect_to_blocked_user'
        >;
      }
    | { view: 'name_confirmation'; name: string }
    | { view: 'redirect_to_idp'; token: string; flow: FlowName }
    | { view: 'redirect_to_signup'; carry: SignupCarry }
    | { view: 'redirect_to_blocked_user'; variant: BlockedVariant }
  );

/** What sign-up receives from the login page (spec section 2, 'Sign-up' query). */
export interface SignupCarry {
  fullMobileNumber?: string;
  email?: string;
  appleIdToken?: string;
  googleIdToken?: string;
}

export type LoginEvent =
  | { type: 'initialized'; presets: LoginPresets }
  | { type: 'phoneChanged'; value: PhoneInputValue }
  | { type: 'emailChanged'; value: string }
  | { type: 'answerChanged'; field: keyof Answers; value: string }
  | { type: 'invalid'; error: Text }
  | { type: 'switchMethod'; method: 'phone' | 'email' }
  | { type: 'submitted'; attempt?: Attempt }
  | { type: 'nameAnswered'; confirmed: boolean }
  | { type: 'otpVerified'; id: string }
  | { type: 'succeeded'; token: string }
  | { type: 'failed'; failure: ApiFailure }
  | { type: 'tryAnotherWay' }
  | { type: 'socialStarted'; provider: SocialProvider }
  | { type: 'socialFailed'; provider: SocialProvider; reason: SocialFailureReason }
  | { type: 'back' };

function common(state: LoginState): Common {
  return {
    presets: state.presets,
    phoneInput: state.phoneInput,
    emailInput: state.emailInput,
    attempt: state.attempt,
    answers: state.answers,
    nameConfirmed: state.nameConfirmed,
    otpId: state.otpId,
    challenges: state.challenges,
    submitting: state.submitting,
    social: state.social,
    error: state.error,
    fieldError: state.fieldError,
  };
}

/** The first view for the presets (dashboard picker, e-mail form, preset OTP, ...). */
export function startState(presets: LoginPresets, previous?: LoginState): LoginState {
  const base: Common = {
    presets,
    phoneInput: previous?.phoneInput ?? { country: DEFAULT_COUNTRY, input: '' },
    emailInput: previous?.emailInput ?? '',
    attempt: undefined,
    answers: EMPTY_ANSWERS,
    nameConfirmed: undefined,
    otpId: undefined,
    challenges: undefined,
    submitting: false,
    social: undefined,
    error: undefined,
    fieldError: undefined,
  };
  if (presets.clientId === DASHBOARD_CLIENT_ID || presets.view === 'dashboard_selection') {
    return { ...base, view: 'dashboard_selection' };
  }
  if (presets.view === 'redirect_to_blocked_user') {
    return { ...base, view: 'redirect_to_blocked_user', variant: 'USER_BLOCKED' };
  }
  if (presets.view === 'otp' && presets.fullMobileNumber) {
    return { ...base, view: 'otp', attempt: { kind: 'phone', phone: presets.fullMobileNumber } };
  }
  if (presets.view === 'email_form' || presets.showEmail) return { ...base, view: 'email_form' };
  return { ...base, view: 'phone_form' };
}

export const initialLoginState = (): LoginState => startState(DEFAULT_PRESETS);

/** The sign-up address: the page's presets and what the login learnt (spec sections 2 and 4). */
export function signupHref(locale: Locale, presets: LoginPresets, carry: SignupCarry): string {
  const query = new URLSearchParams();
  if (presets.clientId) query.set('clientId', presets.clientId);
  if (presets.showEmail || carry.email) query.set('showEmail', 'true');
  if (!presets.showApple) query.set('showApple', 'false');
  if (!presets.showGoogle) query.set('showGoogle', 'false');
  for (const [name, value] of Object.entries(carry)) {
    if (typeof value === 'string' && value) query.set(name, value);
  }
  const search = query.toString();
  return `${localizedPath(locale, '/signup/')}${search ? `?${search}` : ''}`;
}

function carryOf(attempt: Attempt | undefined): SignupCarry {
  switch (attempt?.kind) {
    case 'phone':
      return { fullMobileNumber: attempt.phone };
    case 'email':
      return { email: attempt.email };
    case 'apple':
      return { appleIdToken: attempt.idToken, ...(attempt.email ? { email: attempt.email } : {}) };
    case 'google':
      return { googleIdToken: attempt.idToken };
    case undefined:
      return {};
  }
}

export function flowOf(state: Pick<LoginState, 'attempt' | 'view'>): FlowName {
  if (state.attempt) return state.attempt.kind;
  return state.view === 'email_form' ? 'email' : 'phone';
}

/** Analytics page names of spec section 2, per view. */
export function pageOf(view: LoginView): PageName | undefined {
  switch (view) {
    case 'phone_form':
    case 'email_form':
    case 'apple_form':
    case 'google_form':
      return 'welcome';
    case 'otp':
      return 'otp_verify';
    case 'password_form':
      return 'password';
    case 'name_confirmation':
      return 'welcome_back_isityou';
    case 'redirect_to_blocked_user':
      return 'blocked_user';
    case 'verify__card_challenge':
      return 'verify_card';
    case 'verify_email_challenge':
      return 'verify_email';
    case 'verify_full_name_challenge':
      return 'verify_full_name';
    case 'verify_pin_challenge':
      return 'verify_pin';
    case 'redirect_to_idp':
    case 'redirect_to_signup':
    case 'dashboard_selection':
      return undefined;
  }
}

/** `challenge_details` that are well formed, by priority (lowest first). */
export function sortChallenges(details: unknown): ChallengeDetail[] {
  if (!Array.isArray(details)) return [];
  return details
    .filter(
      (item): item is ChallengeDetail =>
        !!item &&
        typeof item === 'object' &&
        (CHALLENGE_NAMES as readonly unknown[]).includes(
          (item as { challenge_name?: unknown }).challenge_name,
        ) &&
        Number.isFinite((item as { priority?: unknown }).priority),
    )
    .sort((a, b) => a.priority - b.priority);
}

export function currentChallenge(state: Pick<LoginState, 'challenges'>) {
  const challenges = state.challenges;
  return challenges?.details.find((detail) => detail.priority === challenges.current);
}

export function isTryAnotherWayVisible(state: Pick<LoginState, 'challenges'>): boolean {
  return (state.challenges?.details.length ?? 0) > 1;
}

/** The unknown-400 handler: blocked accounts get their page, anything else a message. */
function unknownFailure(state: LoginState, failure: ApiFailure): LoginState {
  const name = errorName(failure);
  if (name === 'USER_BLOCKED' || name === 'USER_BLOCKED_FOR_SIGNUP') {
    return {
      ...common(state),
      submitting: false,
      social: undefined,
      view: 'redirect_to_blocked_user',
      variant: name,
    };
  }
  return { ...state, submitting: false, social: undefined, error: loginErrorMessage(failure) };
}

function challengeFailure(
  state: LoginState,
  challenge: LoginChallenge,
  info: { name?: unknown; challenge_details?: unknown },
  failure: ApiFailure,
): LoginState {
  const next: Common = {
    ...common(state),
    submitting: false,
    social: undefined,
    error: undefined,
    fieldError: undefined,
  };
  switch (challenge) {
    case 'otp':
      if (state.view === 'otp') {
        return {
          ...state,
          ...next,
          otpId: undefined,
          error: { key: ERROR_KEYS.VERIFYING_OTP_ERROR },
        };
      }
      return { ...next, otpId: undefined, view: 'otp' };
    case 'password':
      return { ...next, challenges: undefined, answers: EMPTY_ANSWERS, view: 'password_form' };
    case 'apple':
      return { ...next, view: 'apple_form' };
    case 'google':
      return { ...next, view: 'google_form' };
    case 'confirm_name':
      return {
        ...next,
        nameConfirmed: undefined,
        view: 'name_confirmation',
        name: typeof info.name === 'string' ? info.name : '',
      };
    case 'try_another_way': {
      const details = sortChallenges(info.challenge_details);
      const first = details[0];
      if (!first) return unknownFailure(state, failure);
      return {
        ...next,
        answers: EMPTY_ANSWERS,
        challenges: { details, current: first.priority },
        view: CHALLENGE_VIEWS[first.challenge_name],
      };
    }
  }
}

function failed(state: LoginState, failure: ApiFailure): LoginState {
  if (failure.kind === 'http' && failure.status === 400) {
    const body = failure.body;
    if (body?.error === ERROR.unregisteredUser) {
      return {
        ...common(state),
        submitting: false,
        social: undefined,
        view: 'redirect_to_signup',
        carry: carryOf(state.attempt),
      };
    }
    if (body?.error === ERROR.challengeRequired) {
      const info: { challenge?: unknown; name?: unknown; challenge_details?: unknown } =
        body.additional_information ?? {};
      const challenge = info.challenge;
      if ((LOGIN_CHALLENGES as readonly unknown[]).includes(challenge)) {
        return challengeFailure(state, challenge as LoginChallenge, info, failure);
      }
    }
  }
  return unknownFailure(state, failure);
}

export function loginTransition(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'initialized':
      return startState(event.presets, state);
    case 'phoneChanged':
      return { ...state, phoneInput: event.value, fieldError: undefined };
    case 'emailChanged':
      return { ...state, emailInput: event.value, fieldError: undefined };
    case 'answerChanged': {
      const digits = event.field === 'pin' || event.field === 'card';
      const value = digits ? digitsOnly(event.value, CHALLENGE_DIGITS) : event.value;
      return {
        ...state,
        answers: { ...state.answers, [event.field]: value },
        fieldError: undefined,
      };
    }
    case 'invalid':
      return { ...state, submitting: false, fieldError: event.error };
    case 'switchMethod':
      if (state.view !== 'phone_form' && state.view !== 'email_form') return state;
      return {
        ...common(state),
        error: undefined,
        fieldError: undefined,
        view: event.method === 'email' ? 'email_form' : 'phone_form',
      };
    case 'submitted': {
      if (state.submitting) return state;
      const fresh = event.attempt
        ? {
            attempt: event.attempt,
            answers: EMPTY_ANSWERS,
            nameConfirmed: undefined,
            otpId: undefined,
            challenges: undefined,
          }
        : {};
      return { ...state, ...fresh, submitting: true, error: undefined, fieldError: undefined };
    }
    case 'nameAnswered':
      if (state.view !== 'name_confirmation') return state;
      return {
        ...state,
        nameConfirmed: event.confirmed,
        submitting: true,
        error: undefined,
        fieldError: undefined,
      };
    case 'otpVerified':
      return { ...state, otpId: event.id, submitting: true, error: undefined };
    case 'succeeded':
      return {
        ...common(state),
        submitting: false,
        social: undefined,
        error: undefined,
        view: 'redirect_to_idp',
        token: event.token,
        flow: flowOf(state),
      };
    case 'failed':
      return failed(state, event.failure);
    case 'tryAnotherWay': {
      const challenges = state.challenges;
      if (!challenges || challenges.details.length < 2 || state.submitting) return state;
      const next =
        challenges.details.find((detail) => detail.priority > challenges.current) ??
        challenges.details[0];
      if (!next) return state;
      return {
        ...common(state),
        answers: EMPTY_ANSWERS,
        error: undefined,
        fieldError: undefined,
        challenges: { details: challenges.details, current: next.priority },
        view: CHALLENGE_VIEWS[next.challenge_name],
      };
    }
    case 'socialStarted':
      if (state.submitting || state.social) return state;
      return { ...state, social: event.provider, error: undefined, fieldError: undefined };
    case 'socialFailed':
      return {
        ...state,
        social: undefined,
        submitting: false,
        error: socialMessage(event.provider, event.reason),
      };
    case 'back':
      return {
        ...startState(state.presets, state),
        view: state.attempt?.kind === 'email' ? 'email_form' : 'phone_form',
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Request bodies

const filled = (value: string) => value.trim() !== '';

/** The phone login payload of spec section 7: only non-empty challenge fields are sent. */
export function phoneLoginBody(
  state: Pick<LoginState, 'answers' | 'otpId' | 'nameConfirmed'>,
  phone: string,
  profiling: Record<string, unknown> | undefined,
): PhoneLoginBody {
  const { answers } = state;
  return {
    phone_number: phone,
    profiling,
    is_known_device: false,
    ...(state.otpId ? { otp: state.otpId } : {}),
    ...(state.nameConfirmed === undefined ? {} : { name_confirmed: state.nameConfirmed }),
    ...(answers.password !== '' ? { password: answers.password } : {}),
    ...(filled(answers.pin) ? { pin: answers.pin.trim() } : {}),
    ...(filled(answers.email) ? { email_verification: answers.email.trim() } : {}),
    ...(filled(answers.card) ? { card_verification: answers.card.trim() } : {}),
    ...(filled(answers.fullName) ? { full_name_verification: answers.fullName.trim() } : {}),
  };
}

export function emailLoginBody(
  state: Pick<LoginState, 'answers' | 'otpId'>,
  email: string,
  profiling: Record<string, unknown> | undefined,
): EmailLoginBody {
  return {
    email,
    profiling,
    ...(state.otpId ? { otp: state.otpId } : {}),
    ...(state.answers.password !== '' ? { password: state.answers.password } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Validation (spec section 5)

const FOUR_DIGITS = new RegExp(`^\\d{${CHALLENGE_DIGITS}}$`);
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** The error of the answer a challenge view needs, or undefined when it can be sent. */
export function answerError(view: LoginView, answers: Answers): Text | undefined {
  switch (view) {
    case 'password_form':
    case 'name_confirmation':
      return answers.password === '' ? { key: 'fields:required' } : undefined;
    case 'verify_pin_challenge':
      return FOUR_DIGITS.test(answers.pin) ? undefined : { key: 'login:challenge.digitsInvalid' };
    case 'verify__card_challenge':
      return FOUR_DIGITS.test(answers.card) ? undefined : { key: 'login:challenge.digitsInvalid' };
    case 'verify_full_name_challenge':
      return filled(answers.fullName) ? undefined : { key: 'fields:required' };
    case 'verify_email_challenge':
      if (!filled(answers.email)) return { key: 'fields:required' };
      return isEmailAddress(answers.email) ? undefined : { key: 'fields:email.invalid' };
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The flow

export interface LoginDeps {
  locale: Locale;
  phoneLogin: (body: PhoneLoginBody, context: { clientId?: string | undefined }) => Promise<string>;
  emailLogin: (body: EmailLoginBody, context: { clientId?: string | undefined }) => Promise<string>;
  appleLogin: (idToken: string, context: { clientId?: string | undefined }) => Promise<string>;
  googleLogin: (idToken: string, context: { clientId?: string | undefined }) => Promise<string>;
  sendOtp: OtpDeps['sendOtp'];
  verifyOtp: OtpDeps['verifyOtp'];
  /** Opens Apple's or Google's sign-in; must open any window synchronously. */
  socialSignIn: (provider: SocialProvider) => Promise<SocialResult>;
  /** A phone input to international digits, or undefined when it is not a valid number. */
  validatePhone: (value: PhoneInputValue) => Promise<string | undefined>;
  /** The preset number as an input value (country and national number). */
  presetPhone?: (digits: string) => Promise<PhoneInputValue | undefined>;
  navigate: (href: string) => void;
  analytics: {
    page: (page: PageName, flow?: FlowName) => void;
    track: (name: string, details?: { flow?: FlowName; page?: PageName }) => void;
    flush: () => Promise<void>;
  };
  profiling: () => Record<string, unknown> | undefined;
  recaptchaRequired?: () => boolean;
  shieldParams?: () => Record<string, unknown> | undefined;
  persisted?: {
    read: (key: 'appleFullName') => string | undefined;
    write: (key: 'appleFullName', value: string) => void;
  };
}

export function createLoginFlow(deps: LoginDeps) {
  const $state = atom<LoginState>(initialLoginState());
  const dispatch = (event: LoginEvent) => $state.set(loginTransition($state.get(), event));
  const context = () => ({ clientId: $state.get().presets.clientId });

  const otp = createOtpFlow({
    sendOtp: deps.sendOtp,
    verifyOtp: deps.verifyOtp,
    clientId: () => $state.get().presets.clientId,
    onVerified: (id) => {
      dispatch({ type: 'otpVerified', id });
      void login();
    },
    ...(deps.recaptchaRequired ? { recaptchaRequired: deps.recaptchaRequired } : {}),
    ...(deps.shieldParams ? { shieldParams: deps.shieldParams } : {}),
  });

  async function login(): Promise<void> {
    const state = $state.get();
    const attempt = state.attempt;
    if (!attempt) return;
    try {
      let token: string;
      switch (attempt.kind) {
        case 'phone':
          token = await deps.phoneLogin(
            phoneLoginBody(state, attempt.phone, deps.profiling()),
            context(),
          );
          break;
        case 'email':
          token = await deps.emailLogin(
            emailLoginBody(state, attempt.email, deps.profiling()),
            context(),
          );
          break;
        case 'apple':
          token = await deps.appleLogin(attempt.idToken, context());
          break;
        case 'google':
          token = await deps.googleLogin(attempt.idToken, context());
          break;
      }
      if ($state.get().attempt !== attempt) return;
      deps.analytics.track('login_succeeded', { flow: attempt.kind });
      // Success flushes analytics first, then the identity-service redirect (spec section 4).
      await deps.analytics.flush();
      dispatch({ type: 'succeeded', token });
    } catch (error) {
      if ($state.get().attempt !== attempt) return;
      dispatch({ type: 'failed', failure: toFailure(error) });
    }
  }

  // Reactions: analytics page names, the OTP step, the sign-up redirect.
  /** True once the view has changed after the first one: views then move focus to their title. */
  const $viewChanged = atom(false);
  let initialised = false;
  let previousView: LoginView = $state.get().view;
  const unbind = $state.listen((state) => {
    const left = previousView;
    previousView = state.view;
    if (state.view === left) return;
    if (initialised) $viewChanged.set(true);
    const page = pageOf(state.view);
    if (page) deps.analytics.page(page, flowOf(state));
    if (left === 'otp') otp.stop();
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

  let destroyed = false;

  return {
    $state: $state as ReadableAtom<LoginState>,
    $viewChanged: $viewChanged as ReadableAtom<boolean>,
    otp,

    /** Reads the presets once the page runs (csrf has already been taken out). */
    init: async (presets: LoginPresets): Promise<void> => {
      const before = $state.get().view;
      dispatch({ type: 'initialized', presets });
      initialised = true;
      const state = $state.get();
      // The listener only reacts to a change: report the first page when it did not change.
      if (state.view === before) {
        const page = pageOf(state.view);
        if (page) deps.analytics.page(page, flowOf(state));
      }
      if (presets.fullMobileNumber && deps.presetPhone) {
        const value = await deps.presetPhone(presets.fullMobileNumber);
        if (value && !destroyed && $state.get().phoneInput.input === '') {
          dispatch({ type: 'phoneChanged', value });
        }
      }
    },

    changePhone: (value: PhoneInputValue) => dispatch({ type: 'phoneChanged', value }),
    changeEmail: (value: string) => dispatch({ type: 'emailChanged', value }),
    changeAnswer: (field: keyof Answers, value: string) =>
      dispatch({ type: 'answerChanged', field, value }),
    switchMethod: (method: 'phone' | 'email') => dispatch({ type: 'switchMethod', method }),

    submitPhone: async (): Promise<void> => {
      const state = $state.get();
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

    submitEmail: async (): Promise<void> => {
      const state = $state.get();
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
    submitAnswer: async (): Promise<void> => {
      const state = $state.get();
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
    answerName: async (confirmed: boolean): Promise<void> => {
      const state = $state.get();
      if (state.submitting || state.view !== 'name_confirmation') return;
      dispatch({ type: 'nameAnswered', confirmed });
      await login();
    },

    tryAnotherWay: () => dispatch({ type: 'tryAnotherWay' }),

    back: (): void => {
      dispatch({ type: 'back' });
    },

    /** Apple or Google: must be called straight from the click (the window opens at once). */
    socialSignIn: async (provider: SocialProvider): Promise<void> => {
      const before = $state.get();
      if (before.submitting || before.social) return;
      dispatch({ type: 'socialStarted', provider });
      let result: SocialResult;
      try {
        result = await deps.socialSignIn(provider);
      } catch (error) {
        const reason = socialFailureReason(error);
        deps.analytics.track(`${provider}_failed_${reason}`, { flow: provider });
        dispatch({ type: 'socialFailed', provider, reason });
        return;
      }
      let attempt: Attempt;
      if (provider === 'apple') {
        // Apple sends the name only the first time: keep it, and reuse it when it is omitted.
        let fullName = result.fullName;
        if (fullName) deps.persisted?.write('appleFullName', fullName);
        else fullName = deps.persisted?.read('appleFullName');
        attempt = { kind: 'apple', idToken: result.idToken, email: result.email, fullName };
      } else {
        attempt = { kind: 'google', idToken: result.idToken, email: result.email };
      }
      dispatch({ type: 'submitted', attempt });
      deps.analytics.track(`${provider}_submitted`, { flow: provider });
      await login();
    },

    chooseDashboard: (url: string): void => {
      deps.navigate(url);
    },

    destroy: (): void => {
      destroyed = true;
      unbind();
      otp.stop();
    },
  };
}

export type LoginFlow = ReturnType<typeof createLoginFlow>;
