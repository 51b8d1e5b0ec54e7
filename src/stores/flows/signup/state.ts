/**
 * The sign-up page's views and state: signup_form → otp (a valid number, no code in the address)
 * → onboarding → redirect_to_idp; with a code in the address the form onboards at once. A
 * `challenge_required` otp answer returns to the otp view; USER_BLOCKED_FOR_SIGNUP opens
 * blocked_user; a failed corporate sign-up opens corporate_error. A rate limit of the onboarding
 * keeps the form, saying how long, its button held until then (src/stores/flows/waits.ts).
 */
import type { ApiFailure } from '../../../api/errors.ts';
import type { Wait } from '../../../api/waits.ts';
import type { Text } from '../../../i18n/types.ts';
import type { FlowName, PageName } from '../../../lib/analytics.ts';
import { DEFAULT_COUNTRY, type CheckedPhone, type PhoneInputValue } from '../../../lib/phone.ts';
import {
  visibleFields,
  type SignupField,
  type SignupValues,
  type VisibleFields,
} from '../../../lib/signup-rules.ts';
import { claimString, tokenClaims } from '../../../lib/social/results.ts';
import type { SocialFailureReason, SocialProvider } from '../../../lib/social/types.ts';
import { commonOf } from '../create-flow.ts';
import { DEFAULT_SIGNUP_PRESETS, type SignupPresets } from './presets.ts';

export const SIGNUP_VIEWS = [
  'signup_form',
  'otp',
  'redirect_to_idp',
  'corporate_error',
  'blocked_user',
] as const;
export type SignupView = (typeof SIGNUP_VIEWS)[number];

export type { SignupField };

export interface FormValues {
  fullName: string;
  phone: PhoneInputValue;
  email: string;
  password: string;
  invitationCode: string;
}

export type TextField = Exclude<SignupField, 'phone'>;

/** A social identity that pre-fills the sign-up (from the address or from the buttons). */
export interface SocialPrefill {
  provider: SocialProvider;
  idToken: string;
  email?: string | undefined;
  fullName?: string | undefined;
}

/** A code that proves the number: an OTP from the address, or the id of a verified code. */
export interface PhoneProof {
  /** The number it proves; undefined for an address OTP with no number preset (any number). */
  phone: string | undefined;
  value: string;
  fromUrl: boolean;
}

/** What every view keeps. */
export interface SignupCommon {
  presets: SignupPresets;
  values: FormValues;
  /** The phone field as international digits when it is a valid number a code may go to. */
  phoneDigits: string | undefined;
  /** Why no code may go to the phone field's valid number (its country; `countryRefusal`). */
  phoneRefused: Text | undefined;
  /** The social identity the sign-up is for (its name, password and buttons are hidden). */
  prefill: SocialPrefill | undefined;
  /** The number the form was sent with. */
  phone: string | undefined;
  proof: PhoneProof | undefined;
  /** From a `challenge_required` answer, sent back with the next attempt. */
  experienceId: string | undefined;
  /** An onboarding or social login call in flight. */
  submitting: boolean;
  /** A social sign-in window or SDK in progress. */
  social: SocialProvider | undefined;
  /** Form-level error (announced); the corporate_error view's message. */
  error: Text | undefined;
  /** The error is EMAIL_ALREADY_USED: it comes with the contact link. */
  contact: boolean;
  fieldErrors: Partial<Record<SignupField, Text>>;
  /** A rate limit of the onboarding: the form's submit waits until it ends. */
  wait: Wait | undefined;
}

const COMMON_FIELDS: Record<keyof SignupCommon, true> = {
  presets: true,
  values: true,
  phoneDigits: true,
  phoneRefused: true,
  prefill: true,
  phone: true,
  proof: true,
  experienceId: true,
  submitting: true,
  social: true,
  error: true,
  contact: true,
  fieldErrors: true,
  wait: true,
};

/** What every view keeps of `state`, without the fields of its view. */
export const common = (state: SignupState): SignupCommon =>
  commonOf<SignupCommon>(state, COMMON_FIELDS);

export type SignupState = SignupCommon &
  (
    | { view: 'signup_form' | 'otp' | 'blocked_user' | 'corporate_error' }
    | {
        view: 'redirect_to_idp';
        token: string;
        flow: FlowName;
        /** A new account ('You're registered'), or a social account that already existed. */
        registered: boolean;
      }
  );

