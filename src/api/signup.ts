/**
 * Sign-up: `POST {onboarder gateway}/onboard` with the payload `OnboardBody` and the onboarding
 * headers: agent WEB, version 1, client-version, accept-language (the page's language, then `en`),
 * device id, idp client id and the session id when there is one. Resolves with the proof token for
 * the identity service's /login form; failures are `ApiError`s whose body may be
 * `challenge_required` (with `additional_information.challenge` and `onboard_experience_id`).
 */
import { CLIENT_VERSION } from '../config.ts';
import { acceptLanguage, AGENT_WEB, API_VERSION, HEADER } from '../contract/headers.ts';
import { ONBOARD_PATH, type OnboardBody, type OnboardResponse } from '../contract/onboarder.ts';
import type { DeviceIdentity } from '../lib/device.ts';
import { request } from './client.ts';
import { ApiError } from './errors.ts';

export type { OnboardBody };

export interface OnboardContext {
  clientId?: string | undefined;
  /** The page language (`accept-language`: `acceptLanguage` of src/contract/headers.ts). */
  language: string;
  device: Pick<DeviceIdentity, 'deviceId' | 'sessionId'>;
}

export function onboardHeaders(context: OnboardContext): Record<string, string | undefined> {
  return {
    [HEADER.agent]: AGENT_WEB,
    [HEADER.version]: API_VERSION,
    [HEADER.clientVersion]: CLIENT_VERSION,
    [HEADER.acceptLanguage]: acceptLanguage(context.language),
    [HEADER.deviceId]: context.device.deviceId,
    [HEADER.idpClientId]: context.clientId,
    [HEADER.sessionId]: context.device.sessionId || undefined,
  };
}

export async function onboard(body: OnboardBody, context: OnboardContext): Promise<string> {
  const answer = await request<OnboardResponse>('onboarder', ONBOARD_PATH, {
    method: 'POST',
    body,
    headers: onboardHeaders(context),
  });
  if (typeof answer?.token !== 'string' || answer.token === '') {
    throw new ApiError({ kind: 'malformed' });
  }
  return answer.token;
}
