/**
 * Headers of the identity API calls (src/contract/headers.ts): device id and session id when present,
 * the login page's client id ('client id separately'), the page language, and on the social
 * calls agent WEB and version 1.
 */
import { AGENT_WEB, API_VERSION, HEADER } from '../contract/headers.ts';
import { deviceIdentity } from '../lib/device.ts';

export interface CallContext {
  clientId?: string | undefined;
}

function pageLanguage(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
}

export function identityHeaders(
  context: CallContext,
  options: { social?: boolean } = {},
): Record<string, string | undefined> {
  const identity = typeof window === 'undefined' ? undefined : deviceIdentity();
  return {
    [HEADER.deviceId]: identity?.deviceId,
    [HEADER.sessionId]: identity?.sessionId,
    [HEADER.clientId]: context.clientId,
    [HEADER.acceptLanguage]: pageLanguage(),
    ...(options.social ? { [HEADER.agent]: AGENT_WEB, [HEADER.version]: API_VERSION } : {}),
  };
}

/** The device id for bodies that carry it (`device_id` of the social logins). */
export function currentDeviceId(): string | undefined {
  return typeof window === 'undefined' ? undefined : deviceIdentity().deviceId;
}
