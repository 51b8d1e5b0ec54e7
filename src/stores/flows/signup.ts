/**
 * The sign-up page's view-state machine (spec section 2 'Sign-up', section 4 'Sign-up', section 8
 * 'Sign-up errors'). `signupTransition` is pure and holds every branch; `createSignupFlow` wraps
 * it in a nanostores atom with actions that call the APIs, and reactions (analytics page names,
 * the OTP step) bound in a listener.
 *
 * signup_form → otp (valid phone, no OTP in the URL) → onboarding → redirect_to_idp;
 * with an OTP in the URL the form goes straight to onboarding. A `challenge_required` otp answer
 * returns to the otp view; USER_BLOCKED_FOR_SIGNUP opens blocked_user; a failed corporate sign-up
 * opens corporate_error.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ERROR_KEYS, errorName, loginErrorMessage } from '../../api/error-catalogue.ts';
import { toFailure, type ApiFailure } from '../../api/errors.ts';
import { ERROR } from '../../contract/errors.ts';
import type { OnboardBody } from '../../contract/onboarder.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Text } from '../../i18n/types.ts';
import { cleanClientId } from '../../lib/address.ts';
import type { FlowName, PageName } from '../../lib/analytics.ts';
import { digitsOnly } from '../../lib/digits.ts';
import type { Flags } from '../../lib/flags.ts';
import { splitFullName } from '../../lib/names.ts';
import { DEFAULT_COUNTRY, type CountryCode } from '../../lib/phone.ts';
import {
  formProblems,
  fullNameProblem,
  emailProblem,
  invitationCodeProblem,
  phoneProblem,
  visibleFields,
  type SignupField,
  type VisibleFields,
} from '../../lib/signup-rules.ts';
import {
  socialFailureReason,
  socialMessage,
  type SocialFailureReason,
  type SocialProvider,
  type SocialResult,
} from '../../lib/social/types.ts';
import { createOtpFlow, type OtpDeps } from './otp.ts';

export const SIGNUP_VIEWS = [
  'signup_form',
  'otp',
  'redirect_to_idp',
  'corporate_error',
  'blocked_user',
] as const;
export type SignupView = (typeof SIGNUP_VIEWS)[number];

export type { SignupField };

// ---------------------------------------------------------------------------------------------
// Presets (spec section 2, 'Sign-up' query)

export interface SignupPresets {
  clientId: string | undefined;
  /** International digits. */
  fullMobileNumber: string | undefined;
  /** An OTP (or its verification id) that already proves the number: no code step. */
  otp: string | undefined;
  appleIdToken: string | undefined;
  googleIdToken: string | undefined;
  showEmail: boolean;
  email: string | undefined;
  /** hideInvitationCode=false. */
  showInvitationCode: boolean;
  showApple: boolean;
  showGoogle: boolean;
  corporateInvitationToken: string | undefined;
}

export const DEFAULT_SIGNUP_PRESETS: SignupPresets = {
  clientId: undefined,
  fullMobileNumber: undefined,
  otp: undefined,
  appleIdToken: undefined,
  googleIdToken: undefined,
  showEmail: false,
  email: undefined,
  showInvitationCode: false,
  showApple: true,
  showGoogle: true,
  corporateInvitationToken: undefined,
};

/** The query parameters that are secrets or personal data: taken out of the address at once. */
export const SIGNUP_SECRET_PARAMS = [
  'csrf',
  'otp',
  'appleIdToken',
  'googleIdToken',
  'corporateInvitationToken',
  'fullMobileNumber',
  'email',
] as const;

const ID_TOKEN = /^[\w-]+\.[\w-]+\.[\w-]*$/;
const OPAQUE = /^[\w.~-]{1,256}$/;

function matching(value: string | null, pattern: RegExp, max = 8192): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max && pattern.test(trimmed) ? trimmed : undefined;
}

