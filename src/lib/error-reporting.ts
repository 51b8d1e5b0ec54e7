/**
 * Error reporting (Sentry): off without a DSN; the SDK loads only after the page has loaded, so
 * it never delays first render; every event and breadcrumb is scrubbed of tokens, passwords,
 * codes, e-mails and phone numbers (src/lib/redact.ts). Expected 4xx answers are not reported.
 * Reports wait in a queue that is flushed every second while it holds some (spec section 9), and
 * at once before the page is left. CSP and Trusted Types violations are reported the same way,
 * from the page (`violationError`), not by the browser's `report-to`: a browser's report carries
 * the page's whole address, and so the token of a link page, to a third party.
 */
import { SENTRY_DSN } from '../config.ts';
import { loadSdk } from './error-reporting-load.ts';
import type * as SdkModule from './error-reporting-sdk.ts';
import { later, type Later } from './later.ts';

/** Spec section 9: 'Error reporting flush every 1 s'. */
export const FLUSH_INTERVAL_MS = 1000;

type Sdk = typeof SdkModule;
let sdk: Later<Sdk> | undefined;
/** Reports not yet handed to the SDK (all of them until it has loaded, which takes them at once). */
const queued: unknown[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Hands the queue to the SDK, if it is here, and waits for the sending (at most `timeoutMs`). */
async function flush(timeoutMs: number): Promise<void> {
  const here = sdk?.loaded();
  if (!here) return;
  for (const error of queued.splice(0)) here.capture(error);
  await here.flush(timeoutMs);
}

/** The next flush, a second from now, while reports are queued and the SDK is here. */
function schedule(): void {
  if (timer !== undefined || queued.length === 0 || !sdk?.loaded()) return;
  timer = setTimeout(() => {
    timer = undefined;
    void flush(FLUSH_INTERVAL_MS).finally(schedule);
  }, FLUSH_INTERVAL_MS);
}

/** A policy violation as an error: what was refused, never where (no address, no sample). */
export class PolicyViolation extends Error {
  override name = 'PolicyViolation';
}

/** Only the origin of an address the policy refused, or the keyword the browser put there. */
function origin(uri: string): string {
  try {
    return new URL(uri).origin;
  } catch {
    return uri; // 'inline', 'eval', 'trusted-types-sink', 'trusted-types-policy'
  }
}

/**
 * The error a violation is reported as: its directive, what it refused (an origin or a keyword)
 * and, for a Trusted Types policy refused, the policy's name (the only sample that is not page
 * content).
 */
export function violationError(
  event: Pick<
    SecurityPolicyViolationEvent,
    'effectiveDirective' | 'blockedURI' | 'disposition' | 'sample'
  >,
): PolicyViolation {
  const policy = event.effectiveDirective === 'trusted-types' ? ` (${event.sample})` : '';
  return new PolicyViolation(
    `${event.effectiveDirective} refused ${origin(event.blockedURI)}${policy} (${event.disposition})`,
  );
}

function enqueue(error: unknown): void {
  queued.push(error);
  schedule();
}

/** Starts the SDK once the page has loaded and is idle (only when a DSN is configured). */
export function startErrorReporting(): void {
  if (!SENTRY_DSN || sdk) return;
  const onError = (event: ErrorEvent) => enqueue(event.error);
  const onRejection = (event: PromiseRejectionEvent) => enqueue(event.reason);
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  // The SDK does not see these: this listener stays for the page's life.
  document.addEventListener('securitypolicyviolation', (event) => enqueue(violationError(event)));
  sdk = later(() =>
    loadSdk().then((module) => {
      module.init(SENTRY_DSN);
      // From now on the SDK's own handlers see uncaught errors.
      removeEventListener('error', onError);
      removeEventListener('unhandledrejection', onRejection);
      // What came before it goes at once; the next flush waits for it.
      for (const error of queued.splice(0)) module.capture(error);
      return module;
    }),
  );
}

/** Reports an unexpected error (never an expected 4xx answer): sent with the next flush. */
export function reportError(error: unknown): void {
  if (!SENTRY_DSN) return;
  enqueue(error);
}

/** Sends what is queued at once, waiting at most 1 s (before leaving the page). */
export function flushErrors(timeoutMs = FLUSH_INTERVAL_MS): Promise<void> {
  return flush(timeoutMs);
}
