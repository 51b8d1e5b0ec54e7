/**
 * What the login page sends: the phone and e-mail login bodies (only the challenge answers that
 * were given), and the check of a challenge answer before it is sent.
 */
import type { EmailLoginBody, PhoneLoginBody } from '../../../contract/identity-api.ts';
import type { Text } from '../../../i18n/types.ts';
import { isEmailAddress } from '../../../lib/patterns.ts';
import { CHALLENGE_DIGITS, type Answers, type LoginState, type LoginView } from './state.ts';

const filled = (value: string) => value.trim() !== '';

/**
 * The phone login body: only non-empty challenge fields are sent, trimmed (not the password).
 * `knownDevice`: this browser holds a trusted-device credential the identity API told it of
 * (src/lib/trusted-device.ts); `remember_device`: 'Stay signed in on this browser' is ticked.
 */
export function phoneLoginBody(
  state: Pick<LoginState, 'answers' | 'otpId' | 'nameConfirmed' | 'remember'>,
  phone: string,
  profiling: Record<string, unknown> | undefined,
  knownDevice = false,
): PhoneLoginBody {
  const { answers } = state;
  return {
    phone_number: phone,
    profiling,
    is_known_device: knownDevice,
    remember_device: state.remember,
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
  state: Pick<LoginState, 'answers' | 'otpId' | 'remember'>,
  email: string,
  profiling: Record<string, unknown> | undefined,
  knownDevice = false,
): EmailLoginBody {
  return {
    email,
    profiling,
    is_known_device: knownDevice,
    remember_device: state.remember,
    ...(state.otpId ? { otp: state.otpId } : {}),
    ...(state.answers.password !== '' ? { password: state.answers.password } : {}),
  };
}

const FOUR_DIGITS = new RegExp(`^\\d{${CHALLENGE_DIGITS}}$`);

/**
 * The error of the answer a challenge view needs, or undefined when it can be sent: a password
 * (or name) is required, the card and PIN take 4 digits, the e-mail must look like one.
 */
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