export function parseSignupPresets(query: URLSearchParams): SignupPresets {
  const digits = digitsOnly(query.get('fullMobileNumber') ?? '');
  const email = query.get('email')?.trim();
  return {
    clientId: cleanClientId(query.get('clientId')),
    fullMobileNumber: /^[1-9]\d{7,14}$/.test(digits) ? digits : undefined,
    otp: matching(query.get('otp'), OPAQUE),
    appleIdToken: matching(query.get('appleIdToken'), ID_TOKEN),
    googleIdToken: matching(query.get('googleIdToken'), ID_TOKEN),
    showEmail: query.get('showEmail') === 'true',
    email: email && email.length <= 254 && !/\s/.test(email) ? email : undefined,
    showInvitationCode: query.get('hideInvitationCode') === 'false',
    showApple: query.get('showApple') !== 'false',
    showGoogle: query.get('showGoogle') !== 'false',
    corporateInvitationToken: matching(query.get('corporateInvitationToken'), OPAQUE),
  };
}

// ---------------------------------------------------------------------------------------------
// State

export interface PhoneInputValue {
  country: CountryCode;
  input: string;
}

export interface FormValues {
  fullName: string;
  phone: PhoneInputValue;
  email: string;
  password: string;
  invitationCode: string;
}

export type TextField = Exclude<SignupField, 'phone'>;

/** A social identity that pre-fills the sign-up (from the URL or from the buttons). */
export interface SocialPrefill {
  provider: SocialProvider;
  idToken: string;
  email?: string | undefined;
  fullName?: string | undefined;
}

/** A code that proves the number: an OTP from the URL, or the id of a verified code. */
export interface PhoneProof {
  /** The number it proves; undefined for a URL OTP with no number preset (any number). */
  phone: string | undefined;
  value: string;
  fromUrl: boolean;
}

export interface SignupError {
  message: Text;
  /** EMAIL_ALREADY_USED: show the contact link. */
  contact?: boolean;
}

interface Common {
  presets: SignupPresets;
  values: FormValues;
  /** The phone field as international digits when it is a valid number. */
  phoneDigits: string | undefined;
  social: SocialPrefill | undefined;
  /** The number the form was sent with. */
  phone: string | undefined;
  proof: PhoneProof | undefined;
  /** From a `challenge_required` answer, sent back with the next attempt. */
  experienceId: string | undefined;
  submitting: boolean;
  /** A social sign-in window or SDK in progress. */
  socialPending: SocialProvider | undefined;
  /** Form-level error (announced). */
  error: SignupError | undefined;
  fieldErrors: Partial<Record<SignupField, Text>>;
}

export type SignupState = Common &
  (
    | { view: 'signup_form' | 'otp' | 'blocked_user' }
    | {
        view: 'redirect_to_idp';
        token: string;
        flow: FlowName;
        /** A new account ('You're registered'), or a social account that already existed. */
        registered: boolean;
      }
    | { view: 'corporate_error'; message: Text }
  );

export type SignupEvent =
  | { type: 'initialized'; presets: SignupPresets; appleFullName?: string | undefined }
  | { type: 'phoneChanged'; value: PhoneInputValue; digits: string | undefined }
  | { type: 'valueChanged'; field: TextField; value: string }
  | { type: 'fieldChecked'; field: SignupField; error: Text | undefined }
  | { type: 'invalid'; errors: Partial<Record<SignupField, Text>> }
  | { type: 'submitted'; phone: string }
  | { type: 'otpVerified'; id: string }
  | { type: 'succeeded'; token: string; flow: FlowName; registered: boolean }
  | { type: 'failed'; failure: ApiFailure }
  | { type: 'socialStarted'; provider: SocialProvider }
  | { type: 'socialFailed'; provider: SocialProvider; reason: SocialFailureReason }
  | { type: 'socialSubmitted' }
  | { type: 'socialUnregistered'; prefill: SocialPrefill }
  | { type: 'back' };

function common(state: SignupState): Common {
  return {
    presets: state.presets,
    values: state.values,
    phoneDigits: state.phoneDigits,
    social: state.social,
    phone: state.phone,
    proof: state.proof,
    experienceId: state.experienceId,
    submitting: state.submitting,
    socialPending: state.socialPending,
    error: state.error,
    fieldErrors: state.fieldErrors,
  };
}

