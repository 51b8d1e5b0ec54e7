/**
 * The login page's views and state: phone first (or e-mail), then what the login call answers
 * asks for (a code, the password, Apple or Google, the name, or a challenge by priority with
 * 'Try another way'), then the identity-service redirect, sign-up or the blocked page.
 */
import type { BlockedVariant } from '../../../api/error-catalogue.ts';
import type { ApiFailure } from '../../../api/errors.ts';
import type { Wait } from '../../../api/waits.ts';
import { DASHBOARD_CLIENT_ID } from '../../../config.ts';
import type { ChallengeDetail, ChallengeName } from '../../../contract/errors.ts';
import type { Text } from '../../../i18n/types.ts';
import type { FlowName, PageName } from '../../../lib/analytics.ts';
import { DEFAULT_COUNTRY, type PhoneInputValue } from '../../../lib/phone.ts';
import type { SocialFailureReason, SocialProvider } from '../../../lib/social/types.ts';
import { commonOf } from '../create-flow.ts';
import type { SignupHandoff } from '../../../lib/signup-handoff.ts';
import { DEFAULT_PRESETS, type LoginPresets } from './presets.ts';

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
  /** After a code login: 'Use your fingerprint or face next time' (the passkey sub-flow). */
  'passkey_offer',
  /**
   * After a password login whose password has appeared in a data breach: signed in, offered a
   * new password first (issue 34).
   */
  'password_breached',
] as const;
export type LoginView = (typeof LOGIN_VIEWS)[number];

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

export type { BlockedVariant } from '../../../api/error-catalogue.ts';

/** The card and PIN challenges take 4 digits. */
export const CHALLENGE_DIGITS = 4;

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

/** What every view keeps. */
export interface LoginCommon {
  presets: LoginPresets;
  phoneInput: PhoneInputValue;
  emailInput: string;
  attempt: Attempt | undefined;
  answers: Answers;
  nameConfirmed: boolean | undefined;
  /** The verified OTP id, sent as `otp` in the login retry. */
  otpId: string | undefined;
  challenges: Challenges | undefined;
  /** A login call in flight. */
  submitting: boolean;
  /** A social sign-in window or SDK in progress. */
  social: SocialProvider | undefined;
  /** Form-level error (announced). */
  error: Text | undefined;
  /** The error of the view's main field. */
  fieldError: Text | undefined;
  /** A rate limit or lock: the view's action waits until it ends (src/stores/flows/waits.ts). */
  wait: Wait | undefined;
  /**
   * 'Stay signed in on this browser' (the password and code steps): the login asks the identity
   * API for a trusted device (`remember_device`), and the hand-off posts `remember`.
   */
  remember: boolean;
}

const COMMON_FIELDS: Record<keyof LoginCommon, true> = {
  presets: true,
  phoneInput: true,
  emailInput: true,
  attempt: true,
  answers: true,
  nameConfirmed: true,
  otpId: true,
  challenges: true,
  submitting: true,
  social: true,
  error: true,
  fieldError: true,
  wait: true,
  remember: true,
};

/** What every view keeps of `state`, without the fields of its view. */
export const common = (state: LoginState): LoginCommon =>
  commonOf<LoginCommon>(state, COMMON_FIELDS);

export type LoginState = LoginCommon &
  (
    | {
        view: Exclude<
          LoginView,
          | 'name_confirmation'
          | 'redirect_to_idp'
          | 'redirect_to_signup'
          | 'redirect_to_blocked_user'
          | 'passkey_offer'
          | 'password_breached'
        >;
      }
    | { view: 'name_confirmation'; name: string }
    | { view: 'redirect_to_idp'; token: string; flow: FlowName }
    | { view: 'redirect_to_signup'; handoff: SignupHandoff }
    | { view: 'redirect_to_blocked_user'; variant: BlockedVariant }
    | { view: 'passkey_offer' | 'password_breached'; token: string; flow: FlowName }
  );

