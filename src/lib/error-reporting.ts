/**
 * Error reporting (Sentry): off without a DSN; the SDK loads only after the page has loaded, so
 * it never delays first render; every event and breadcrumb is scrubbed of tokens, passwords,
 * codes, e-mails and phone numbers (src/lib/redact.ts). Expected 4xx answers are not reported.
 */
import { SENTRY_DSN } from '../config.ts';
import type * as SdkModule from './error-reporting-sdk.ts';
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

type Sdk = typeof SdkModule;
let sdk: Promise<Sdk> | undefined;
const early: unknown[] = [];

/** Starts the SDK once the page has loaded and is idle (only when a DSN is configured). */
export function startErrorReporting(): void {
  if (!SENTRY_DSN || sdk) return;
  const onError = (event: ErrorEvent) => early.push(event.error);
  const onRejection = (event: PromiseRejectionEvent) => early.push(event.reason);
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  const begin = () => {
    sdk = import('./error-reporting-sdk.ts').then((module) => {
      module.init(SENTRY_DSN, scrubEvent);
      removeEventListener('error', onError);
      removeEventListener('unhandledrejection', onRejection);
      for (const error of early.splice(0)) module.capture(error);
      return module;
    });
  };
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(begin, { timeout: 3000 })
      : setTimeout(begin, 1);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/** Reports an unexpected error (never an expected 4xx answer). */
export function reportError(error: unknown): void {
  if (!SENTRY_DSN) return;
  if (sdk) void sdk.then((module) => module.capture(error));
  else early.push(error);
}

/** Sends what is pending, waiting at most 1 s (before leaving the page). */
export async function flushErrors(timeoutMs = 1000): Promise<void> {
  if (!sdk) return;
  await (await sdk).flush(timeoutMs);
}
