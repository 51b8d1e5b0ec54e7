/**
 * The Sentry SDK, loaded lazily by error-reporting.ts. A tree-shaken BrowserClient (no tracing,
 * no replay) keeps it small; PII is off and every event goes through the scrubber.
 */
import {
  BrowserClient,
  dedupeIntegration,
  defaultStackParser,
  getCurrentScope,
  globalHandlersIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
  type ErrorEvent,
} from '@sentry/browser';

import { scrubEvent } from './error-scrub.ts';

let client: BrowserClient | undefined;

export function init(dsn: string): void {
  client = new BrowserClient({
    dsn,
    sendDefaultPii: false,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    beforeSend: (event: ErrorEvent) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubEvent(crumb),
  });
  getCurrentScope().setClient(client);
  client.init();
}

export function capture(error: unknown): void {
  client?.captureException(error);
}

export async function flush(timeoutMs: number): Promise<void> {
  await client?.flush(timeoutMs);
}
