/**
 * Error reporting (Sentry): off without a DSN; the SDK loads only after the page has loaded, so
 * it never delays first render; every event and breadcrumb is scrubbed of tokens, passwords,
 * codes, e-mails and phone numbers (src/lib/redact.ts). Expected 4xx answers are not reported.
 */
import { SENTRY_DSN } from '../config.ts';
import { loadSdk } from './error-reporting-load.ts';
import type * as SdkModule from './error-reporting-sdk.ts';
import { later, type Later } from './later.ts';

type Sdk = typeof SdkModule;
let sdk: Later<Sdk> | undefined;
const early: unknown[] = [];

/** Starts the SDK once the page has loaded and is idle (only when a DSN is configured). */
export function startErrorReporting(): void {
  if (!SENTRY_DSN || sdk) return;
  const onError = (event: ErrorEvent) => early.push(event.error);
  const onRejection = (event: PromiseRejectionEvent) => early.push(event.reason);
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  sdk = later(() =>
    loadSdk().then((module) => {
      module.init(SENTRY_DSN);
      removeEventListener('error', onError);
      removeEventListener('unhandledrejection', onRejection);
      for (const error of early.splice(0)) module.capture(error);
      return module;
    }),
  );
}

/** Reports an unexpected error (never an expected 4xx answer). */
export function reportError(error: unknown): void {
  if (!SENTRY_DSN) return;
  const here = sdk?.loaded();
  if (here) here.capture(error);
  else early.push(error);
}

/** Sends what is pending, waiting at most 1 s (before leaving the page), once the SDK is here. */
export async function flushErrors(timeoutMs = 1000): Promise<void> {
  await sdk?.loaded()?.flush(timeoutMs);
}
