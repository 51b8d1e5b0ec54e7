/**
 * One-time codes: send by SMS, voice call or e-mail, and verify. Shared by the
 * login and sign-up flows. Failures are `ApiError`s (./errors.ts).
 */
import {
  OTP_SEND_PATH,
  OTP_VERIFY_PATH,
  type Guard,
  type OtpSendBody,
  type OtpSendResponse,
  type OtpType,
  type OtpVerifyBody,
  type OtpVerifyResponse,
} from '../contract/identity-api.ts';
import { callHeaders, identityApiCall, type CallContext } from './identity-headers.ts';

export type { Guard, OtpType };

export interface SendOtpInput extends CallContext {
  identifier: string;
  type: OtpType;
  guard: Guard;
  shieldParams?: Record<string, unknown> | undefined;
}

export function sendOtp(input: SendOtpInput): Promise<OtpSendResponse> {
  const body: OtpSendBody = {
    identifier: input.identifier,
    type: input.type,
    guard: input.guard,
    multiTimeUse: false,
    ...(input.clientId ? { client_id: input.clientId } : {}),
    ...(input.shieldParams ? { shieldParams: input.shieldParams } : {}),
  };
  return identityApiCall<OtpSendResponse>(OTP_SEND_PATH, {
    method: 'POST',
    body,
    headers: callHeaders(input),
  });
}

export interface VerifyOtpInput extends CallContext {
  identifier: string;
  code: string;
  guard: Guard;
}

/** Resolves with the verification id, sent as `otp` in the login or onboarding retry. */
export async function verifyOtp(input: VerifyOtpInput): Promise<string> {
  const body: OtpVerifyBody = {
    identifier: input.identifier,
    code: input.code,
    guard: input.guard,
    ...(input.clientId ? { client_id: input.clientId } : {}),
  };
  const answer = await identityApiCall<OtpVerifyResponse>(OTP_VERIFY_PATH, {
    method: 'POST',
    body,
    headers: callHeaders(input),
  });
  return answer.data.id;
}
