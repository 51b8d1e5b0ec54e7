/**
 * The calls of the link pages: e-mail verification and unlink (identity
 * gateway), profile update confirmation, corporate invitation and e-mail verification, security
 * alerts (identity API). Thin and typed with src/contract; no UI, store or i18n here.
 */
import type { Alert, SecureAccountResponse, SecuredAccount } from '../contract/identity-api.ts';
import {
  ALERT_ACKNOWLEDGEMENT_PATH,
  ALERT_OPERATIONS,
  ALERT_PATH,
  ALERT_SECURE_PATH,
  CORPORATE_INVITATION_PATH,
  CORPORATE_VERIFY_EMAIL_PATH,
  EMAIL_VERIFICATION_PATH,
  IDEMPOTENCY_KEY_HEADER,
  PROFILE_CONFIRM_PATH,
  SECURE_ACTIONS,
} from '../contract/link-paths.ts';
import { fillPath } from '../contract/path.ts';
import { request } from './client.ts';
import { ApiError } from './errors.ts';

export type EmailVerifyResult = 'verified' | 'already_used';

/**
 * PUT: an empty answer (204) means verified now; an answer with a body (200, `ALREADY_VERIFIED`)
 * means the link was used before. Any failure is thrown (the page shows 'expired').
 */
export async function verifyEmail(verificationId: string): Promise<EmailVerifyResult> {
  const answer = await request<unknown>(
    'identityGateway',
    fillPath(EMAIL_VERIFICATION_PATH, { verificationId }),
    { method: 'PUT' },
  );
  return answer === undefined ? 'verified' : 'already_used';
}

/** DELETE: the e-mail is removed from the account it was wrongly added to. */
export async function unlinkEmail(verificationId: string): Promise<void> {
  await request<unknown>('identityGateway', fillPath(EMAIL_VERIFICATION_PATH, { verificationId }), {
    method: 'DELETE',
  });
}

export async function confirmProfileUpdate(token: string): Promise<void> {
  await request<unknown>('identityApi', fillPath(PROFILE_CONFIRM_PATH, { token }), {
    method: 'POST',
  });
}

export async function acceptCorporateInvitation(token: string): Promise<void> {
  await request<unknown>('identityApi', fillPath(CORPORATE_INVITATION_PATH, { token }), {
    method: 'POST',
  });
}

export async function verifyCorporateEmail(token: string): Promise<void> {
  await request<unknown>('identityApi', fillPath(CORPORATE_VERIFY_EMAIL_PATH, { token }), {
    method: 'POST',
  });
}

const optionalText = (value: unknown): value is string | undefined =>
  value === undefined || (typeof value === 'string' && value.length <= 256);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The contract's `SecuredAccount`, checked by hand: each action known, once at most. */
export function isSecuredAccount(value: unknown): value is SecuredAccount {
  if (!isRecord(value) || typeof value['at'] !== 'string' || value['at'].length > 64) return false;
  const actions: unknown = value['actions'];
  return (
    Array.isArray(actions) &&
    actions.every((action) => (SECURE_ACTIONS as readonly unknown[]).includes(action)) &&
    new Set(actions).size === actions.length
  );
}

/** The contract's `Alert`, checked by hand (valibot would cost the page more than this). */
export function isAlert(value: unknown): value is Alert {
  if (!isRecord(value)) return false;
  const alert = value;
  return (
    (ALERT_OPERATIONS as readonly unknown[]).includes(alert['operation']) &&
    optionalText(alert['at']) &&
    optionalText(alert['device']) &&
    optionalText(alert['location']) &&
    (alert['acknowledged'] === undefined || typeof alert['acknowledged'] === 'boolean') &&
    (alert['secured'] === undefined || isSecuredAccount(alert['secured']))
  );
}

export async function fetchAlert(alert: string): Promise<Alert> {
  const answer = await request<unknown>('identityApi', fillPath(ALERT_PATH, { alert }));
  if (!isAlert(answer)) throw new ApiError({ kind: 'malformed' });
  return answer;
}

export async function acknowledgeAlert(alert: string): Promise<void> {
  await request<unknown>('identityApi', fillPath(ALERT_ACKNOWLEDGEMENT_PATH, { alert }), {
    method: 'PUT',
  });
}

/**
 * 'This wasn't me': secures the alert's account. `idempotencyKey` names the page's attempt: its
 * retry of an answer that never came sends the same key and gets the first answer (the account is
 * not secured twice, and the page does not call its own first press 'already secured').
 */
export async function secureAccount(
  alert: string,
  idempotencyKey: string,
): Promise<SecureAccountResponse> {
  const answer = await request<unknown>('identityApi', fillPath(ALERT_SECURE_PATH, { alert }), {
    method: 'POST',
    // Safe to repeat: the key makes the back end answer a repeat with the first answer.
    idempotent: true,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  if (
    !isRecord(answer) ||
    typeof answer['already_secured'] !== 'boolean' ||
    !isSecuredAccount(answer['secured'])
  ) {
    throw new ApiError({ kind: 'malformed' });
  }
  return { already_secured: answer['already_secured'], secured: answer['secured'] };
}
