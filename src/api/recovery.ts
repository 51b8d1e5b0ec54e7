/**
 * Recovery calls: the challenges of a recovery session, the answer that sends
 * the reset link, the reset itself; and, for the wider recovery form, the code sent to the phone
 * and the answer that gives a reset token (`src/contract/identity-api.ts`).
 */
import { HEADER } from '../contract/headers.ts';
import {
  OTP_SEND_PATH,
  OTP_VERIFY_PATH,
  RECOVERY_CHALLENGES_PATH,
  RECOVERY_NOTIFICATION_PATH,
  RECOVERY_PASSWORD_PATH,
  RECOVERY_TOKEN_PATH,
  type OtpSendBody,
  type OtpVerifyBody,
  type OtpVerifyResponse,
  type RecoveryChallengesQuery,
  type RecoveryNotificationBody,
  type RecoveryPasswordBody,
  type RecoveryTokenBody,
  type RecoveryTokenResponse,
} from '../contract/identity-api.ts';
import { fillPath } from '../contract/path.ts';
import { request } from './client.ts';

/** Headers of the OTP calls: the device and session ids, when known. */
export interface DeviceHeaders {
  deviceId?: string | undefined;
  sessionId?: string | undefined;
}

function deviceHeaders(ids: DeviceHeaders): Record<string, string | undefined> {
  return { [HEADER.deviceId]: ids.deviceId, [HEADER.sessionId]: ids.sessionId };
}

/**
 * `GET /recovery/challenges/{clientId}`. The answer is returned unchecked: the flow reads it
 * defensively, because a challenge type it does not know must still show 'not configured'.
 */
export function fetchRecoveryChallenges(
  clientId: string,
  query: RecoveryChallengesQuery,
): Promise<unknown> {
  return request<unknown>('identityApi', fillPath(RECOVERY_CHALLENGES_PATH, { clientId }), {
    query: { ...query },
  });
}

/** `POST /recovery/notification/{clientId}`: the right answer sends the reset link by SMS. */
export async function sendRecoveryNotification(
  clientId: string,
  body: RecoveryNotificationBody,
): Promise<void> {
  await request('identityApi', fillPath(RECOVERY_NOTIFICATION_PATH, { clientId }), {
    method: 'POST',
    body,
  });
}

/** `PUT /recovery/password`: sets the new password. Not retried: the token works only once. */
export async function resetPassword(body: RecoveryPasswordBody): Promise<void> {
  await request('identityApi', RECOVERY_PASSWORD_PATH, { method: 'PUT', body: { ...body } });
}

/** The wider form: a code by SMS to the phone (international form). */
export async function sendRecoveryCode(
  phoneNumber: string,
  clientId: string | undefined,
  ids: DeviceHeaders,
): Promise<void> {
  const body: OtpSendBody = {
    identifier: phoneNumber,
    type: 'SMS',
    guard: { attempts: 3 },
    multiTimeUse: false,
    ...(clientId ? { client_id: clientId } : {}),
  };
  await request('identityApi', OTP_SEND_PATH, {
    method: 'POST',
    body,
    headers: deviceHeaders(ids),
  });
}

/** The wider form: checks the code; the verification id stands in for it afterwards. */
export async function verifyRecoveryCode(
  phoneNumber: string,
  code: string,
  clientId: string | undefined,
): Promise<string> {
  const body: OtpVerifyBody = {
    identifier: phoneNumber,
    code,
    guard: { attempts: 3 },
    ...(clientId ? { client_id: clientId } : {}),
  };
  const answer = await request<OtpVerifyResponse>('identityApi', OTP_VERIFY_PATH, {
    method: 'POST',
    body,
  });
  return answer.data.id;
}

/** The wider form: a verified code plus one answer gives a reset token. */
export async function createRecoveryToken(
  clientId: string,
  body: RecoveryTokenBody,
): Promise<string> {
  const answer = await request<RecoveryTokenResponse>(
    'identityApi',
    fillPath(RECOVERY_TOKEN_PATH, { clientId }),
    { method: 'POST', body },
  );
  return answer.token;
}