const EMPTY_VALUES: FormValues = {
  fullName: '',
  phone: { country: DEFAULT_COUNTRY, input: '' },
  email: '',
  password: '',
  invitationCode: '',
};

export function initialSignupState(presets = DEFAULT_SIGNUP_PRESETS): SignupState {
  return {
    view: 'signup_form',
    presets,
    values: EMPTY_VALUES,
    phoneDigits: undefined,
    social: undefined,
    phone: undefined,
    proof: undefined,
    experienceId: undefined,
    submitting: false,
    socialPending: undefined,
    error: undefined,
    fieldErrors: {},
  };
}

/** The social identity the URL carries (Apple first), with the Apple name kept from the login. */
export function socialFromPresets(
  presets: SignupPresets,
  appleFullName?: string,
): SocialPrefill | undefined {
  if (presets.appleIdToken) {
    return {
      provider: 'apple',
      idToken: presets.appleIdToken,
      email: presets.email,
      fullName: appleFullName,
    };
  }
  if (presets.googleIdToken) {
    return { provider: 'google', idToken: presets.googleIdToken, email: presets.email };
  }
  return undefined;
}

export function isCorporate(state: Pick<SignupState, 'presets'>): boolean {
  return state.presets.corporateInvitationToken !== undefined;
}

/** The fields and buttons the form shows now. */
export function visibleOf(
  state: Pick<SignupState, 'presets' | 'social'>,
  googleEnabled = true,
): VisibleFields {
  return visibleFields(
    state.presets,
    { social: state.social !== undefined, corporate: isCorporate(state) },
    googleEnabled,
  );
}

export function flowOf(state: Pick<SignupState, 'social'>): FlowName {
  return state.social?.provider ?? 'phone';
}

/** Analytics page names of spec section 2, per view. */
export function pageOf(view: SignupView): PageName | undefined {
  switch (view) {
    case 'signup_form':
    case 'corporate_error':
      return 'signup_form';
    case 'otp':
      return 'otp_verify';
    case 'blocked_user':
      return 'blocked_user';
    case 'redirect_to_idp':
      return undefined;
  }
}

/** Whether the proof (URL OTP or verified code) is for this number. */
export function proofFor(proof: PhoneProof | undefined, phone: string): PhoneProof | undefined {
  if (!proof) return undefined;
  return proof.phone === undefined || proof.phone === phone ? proof : undefined;
}

function isTransportOrServer(failure: ApiFailure): boolean {
  return failure.kind !== 'http' || failure.status >= 500;
}

/** Server codes that belong to a field: shown under it when it is visible. */
const FIELD_OF_ERROR: Partial<Record<string, SignupField>> = {
  INVALID_PASSWORD: 'password',
  INVALID_PROMOTION_CODE: 'invitationCode',
  INVALID_PHONE_NUMBER: 'phone',
  PHONE_ALREADY_USED: 'phone',
};

