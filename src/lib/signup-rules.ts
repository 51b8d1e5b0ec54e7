/**
 * Sign-up validation and which fields the form shows (a social or corporate token hides what it
 * already gave). Pure: no DOM, no network. The flow (src/stores/flows/signup) and the island use
 * the same rules, so what disables the button is what the submit checks. The checks of a field
 * left and of the submit are in signup-checks.ts, which comes with the flow's effects.
 */
import type { Text } from '../i18n/types.ts';

/** The flag that lists the passwords refused at sign-up (lower-cased). */
export type WeakPasswords = { weakPasswords: readonly string[] };

/** A sign-up password needs at least 6 characters, at submit and in the typing check. */
export const MIN_PASSWORD_LENGTH = 6;

export type SignupField = 'fullName' | 'phone' | 'email' | 'password' | 'invitationCode';

export interface VisibleFields {
  fullName: boolean;
  email: boolean;
  password: boolean;
  invitationCode: boolean;
  apple: boolean;
  google: boolean;
}

export interface FieldPresets {
  showEmail: boolean;
  showInvitationCode: boolean;
  showApple: boolean;
  showGoogle: boolean;
}

/**
 * What the form shows: the e-mail only with showEmail, the invitation code only with
 * hideInvitationCode=false; a social token hides name, password and the social buttons; a
 * corporate token hides name, e-mail, password, invitation code and the social buttons.
 */
export function visibleFields(
  presets: FieldPresets,
  mode: { social: boolean; corporate: boolean },
  googleEnabled: boolean,
): VisibleFields {
  const prefilled = mode.social || mode.corporate;
  return {
    fullName: !prefilled,
    email: presets.showEmail && !mode.corporate,
    password: !prefilled,
    invitationCode: presets.showInvitationCode && !mode.corporate,
    apple: presets.showApple && !prefilled,
    google: presets.showGoogle && googleEnabled && !prefilled,
  };
}

/** Characters as people count them (an emoji is one), not UTF-16 units. */
export function characterCount(value: string): number {
  return [...value].length;
}

/**
 * The live password message: 1 to 5 characters say how many are used (plural-correct), a
 * password of the weak list (remote flag, case-insensitive) says it is easily guessed. An empty
 * password says nothing: the button stays disabled instead.
 */
export function passwordProblem(password: string, flags: WeakPasswords): Text | undefined {
  const count = characterCount(password);
  if (count === 0) return undefined;
  if (count < MIN_PASSWORD_LENGTH) {
    return { key: 'signup:password.tooShort', params: { count, min: MIN_PASSWORD_LENGTH } };
  }
  if (isWeakPassword(password, flags)) return { key: 'signup:password.weak' };
  return undefined;
}

export function isWeakPassword(password: string, flags: WeakPasswords): boolean {
  return flags.weakPasswords.includes(password.trim().toLowerCase());
}

export interface SignupValues {
  fullName: string;
  email: string;
  password: string;
  invitationCode: string;
  /** What was typed in the phone field. */
  phoneInput: string;
  /** The phone in international digits when it is valid. */
  phoneDigits: string | undefined;
}

/**
 * Submit is disabled while submitting, while a visible name, e-mail or password
 * is empty, while the password is invalid, or while the phone is invalid.
 */
export function isSubmitDisabled(
  values: SignupValues,
  visible: VisibleFields,
  flags: WeakPasswords,
  submitting: boolean,
): boolean {
  if (submitting) return true;
  if (visible.fullName && values.fullName.trim() === '') return true;
  if (visible.email && values.email.trim() === '') return true;
  if (visible.password && (values.password === '' || passwordProblem(values.password, flags))) {
    return true;
  }
  return values.phoneDigits === undefined;
}
