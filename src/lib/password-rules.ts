/**
 * The reset-password rules: at least 8 characters, a lowercase letter, an
 * uppercase letter and a digit, and no spaces. Letters and digits of any script count (a French
 * 'É' is an uppercase letter, an Arabic '٣' a digit), as the identity API's own check does.
 */

/** In the order their messages are shown. */
export const RESET_RULES = ['minLength', 'lowercase', 'uppercase', 'digit', 'noSpaces'] as const;
export type ResetRule = (typeof RESET_RULES)[number];

/** A reset password needs at least 8 characters. */
export const RESET_MIN_LENGTH = 8;

const CHECKS: Record<ResetRule, (password: string) => boolean> = {
  // Characters as people count them: an emoji or a letter outside the BMP is one, not two.
  minLength: (password) => [...password].length >= RESET_MIN_LENGTH,
  lowercase: (password) => /\p{Ll}/u.test(password),
  uppercase: (password) => /\p{Lu}/u.test(password),
  digit: (password) => /\p{Nd}/u.test(password),
  noSpaces: (password) => !/\s/u.test(password),
};

/** The rules the password breaks, in display order; empty when it meets them all. */
export function failedResetRules(password: string): ResetRule[] {
  return RESET_RULES.filter((rule) => !CHECKS[rule](password));
}

export function meetsResetRules(password: string): boolean {
  return failedResetRules(password).length === 0;
}