function failed(state: SignupState, failure: ApiFailure): SignupState {
  const base: Common = { ...common(state), submitting: false, socialPending: undefined };
  const body = failure.kind === 'http' ? failure.body : undefined;
  const info = body?.additional_information ?? {};
  const experienceId =
    typeof info.onboard_experience_id === 'string'
      ? info.onboard_experience_id
      : state.experienceId;

  if (
    failure.kind === 'http' &&
    failure.status === 400 &&
    body?.error === ERROR.challengeRequired
  ) {
    if (info.challenge === 'otp') {
      // The number must be proved (again): a repeated demand on the code view is a failed code.
      return {
        ...base,
        experienceId,
        proof: undefined,
        view: 'otp',
        error:
          state.view === 'otp' ? { message: { key: ERROR_KEYS.VERIFYING_OTP_ERROR } } : undefined,
      };
    }
    return {
      ...base,
      experienceId,
      view: 'signup_form',
      error: {
        message: {
          key: 'signup:error.provide',
          params: { challenge: typeof info.challenge === 'string' ? info.challenge : '' },
        },
      },
    };
  }

  const name = errorName(failure);
  if (name === 'USER_BLOCKED_FOR_SIGNUP') {
    return { ...base, experienceId, error: undefined, view: 'blocked_user' };
  }
  const message = loginErrorMessage(failure);
  // A code the server refused: a new one is needed (also for an OTP that came in the URL).
  if (
    name === 'VERIFYING_OTP_ERROR' ||
    name === 'ERROR_INVALID_PIN_CODE' ||
    info.challenge === 'otp'
  ) {
    return { ...base, experienceId, proof: undefined, view: 'otp', error: { message } };
  }
  // Timeouts, lost connections and server faults: stay where we are, the button retries.
  if (isTransportOrServer(failure)) {
    const view = state.view === 'otp' ? 'otp' : 'signup_form';
    return { ...base, experienceId, view, error: { message } };
  }
  if (isCorporate(state)) {
    return { ...base, experienceId, error: undefined, view: 'corporate_error', message };
  }
  if (name === 'EMAIL_ALREADY_USED') {
    return { ...base, experienceId, view: 'signup_form', error: { message, contact: true } };
  }
  const field = name ? FIELD_OF_ERROR[name] : undefined;
  if (field && visibleOf(state)[field as keyof VisibleFields] !== false) {
    return {
      ...base,
      experienceId,
      view: 'signup_form',
      error: undefined,
      fieldErrors: { ...state.fieldErrors, [field]: message },
    };
  }
  return { ...base, experienceId, view: 'signup_form', error: { message } };
}

