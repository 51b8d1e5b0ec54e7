/**
 * The page's analytics instance, wired to the analytics back end and the device identity. Loaded
 * on demand by src/api/analytics.ts (what the islands import), never with the page.
 */
import { request } from './client.ts';
import { BACKEND_URL, CLIENT_VERSION } from '../config.ts';
import { PUBLISH_EVENT_PATH } from '../contract/shell.ts';
import { createAnalytics, type Analytics } from '../lib/analytics.ts';
import { deviceIdentity } from '../lib/device.ts';
import { readPersisted } from '../lib/persisted.ts';

let instance: Analytics | undefined;
/** The time of an event recorded before this module arrived (see `recordedAt`). */
let recordedTime: Date | undefined;

/** Runs `record` (a `track` or `page`) with the clock set to when the event really happened. */
export function recordedAt(at: Date, record: () => void): void {
  recordedTime = at;
  try {
    record();
  } finally {
    recordedTime = undefined;
  }
}

export function analytics(): Analytics {
  if (instance) return instance;
  const identity = deviceIdentity();
  const created = createAnalytics({
    now: () => recordedTime ?? new Date(),
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
    beacon: (body) =>
      navigator.sendBeacon(
        new URL(`${BACKEND_URL.analytics}${PUBLISH_EVENT_PATH}`, location.href).href,
        new Blob([JSON.stringify(body)], { type: 'application/json' }),
      ),
  });
  addEventListener('pagehide', () => created.flushOnExit());
  instance = created;
  return created;
}
