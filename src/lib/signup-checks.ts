/**
 * The sign-up checks that say what is wrong: a field left (its own check) and the submit (every
 * visible field). Pure, like the rules they use (signup-rules.ts); not in /signup/'s first load,
 * they come with the flow's effects (src/stores/flows/signup/effects.ts).
 */
import type { Text } from '../i18n/types.ts';
import { isEmailAddress } from './patterns.ts';
import {
  passwordProblem,
  type SignupField,
  type SignupValues,
  type VisibleFields,
  type WeakPasswords,
} from './signup-rules.ts';

export function fullNameProblem(value: string): Text | undefined {
  return value.trim() === '' ? { key: 'fields:required' } : undefined;
}

export function emailProblem(value: string): Text | undefined {
  if (value.trim() === '') return { key: 'fields:required' };
  return isEmailAddress(value) ? undefined : { key: 'fields:email.invalid' };
}

/** 'Please enter correct phone number.' for a number that is typed but not valid. */
export function phoneProblem(input: string, digits: string | undefined): Text | undefined {
  if (input.trim() === '') return { key: 'fields:phone.invalid' };
  return digits ? undefined : { key: 'fields:phone.invalid' };
}

/** An invitation (promotion) code is optional; when typed it is letters and digits only. */
export function invitationCodeProblem(value: string): Text | undefined {
  const code = value.trim();
  if (code === '') return undefined;
  return /^[\p{L}\p{N}_-]{1,32}$/u.test(code)
    ? undefined
    : { key: 'signup:invitationCode.invalid' };
}

/** Every problem of the visible fields, for the submit (field by field). */
export function formProblems(
  values: SignupValues,
  visible: VisibleFields,
  flags: WeakPasswords,
): Partial<Record<SignupField, Text>> {
  const problems: Partial<Record<SignupField, Text>> = {};
  if (visible.fullName) {
    const problem = fullNameProblem(values.fullName);
    if (problem) problems.fullName = problem;
  }
  const phone = phoneProblem(values.phoneInput, values.phoneDigits);
  if (phone) problems.phone = phone;
  if (visible.email) {
    const problem = emailProblem(values.email);
    if (problem) problems.email = problem;
  }
  if (visible.password) {
    const problem =
      values.password === ''
        ? { key: 'fields:required' as const }
        : passwordProblem(values.password, flags);
    if (problem) problems.password = problem;
  }
  if (visible.invitationCode) {
    const problem = invitationCodeProblem(values.invitationCode);
    if (problem) problems.invitationCode = problem;
  }
  return problems;
}
