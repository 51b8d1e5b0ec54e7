/**
 * Headers of the identity API calls (src/contract/headers.ts): device id and session id when present and
 * the page language (then `en`) on every call that identifies the device (`identityApiCall`), plus per call
 * the login page's client id ('client id separately') and, on the social calls, agent WEB and
 * version 1 (`callHeaders`).
 */
import { acceptLanguage, AGENT_WEB, API_VERSION, HEADER } from '../contract/headers.ts';
import { deviceIdentity } from '../lib/device.ts';
import { backendWithHeaders, type HeaderValues } from './client.ts';

export interface CallContext {
  clientId?: string | undefined;
}

function pageLanguage(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
}

function deviceHeaders(): HeaderValues {
  const identity = typeof window === 'undefined' ? undefined : deviceIdentity();
  return {
    [HEADER.deviceId]: identity?.deviceId,
    [HEADER.sessionId]: identity?.sessionId,
    [HEADER.acceptLanguage]: acceptLanguage(pageLanguage()),
  };
}

/** The identity API's calls that identify the device: OTP, logins, social logins, one-click. */
export const identityApiCall = backendWithHeaders('identityApi', deviceHeaders);

/** A call's own identity headers: the page's client id, and agent and version on social calls. */
export function callHeaders(
  context: CallContext,
  options: { social?: boolean } = {},
): HeaderValues {
  return {
    [HEADER.clientId]: context.clientId,
    ...(options.social ? { [HEADER.agent]: AGENT_WEB, [HEADER.version]: API_VERSION } : {}),
  };
}

/** The device id for bodies that carry it (`device_id` of the social logins). */
export function currentDeviceId(): string | undefined {
  return typeof window === 'undefined' ? undefined : deviceIdentity().deviceId;
}