export type LoginEvent =
  /** The page read its presets: the first view they ask for (not a change of view). */
  | { type: 'initialized'; presets: LoginPresets }
  | { type: 'phoneChanged'; value: PhoneInputValue }
  | { type: 'emailChanged'; value: string }
  /** A challenge answer typed (the PIN and card keep their 4 digits only). */
  | { type: 'answerChanged'; field: keyof Answers; value: string }
  /** 'Stay signed in on this browser' ticked or cleared. */
  | { type: 'rememberChanged'; value: boolean }
  /** The view's field is not right: its error, and nothing is sent. */
  | { type: 'invalid'; error: Text }
  /** 'Use e-mail' / 'Use phone number' on the first view. */
  | { type: 'switchMethod'; method: 'phone' | 'email' }
  /** A login call starts: a new attempt (phone, e-mail, Apple, Google), or the same with answers. */
  | { type: 'submitted'; attempt?: Attempt }
  /** The name confirmation answered: yes (or the password of the enhanced form), or no. */
  | { type: 'nameAnswered'; confirmed: boolean }
  /** The code step verified a code: the login is sent again with its id. */
  | { type: 'otpVerified'; id: string }
  /**
   * The login answered a token: the identity-service redirect, or first an offer: a new
   * password (`breached`: the password signed in with has appeared in a data breach), or a
   * passkey. `flow` names a sign-in that is not the attempt's (a passkey: `biometric`);
   * `trusted`: the identity API named a live trusted device of the account (the hand-off stays
   * signed in).
   */
  | {
      type: 'succeeded';
      token: string;
      flow?: FlowName;
      offerPasskey?: boolean;
      breached?: boolean;
      trusted?: boolean;
    }
  /** The passkey or new-password offer is over ('Not now', or a passkey added): the redirect. */
  | { type: 'offerClosed' }
  /** The login failed: a challenge, sign-up, the blocked page, or a message (and its wait). */
  | { type: 'failed'; failure: ApiFailure; wait?: Wait | undefined }
  /** A wait kept from an earlier load of the page holds for this attempt: nothing was sent. */
  | { type: 'waitRestored'; wait: Wait }
  /** The wait's deadline has passed. */
  | { type: 'waitOver' }
  /** 'Try another way': the next challenge by priority (round to the first). */
  | { type: 'tryAnotherWay' }
  | { type: 'socialStarted'; provider: SocialProvider }
  | { type: 'socialFailed'; provider: SocialProvider; reason: SocialFailureReason }
  /** Back to the first view, keeping what was typed there. */
  | { type: 'back' };

/** A wait with a deadline holds: the view's action is refused until it ends. */
export const isWaiting = (state: Pick<LoginState, 'wait'>): boolean =>
  state.wait?.until !== undefined;

/** The first view for the presets (dashboard picker, e-mail form, preset OTP, ...). */
export function startState(presets: LoginPresets, previous?: LoginState): LoginState {
  const base: LoginCommon = {
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
    wait: undefined,
    remember: previous?.remember ?? false,
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

/** Where the code step sends its codes: the attempt's phone or e-mail. */
export function codeIdentifier(state: Pick<LoginState, 'attempt'>): string {
  const { attempt } = state;
  if (attempt?.kind === 'phone') return attempt.phone;
  return attempt?.kind === 'email' ? attempt.email : '';
}

/** The pre-rendered state: the empty phone form. */
export const initialState = (): LoginState => startState(DEFAULT_PRESETS);

export function flowOf(state: Pick<LoginState, 'attempt' | 'view'>): FlowName {
  if (state.attempt) return state.attempt.kind;
  return state.view === 'email_form' ? 'email' : 'phone';
}

/** The analytics page name of each view (none for the views that leave the page). */
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
    case 'passkey_offer':
    case 'password_breached':
      return undefined;
  }
}

export function currentChallenge(state: Pick<LoginState, 'challenges'>) {
  const challenges = state.challenges;
  return challenges?.details.find((detail) => detail.priority === challenges.current);
}

export function isTryAnotherWayVisible(state: Pick<LoginState, 'challenges'>): boolean {
  return (state.challenges?.details.length ?? 0) > 1;
}
