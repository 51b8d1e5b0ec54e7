/**
 * The page's analytics for the flows and islands, wired to the analytics back end and the device
 * identity (the queue and its batching: src/lib/analytics.ts).
 */
import { request } from './client.ts';
import { BACKEND_URL, CLIENT_VERSION } from '../config.ts';
import { PUBLISH_EVENT_PATH } from '../contract/shell.ts';
import { createAnalytics, type Analytics, type FlowAnalytics } from '../lib/analytics.ts';
import { deviceIdentity } from '../lib/device.ts';
import { flushErrors } from '../lib/error-reporting.ts';
import { readPersisted } from '../lib/persisted.ts';

let instance: Analytics | undefined;

function analytics(): Analytics {
  if (instance) return instance;
  const identity = deviceIdentity();
  const created = createAnalytics({
    session: () => {
      const clientId = readPersisted('clientId');
      return {
        session_id: identity.sessionId,
        device_id: identity.deviceId,
        platform: 'web',
        locale: document.documentElement.lang || 'en',
        client_version: CLIENT_VERSION,
        ...(clientId ? { client_id: clientId } : {}),
      };
    },
    send: (body) =>
      request('analytics', PUBLISH_EVENT_PATH, { method: 'POST', body, timeout: 5000 }),
    // The JSON as text/plain, a type CORS lets through without a preflight: a beacon always
    // sends credentials, so a preflighted one to the analytics origin would need its gateway to
    // allow credentials, which none does (docs/production.md).
    beacon: (body) =>
      navigator.sendBeacon(
        new URL(`${BACKEND_URL.analytics}${PUBLISH_EVENT_PATH}`, location.href).href,
        new Blob([JSON.stringify(body)], { type: 'text/plain;charset=UTF-8' }),
      ),
  });
  addEventListener('pagehide', () => created.flushOnExit());
  instance = created;
  return created;
}

/** The page's analytics for a flow's deps: created on first use, never while pre-rendering. */
export const pageAnalytics: FlowAnalytics = {
  page: (page, flow) => analytics().page(page, flow),
  track: (name, details) => analytics().track(name, details),
  flush: () => analytics().flush(),
};

/** Sends what analytics and error reporting hold, before the page goes away (~1 s at most). */
export async function flushBeforeLeaving(): Promise<void> {
  await Promise.allSettled([analytics().flush(), flushErrors()]);
}
