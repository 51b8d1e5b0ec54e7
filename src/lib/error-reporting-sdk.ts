/**
 * The Sentry SDK (@sentry/astro's browser side), loaded lazily by error-reporting.ts. A tree-shaken
 * BrowserClient (no tracing, no replay, none of the integration's default `init`) keeps it small;
 * PII is off and every event goes through the scrubber. The release is the one whose source maps
 * the build uploaded (astro.config.mjs), when it uploaded any.
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
} from '@sentry/astro';

import { scrubEvent } from './error-scrub.ts';

declare const __SENTRY_RELEASE__: string;

let client: BrowserClient | undefined;

export function init(dsn: string): void {
  client = new BrowserClient({
    dsn,
    ...(__SENTRY_RELEASE__ ? { release: __SENTRY_RELEASE__ } : {}),
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
