/**
 * The page's analytics as the flows use it. The instance (src/api/analytics-instance.ts: the
 * batching, the device identity, the back end) loads when the browser is idle after the page has
 * loaded, or at the first event: events recorded before it arrives keep their own time and order.
 */
import type { FlowAnalytics } from '../lib/analytics.ts';
import { flushErrors } from '../lib/error-reporting.ts';
import { whenIdle } from '../lib/idle.ts';
import type * as AnalyticsInstance from './analytics-instance.ts';

type Instance = typeof AnalyticsInstance;
let loading: Promise<Instance> | undefined;

function instance(): Promise<Instance> {
  loading ??= import('./analytics-instance.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
whenIdle(() => void instance().catch(() => {}));

/** Records an event now; it is handed to the instance, with its time, once that is here. */
function record(event: (analytics: ReturnType<Instance['analytics']>) => void): void {
  const at = new Date();
  instance().then(
    (module) => module.recordedAt(at, () => event(module.analytics())),
    () => {
      // Analytics never breaks a flow: an event whose code could not load is dropped.
    },
  );
}

/** The page's analytics for a flow's deps: created on first use, never while pre-rendering. */
export const pageAnalytics: FlowAnalytics = {
  page: (page, flow) => record((analytics) => analytics.page(page, flow)),
  track: (name, details) => record((analytics) => analytics.track(name, details)),
  flush: async () => (await instance()).analytics().flush(),
};

/** Sends what analytics and error reporting hold, before the page goes away (~1 s at most). */
export async function flushBeforeLeaving(): Promise<void> {
  await Promise.allSettled([pageAnalytics.flush(), flushErrors()]);
}