export function signupTransition(state: SignupState, event: SignupEvent): SignupState {
  switch (event.type) {
    case 'initialized': {
      const presets = event.presets;
      const start = initialSignupState(presets);
      return {
        ...start,
        values: { ...start.values, email: presets.email ?? '' },
        social: socialFromPresets(presets, event.appleFullName),
        proof: presets.otp
          ? { phone: presets.fullMobileNumber, value: presets.otp, fromUrl: true }
          : undefined,
      };
    }
    case 'phoneChanged': {
      if (state.view !== 'signup_form' || state.submitting) return state;
      const { phone: _dropped, ...fieldErrors } = state.fieldErrors;
      void _dropped;
      return {
        ...state,
        values: { ...state.values, phone: event.value },
        phoneDigits: event.digits,
        fieldErrors,
        error: undefined,
      };
    }
    case 'valueChanged': {
      if (state.view !== 'signup_form' || state.submitting) return state;
      const fieldErrors = { ...state.fieldErrors };
      delete fieldErrors[event.field];
      return {
        ...state,
        values: { ...state.values, [event.field]: event.value },
        fieldErrors,
        error: event.field === 'email' && state.error?.contact ? undefined : state.error,
      };
    }
    case 'fieldChecked': {
      const fieldErrors = { ...state.fieldErrors };
      if (event.error) fieldErrors[event.field] = event.error;
      else delete fieldErrors[event.field];
      return { ...state, fieldErrors };
    }
    case 'invalid':
      return { ...state, submitting: false, fieldErrors: event.errors };
    case 'submitted': {
      if (state.submitting || state.view !== 'signup_form') return state;
      const proof = proofFor(state.proof, event.phone);
      const next: Common = {
        ...common(state),
        phone: event.phone,
        proof,
        error: undefined,
        fieldErrors: {},
      };
      // A proof for this number (URL OTP, or a code verified before a fixable error): onboard now.
      if (proof) return { ...next, view: 'signup_form', submitting: true };
      return { ...next, view: 'otp', submitting: false };
    }
    case 'otpVerified':
      if (state.view !== 'otp' || state.submitting) return state;
      return {
        ...state,
        proof: { phone: state.phone, value: event.id, fromUrl: false },
        submitting: true,
        error: undefined,
      };
    case 'succeeded':
      return {
        ...common(state),
        submitting: false,
        socialPending: undefined,
        error: undefined,
        view: 'redirect_to_idp',
        token: event.token,
        flow: event.flow,
        registered: event.registered,
      };
    case 'failed':
      return failed(state, event.failure);
    case 'socialStarted':
      if (state.view !== 'signup_form' || state.submitting || state.socialPending) return state;
      return { ...state, socialPending: event.provider, error: undefined };
    case 'socialSubmitted':
      if (!state.socialPending) return state;
      return { ...state, submitting: true };
    case 'socialFailed': {
      const message = socialMessage(event.provider, event.reason);
      return {
        ...state,
        socialPending: undefined,
        submitting: false,
        error: message ? { message } : undefined,
      };
    }
    case 'socialUnregistered': {
      // Not registered yet: the form turns into the social sign-up (no name, password, buttons).
      const email =
        state.values.email.trim() === '' ? (event.prefill.email ?? '') : state.values.email;
      return {
        ...common(state),
        view: 'signup_form',
        social: event.prefill,
        values: { ...state.values, email, password: '' },
        submitting: false,
        socialPending: undefined,
        error: undefined,
        fieldErrors: {},
      };
    }
    case 'back':
      if (state.view === 'redirect_to_idp') return state;
      return {
        ...common(state),
        view: 'signup_form',
        submitting: false,
        socialPending: undefined,
        error: undefined,
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Request body

/** The full name as sent: the section 3 split (first names, last name), re-joined and tidy. */
export function normalizedFullName(value: string): string {
  const { firstName, lastName } = splitFullName(value);
  return [firstName, lastName].filter(Boolean).join(' ');
}

/** The onboarding payload of spec section 3, with only what the visible form and presets hold. */
export function onboardBody(
  state: SignupState,
  input: {
    deviceId: string;
    clientId: string | undefined;
    profiling: Record<string, unknown> | undefined;
  },
): OnboardBody {
  const visible = visibleOf(state);
  const { values, social, presets } = state;
  const fullName = visible.fullName
    ? normalizedFullName(values.fullName)
    : social?.fullName
      ? normalizedFullName(social.fullName)
      : '';
  const email = values.email.trim();
  const code = values.invitationCode.trim();
  const proof = state.phone ? proofFor(state.proof, state.phone) : undefined;
  return {
    deviceId: input.deviceId,
    phone_number: state.phone ?? '',
    ...(input.profiling ? { profiling: input.profiling } : {}),
    ...(state.experienceId ? { onboard_experience_id: state.experienceId } : {}),
    ...(fullName ? { full_name: fullName } : {}),
    ...(visible.password ? { password: values.password } : {}),
    ...(social?.provider === 'apple' ? { apple_id_token: social.idToken } : {}),
    ...(social?.provider === 'google' ? { google_id_token: social.idToken } : {}),
    ...(proof ? { otp: proof.value } : {}),
    ...(visible.email && email ? { email } : {}),
    ...(input.clientId ? { clientId: input.clientId } : {}),
    ...(visible.invitationCode && code ? { invitation_code: code } : {}),
    ...(presets.corporateInvitationToken
      ? { corporate_invitation_token: presets.corporateInvitationToken }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The flow

type Context = { clientId?: string | undefined };

export interface SignupDeps {
  locale: Locale;
  onboard: (body: OnboardBody, context: Context) => Promise<string>;
  appleLogin: (idToken: string, context: Context) => Promise<string>;
  googleLogin: (idToken: string, context: Context) => Promise<string>;
  sendOtp: OtpDeps['sendOtp'];
  verifyOtp: OtpDeps['verifyOtp'];
  /** Opens Apple's or Google's sign-in; must open any window synchronously. */
  socialSignIn: (provider: SocialProvider) => Promise<SocialResult>;
  /** A phone input as international digits when valid; undefined when not (or not known yet). */
  parsePhone: (value: PhoneInputValue) => string | undefined;
  /** Loads what `parsePhone` needs (phone metadata). */
  loadPhone: () => Promise<unknown>;
  /** The preset number as an input value (country and national number). */
  presetPhone?: (digits: string) => Promise<PhoneInputValue | undefined>;
  flags: () => Pick<Flags, 'weakPasswords'>;
  analytics: {
    page: (page: PageName, flow?: FlowName) => void;
    track: (
      name: string,
      details?: { flow?: FlowName; page?: PageName; properties?: Record<string, string> },
    ) => void;
    flush: () => Promise<void>;
  };
  deviceId: () => string;
  profiling: () => Record<string, unknown> | undefined;
  /** The client id when the address has none (kept by the shell from an earlier page). */
  fallbackClientId?: () => string | undefined;
  recaptchaRequired?: () => boolean;
  shieldParams?: () => Record<string, unknown> | undefined;
  persisted?: {
    read: (key: 'appleFullName') => string | undefined;
    write: (key: 'appleFullName', value: string) => void;
  };
}

export function createSignupFlow(deps: SignupDeps) {
  const $state = atom<SignupState>(initialSignupState());
  const dispatch = (event: SignupEvent) => $state.set(signupTransition($state.get(), event));
  const clientId = () => $state.get().presets.clientId ?? deps.fallbackClientId?.();
  const context = (): Context => ({ clientId: clientId() });
  let destroyed = false;

  const otp = createOtpFlow({
    sendOtp: deps.sendOtp,
    verifyOtp: deps.verifyOtp,
    clientId,
    onVerified: (id) => {
      dispatch({ type: 'otpVerified', id });
      if ($state.get().submitting) void runOnboarding();
    },
    ...(deps.recaptchaRequired ? { recaptchaRequired: deps.recaptchaRequired } : {}),
    ...(deps.shieldParams ? { shieldParams: deps.shieldParams } : {}),
  });

  /** Bumped by every onboarding or social attempt: late answers of older ones are ignored. */
  let attempt = 0;

  async function finish(
    token: string,
    flow: FlowName,
    mine: number,
    registered: boolean,
  ): Promise<void> {
    deps.analytics.track(registered ? 'signup_succeeded' : 'login_succeeded', { flow });
    // Analytics are flushed before the identity-service redirect (spec section 4).
    await deps.analytics.flush();
    if (mine !== attempt || destroyed) return;
    dispatch({ type: 'succeeded', token, flow, registered });
  }

  async function runOnboarding(): Promise<void> {
    const mine = ++attempt;
    const state = $state.get();
    const flow = flowOf(state);
    try {
      const body = onboardBody(state, {
        deviceId: deps.deviceId(),
        clientId: clientId(),
        profiling: deps.profiling(),
      });
      const token = await deps.onboard(body, context());
      if (mine !== attempt || destroyed) return;
      await finish(token, flow, mine, true);
    } catch (error) {
      if (mine !== attempt || destroyed) return;
      const failure = toFailure(error);
      deps.analytics.track('signup_failed', {
        flow,
        page: 'signup_form',
        properties: { reason: errorName(failure) ?? failure.kind },
      });
      dispatch({ type: 'failed', failure });
    }
  }

  // Reactions: analytics page names and the OTP step.
  let previousView: SignupView = $state.get().view;
  const unbind = $state.listen((state) => {
    const left = previousView;
    previousView = state.view;
    if (state.view === left) return;
    const page = pageOf(state.view);
    if (page && pageOf(left) !== page) deps.analytics.page(page, flowOf(state));
    if (left === 'otp') otp.stop();
    if (state.view === 'otp' && state.phone) void otp.start(state.phone);
  });

  function check(field: SignupField): Text | undefined {
    const state = $state.get();
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
        // The password speaks while it is typed (signup-rules `passwordProblem`).
        return undefined;
    }
  }

  return {
    $state: $state as ReadableAtom<SignupState>,
    otp,

    /** Reads the presets once the page runs (secrets have already left the address). */
    async init(presets: SignupPresets): Promise<void> {
      dispatch({
        type: 'initialized',
        presets,
        appleFullName: presets.appleIdToken ? deps.persisted?.read('appleFullName') : undefined,
      });
      deps.analytics.page('signup_form', flowOf($state.get()));
      if (presets.fullMobileNumber && deps.presetPhone) {
        const value = await deps.presetPhone(presets.fullMobileNumber);
        const state = $state.get();
        if (value && !destroyed && state.values.phone.input === '' && !state.submitting) {
          dispatch({ type: 'phoneChanged', value, digits: deps.parsePhone(value) });
        }
      }
      await deps.loadPhone();
      if (destroyed) return;
      // Re-check what was typed before the phone rules arrived.
      const { values, view, submitting } = $state.get();
      if (view === 'signup_form' && !submitting) {
        dispatch({
          type: 'phoneChanged',
          value: values.phone,
          digits: deps.parsePhone(values.phone),
        });
      }
    },

    changePhone(value: PhoneInputValue): void {
      dispatch({ type: 'phoneChanged', value, digits: deps.parsePhone(value) });
    },

    change(field: TextField, value: string): void {
      dispatch({ type: 'valueChanged', field, value });
    },

    /** A field lost focus: say what is wrong with it (required, format, phone). */
    blur(field: SignupField): void {
      const state = $state.get();
      if (state.view !== 'signup_form' || state.submitting) return;
      dispatch({ type: 'fieldChecked', field, error: check(field) });
    },

    /** Checks the form, then goes to the code step, or onboards at once with a proof. */
    async submit(): Promise<void> {
      const state = $state.get();
      if (state.submitting || state.socialPending || state.view !== 'signup_form') return;
      const problems = formProblems(
        {
          fullName: state.values.fullName,
          email: state.values.email,
          password: state.values.password,
          invitationCode: state.values.invitationCode,
          phoneInput: state.values.phone.input,
          phoneDigits: state.phoneDigits,
        },
        visibleOf(state),
        deps.flags(),
      );
      if (Object.keys(problems).length > 0 || !state.phoneDigits) {
        dispatch({ type: 'invalid', errors: problems });
        return;
      }
      deps.analytics.track('signup_submitted', { flow: flowOf(state), page: 'signup_form' });
      dispatch({ type: 'submitted', phone: state.phoneDigits });
      if ($state.get().submitting) await runOnboarding();
    },

    /** Leaves the code step for the form (everything typed is kept). */
    back(): void {
      attempt += 1;
      dispatch({ type: 'back' });
    },

    /** Apple or Google: must be called straight from the click (the window opens at once). */
    async socialSignIn(provider: SocialProvider): Promise<void> {
      const before = $state.get();
      if (before.submitting || before.socialPending || before.view !== 'signup_form') return;
      dispatch({ type: 'socialStarted', provider });
      const mine = ++attempt;
      let result: SocialResult;
      try {
        result = await deps.socialSignIn(provider);
      } catch (error) {
        if (mine !== attempt || destroyed) return;
        const reason = socialFailureReason(error);
        deps.analytics.track(`${provider}_failed_${reason}`, { flow: provider });
        dispatch({ type: 'socialFailed', provider, reason });
        return;
      }
      if (mine !== attempt || destroyed) return;
      let fullName = result.fullName;
      if (provider === 'apple') {
        // Apple sends the name only the first time: keep it, and reuse it when it is omitted.
        if (fullName) deps.persisted?.write('appleFullName', fullName);
        else fullName = deps.persisted?.read('appleFullName');
      }
      dispatch({ type: 'socialSubmitted' });
      deps.analytics.track(`${provider}_submitted`, { flow: provider, page: 'signup_form' });
      try {
        const login = provider === 'apple' ? deps.appleLogin : deps.googleLogin;
        const token = await login(result.idToken, context());
        if (mine !== attempt || destroyed) return;
        // Already registered: the social proof token goes straight to the redirect.
        await finish(token, provider, mine, false);
      } catch (error) {
        if (mine !== attempt || destroyed) return;
        const failure = toFailure(error);
        if (
          failure.kind === 'http' &&
          failure.status === 400 &&
          failure.body?.error === ERROR.unregisteredUser
        ) {
          dispatch({
            type: 'socialUnregistered',
            prefill: { provider, idToken: result.idToken, email: result.email, fullName },
          });
          return;
        }
        dispatch({ type: 'failed', failure });
      }
    },

    destroy(): void {
      destroyed = true;
      unbind();
      otp.stop();
    },
  };
}

export type SignupFlow = ReturnType<typeof createSignupFlow>;
