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

let client: BrowserClient | undefined;

export function init(dsn: string, scrub: <E extends object>(event: E) => E): void {
  client = new BrowserClient({
    dsn,
    sendDefaultPii: false,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    beforeSend: (event: ErrorEvent) => scrub(event),
    beforeBreadcrumb: (crumb) => scrub(crumb),
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
