/**
 * The one wait mechanism of the flows: a wait the server asked for (src/api/waits.ts) is kept in
 * this tab's session storage under a scope (what waits, for whom), so that a reload still waits,
 * and a task ends it at its deadline. The flow's state holds the `Wait`; the page shows it with
 * `<WaitNotice>` (src/ui), which counts down from the same deadline.
 */
import type { Wait } from '../../api/waits.ts';
import type { WaitStore } from '../../lib/wait-store.ts';

export interface WaitDeps {
  /** Where deadlines survive a reload (sessionStorage in the browser). */
  waits?: WaitStore | undefined;
  now?: (() => number) | undefined;
  setTimeout?: ((fn: () => void, ms: number) => unknown) | undefined;
  clearTimeout?: ((handle: unknown) => void) | undefined;
}

/**
 * Keeps and ends the waits of one flow: `hold` a new one, `restore` a kept one, and `over` is
 * called once the deadline has passed. The task stops when the flow is destroyed.
 */
export function waitTask(
  flow: { onDestroy: (cleanup: () => void) => void },
  deps: WaitDeps,
  over: () => void,
) {
  const now = deps.now ?? (() => Date.now());
  const set = deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
  const clear = deps.clearTimeout ?? ((handle) => clearTimeout(handle as number));
  let timer: unknown;
  const stop = (): void => {
    if (timer !== undefined) clear(timer);
    timer = undefined;
  };
  const schedule = (until: number | undefined): void => {
    stop();
    if (until === undefined) return;
    timer = set(
      () => {
        timer = undefined;
        over();
      },
      Math.max(0, until - now()),
    );
  };
  flow.onDestroy(stop);
  return {
    now,
    stop,
    /** A new wait: kept for `scope` (when both are known) and ended at its deadline. */
    hold(scope: string | undefined, wait: Wait): void {
      if (wait.until !== undefined && scope !== undefined) {
        deps.waits?.write(scope, wait.until, now());
      }
      schedule(wait.until);
    },
    /** The wait kept for `scope` by an earlier page load, still running, if any. */
    restore(scope: string): Wait | undefined {
      const until = deps.waits?.read(scope, now());
      if (until === undefined) return undefined;
      schedule(until);
      return { until };
    },
  };
}
