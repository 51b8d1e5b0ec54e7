/**
 * What the recovery form's steps after the details read and build: the facts' challenge ids and
 * mismatch messages, a server answer at its field or above the form, the password step's rules.
 * Only the code that runs once the details are sent uses these (effects.ts, transition.ts).
 */
import type { RecoveryChallengeId } from '../../../contract/identity-api.ts';
import type { I18nKey, Text } from '../../../i18n/types.ts';
import { failedResetRules } from '../../../lib/password-rules.ts';
import type { RecoveryFormState, RecoveryMethod, ServerErrors } from './state.ts';

export const METHOD_CHALLENGE = {
  full_name: 'FULL_NAME_CHALLENGE',
  email: 'EMAIL_CHALLENGE',
  national_id: 'NATIONAL_ID_CHALLENGE',
} as const satisfies Record<RecoveryMethod, RecoveryChallengeId>;

/** 'This ... is not associated with the mobile number', per fact. */
export const METHOD_MISMATCH = {
  full_name: 'error:INVALID_FULL_NAME',
  email: 'error:INVALID_EMAIL',
  national_id: 'error:INVALID_NATIONAL_ID',
} as const satisfies Record<RecoveryMethod, I18nKey>;

export const MISMATCH_CODES = new Set([
  'INVALID_FULL_NAME',
  'INVALID_EMAIL',
  'INVALID_NATIONAL_ID',
  'USER_NOT_FOUND',
]);

/** A server answer as the view shows it: at its field, or above the form. */
export const serverError = (message: Text, atField: boolean): ServerErrors =>
  atField ? { fieldError: message, error: undefined } : { error: message, fieldError: undefined };

export const NO_SERVER_ERROR: ServerErrors = { error: undefined, fieldError: undefined };

export function passwordStep(
  base: Omit<
    Extract<RecoveryFormState, { view: 'password' }>,
    'failed' | 'mismatch' | 'invalid' | 'view'
  >,
): RecoveryFormState {
  const failed = failedResetRules(base.password);
  const mismatch = base.confirm !== '' && base.confirm !== base.password;
  return {
    view: 'password',
    ...base,
    failed,
    mismatch,
    invalid:
      failed.length > 0 ||
      base.confirm !== base.password ||
      (base.recaptchaRequired && !base.recaptchaToken),
  };
}
