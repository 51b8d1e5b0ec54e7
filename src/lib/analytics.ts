/**
 * Analytics (`POST {analytics}/v3/publish-event`): session attributes plus events, sent in
 * batches of 10 or every 10 s, flushed before the identity-service redirect and on `pagehide`.
 * Properties are scrubbed: no tokens, passwords, codes, e-mails or full phone numbers.
 */
import type { AnalyticsEvent, PublishEventBody } from '../contract/shell.ts';
import { redactText } from './redact-text.ts';

/** The page names analytics reports, one for each view that has one. */
export const PAGE_NAMES = [
  'blocked_user',
  'welcome_back_isityou',
  'password',
  'welcome',
  'otp_verify',
  'business_invitation',
  'forgot_password',
  'signup_form',
  'verify_card',
  'verify_email',
  'verify_full_name',
  'verify_pin',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/** The flow names analytics reports: how the user is signing in or up. */
export const FLOW_NAMES = [
  'apple',
  'biometric',
  'email',
  'google',
  'guest',
  'one_click',
  'phone',
] as const;
export type FlowName = (typeof FLOW_NAMES)[number];

export const BATCH_SIZE = 10;
export const BATCH_INTERVAL_MS = 10_000;

const SECRET_PROPERTY = /pass|code|otp|token|csrf|phone|mobile|email|pin|card|name/i;

type Property = string | number | boolean;

export interface AnalyticsDeps {
  session: () => PublishEventBody['session'];
  send: (body: PublishEventBody) => Promise<unknown>;
  /** Fire-and-forget delivery that survives the page going away (navigator.sendBeacon). */
  beacon: (body: PublishEventBody) => boolean;
  now?: () => Date;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function scrubProperties(properties: Record<string, Property> | undefined) {
  if (!properties) return undefined;
  const clean: Record<string, Property> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (SECRET_PROPERTY.test(key)) continue;
    clean[key] = typeof value === 'string' ? redactText(value).slice(0, 200) : value;
  }
  return clean;
}

export function createAnalytics(deps: AnalyticsDeps) {
  const now = deps.now ?? (() => new Date());
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as number));
  let queue: AnalyticsEvent[] = [];
  let timer: unknown;

  function take(): PublishEventBody | undefined {
    if (timer !== undefined) {
      clearTimer(timer);
      timer = undefined;
    }
    if (queue.length === 0) return undefined;
    const events = queue;
    queue = [];
    return { session: deps.session(), events };
  }

  /** Sends what is queued; never throws (analytics must not break a sign-in). */
  async function flush(): Promise<void> {
    const body = take();
    if (!body) return;
    try {
      await deps.send(body);
    } catch {
      // Dropped: analytics is best effort.
    }
  }

  /** For `pagehide`: hands the queue to the browser to deliver after the page is gone. */
  function flushOnExit(): void {
    const body = take();
    if (body) deps.beacon(body);
  }

  function track(
    name: string,
    details: { page?: PageName; flow?: FlowName; properties?: Record<string, Property> } = {},
  ): void {
    const properties = scrubProperties(details.properties);
    queue.push({
      name,
      at: now().toISOString(),
      ...(details.page ? { page: details.page } : {}),
      ...(details.flow ? { flow: details.flow } : {}),
      ...(properties ? { properties } : {}),
    });
    if (queue.length >= BATCH_SIZE) void flush();
    else timer ??= setTimer(() => void flush(), BATCH_INTERVAL_MS);
  }

  return {
    track,
    page: (page: PageName, flow?: FlowName) => track('page_view', flow ? { page, flow } : { page }),
    flush,
    flushOnExit,
    pending: () => queue.length,
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;

/** What a flow is handed of the page's analytics. */
export type FlowAnalytics = Pick<Analytics, 'page' | 'track' | 'flush'>;
