/** What error reports may carry: the scrubber every Sentry event and breadcrumb goes through. */
import { redactText, redactUrl } from './redact.ts';

export interface ReportableEvent {
  message?: string;
  request?: {
    url?: string;
    headers?: Record<string, string>;
    data?: unknown;
    cookies?: unknown;
    query_string?: unknown;
  };
  user?: unknown;
  breadcrumbs?: { message?: string; data?: Record<string, unknown> }[];
  exception?: { values?: { value?: string }[] };
  extra?: Record<string, unknown>;
}

/** Removes what must never leave the device from a Sentry event (mutates and returns it). */
export function scrubEvent<E extends ReportableEvent>(event: E): E {
  delete event.user;
  if (event.request) {
    const url = event.request.url;
    event.request = url ? { url: redactUrl(url) } : {};
  }
  if (event.message) event.message = redactText(event.message);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = redactText(value.value);
  }
  for (const crumb of event.breadcrumbs ?? []) {
    if (crumb.message) crumb.message = redactText(crumb.message);
    if (crumb.data) {
      for (const key of ['url', 'from', 'to']) {
        const v = crumb.data[key];
        if (typeof v === 'string') crumb.data[key] = redactUrl(v);
      }
      delete crumb.data['body'];
    }
  }
  delete event.extra;
  return event;
}