export type SignupEvent =
  /** The page read its presets (and the Apple name kept from the login, for an Apple token). */
  | { type: 'initialized'; presets: SignupPresets; appleFullName?: string | undefined }
  /**
   * The phone field changed: its value, and its digits when it is a valid number a code may go
   * to, or why none may (`refused`).
   */
  | {
      type: 'phoneChanged';
      value: PhoneInputValue;
      digits: string | undefined;
      refused?: Text | undefined;
    }
  | { type: 'valueChanged'; field: TextField; value: string }
  /** A field lost focus: what is wrong with it, if anything. */
  | { type: 'fieldChecked'; field: SignupField; error: Text | undefined }
  /** The form was checked: every field's error; with any, nothing is sent. */
  | { type: 'invalid'; errors: Partial<Record<SignupField, Text>> }
  /** The form is right; its password is being checked against data breaches (pending). */
  | { type: 'passwordChecking' }
  /** The form is right: the code step, or onboarding at once with a proof for the number. */
  | { type: 'submitted'; phone: string }
  /** The code step verified a code: onboarding with its id. */
  | { type: 'otpVerified'; id: string }
  | { type: 'succeeded'; token: string; flow: FlowName; registered: boolean }
  /** Onboarding (or a social login) failed: routed by `SIGNUP_FAILURES`, in its order. */
  | { type: 'failed'; failure: ApiFailure; wait?: Wait | undefined }
  /** A rate limit kept from an earlier load of the page holds for the number: nothing was sent. */
  | { type: 'waitRestored'; wait: Wait }
  /** The rate limit's deadline has passed. */
  | { type: 'waitOver' }
  | { type: 'socialStarted'; provider: SocialProvider }
  | { type: 'socialFailed'; provider: SocialProvider; reason: SocialFailureReason }
  /** The provider answered: its login call is on its way. */
  | { type: 'socialSubmitted' }
  /** Not registered yet: the form turns into the social sign-up. */
  | { type: 'socialUnregistered'; prefill: SocialPrefill }
  /** 'Don't link it': the sign-up goes on without the social identity, its token forgotten. */
  | { type: 'socialDeclined' }
  /** From the code step or the corporate error back to the form (everything typed is kept). */
  | { type: 'back' };

const EMPTY_VALUES: FormValues = {
  fullName: '',
  phone: { country: DEFAULT_COUNTRY, input: '' },
  email: '',
  password: '',
  invitationCode: '',
};

/** The phone field's change, with what the phone rules made of it (`checkPhone`). */
export function phoneChanged(
  value: PhoneInputValue,
  checked: CheckedPhone | undefined,
): Extract<SignupEvent, { type: 'phoneChanged' }> {
  return {
    type: 'phoneChanged',
    value,
    digits: checked && 'digits' in checked ? checked.digits : undefined,
    refused: checked && 'refused' in checked ? checked.refused : undefined,
  };
}

/** The pre-rendered state (the empty form), or the first one for some presets. */
export function initialState(presets = DEFAULT_SIGNUP_PRESETS): SignupState {
  return {
    view: 'signup_form',
    presets,
    values: EMPTY_VALUES,
    phoneDigits: undefined,
    phoneRefused: undefined,
    prefill: undefined,
    phone: undefined,
    proof: undefined,
    experienceId: undefined,
    submitting: false,
    social: undefined,
    error: undefined,
    contact: false,
    fieldErrors: {},
    wait: undefined,
  };
}

/** A rate limit with a deadline holds the form's submit. */
export const isRateLimited = (state: Pick<SignupState, 'wait'>): boolean =>
  state.wait?.until !== undefined;

/** Where a rate limit of the onboarding is kept: per number. */
export const signupWaitScope = (phone: string): string => `signup:${phone}`;

/** The social identity the address carries (Apple first), with the Apple name kept from the login. */
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

/**
 * The account the social identity will link, for the person to see before it is: the e-mail and
 * name of the token's claims (decoded, not verified: the back end verifies), else Apple's.
 */
export function linkedAccount(prefill: SocialPrefill): { email?: string; name?: string } {
  const claims = tokenClaims(prefill.idToken);
  const email = claimString(claims, 'email') ?? prefill.email;
  const name = prefill.fullName?.trim() || claimString(claims, 'name');
  return { ...(email ? { email } : {}), ...(name ? { name } : {}) };
}

export function isCorporate(state: Pick<SignupState, 'presets'>): boolean {
  return state.presets.corporateInvitationToken !== undefined;
}

/** The fields and buttons the form shows now. */
export function visibleOf(
  state: Pick<SignupState, 'presets' | 'prefill'>,
  googleEnabled = true,
): VisibleFields {
  return visibleFields(
    state.presets,
    { social: state.prefill !== undefined, corporate: isCorporate(state) },
    googleEnabled,
  );
}

/** The form as the sign-up rules read it (the submit and the submit button check the same). */
export function rulesValues(state: Pick<SignupState, 'values' | 'phoneDigits'>): SignupValues {
  const { values } = state;
  return {
    fullName: values.fullName,
    email: values.email,
    password: values.password,
    invitationCode: values.invitationCode,
    phoneInput: values.phone.input,
    phoneDigits: state.phoneDigits,
  };
}

export function flowOf(state: Pick<SignupState, 'prefill'>): FlowName {
  return state.prefill?.provider ?? 'phone';
}

/** The analytics page name of each view (none for the redirect, which leaves the page). */
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

/** Whether the proof (address OTP or verified code) is for this number. */
export function proofFor(proof: PhoneProof | undefined, phone: string): PhoneProof | undefined {
  if (!proof) return undefined;
  return proof.phone === undefined || proof.phone === phone ? proof : undefined;
}
