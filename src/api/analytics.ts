/**
 * The page's analytics for the flows and islands. The instance (./page-analytics.ts: the queue,
 * the device identity, the calls) is not needed for the first paint: it loads when the browser is
 * idle (src/lib/later.ts), and the events sent before it is here wait for it, in their order.
 */
import type { FlowAnalytics } from '../lib/analytics.ts';
import { later } from '../lib/later.ts';

const instance = later(() => import('./page-analytics.ts'));

/** Analytics never break a page: an instance that cannot load drops its events. */
function withInstance(use: (module: Awaited<ReturnType<typeof instance.load>>) => void): void {
  void instance.load().then(use, () => {});
}

/** The page's analytics for a flow's deps: created on first use, never while pre-rendering. */
export const pageAnalytics: FlowAnalytics = {
  page: (page, flow) => withInstance((module) => module.analytics().page(page, flow)),
  track: (name, details) => withInstance((module) => module.analytics().track(name, details)),
  flush: () =>
    instance.load().then(
      (module) => module.analytics().flush(),
      () => {},
    ),
};

/** Sends what analytics and error reporting hold, before the page goes away (~1 s at most). */
export function flushBeforeLeaving(): Promise<void> {
  return instance.load().then(
    (module) => module.flushBeforeLeaving(),
    () => {},
  );
}
