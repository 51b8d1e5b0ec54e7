/**
 * Code the first view does not need, loaded later: the one way a module is loaded on demand.
 *
 *     const views = later(() => import('./Views.tsx'));
 *     const { Views } = await views.load();
 *
 * `load()` fetches the module the first time it is called and gives the same promise after; a
 * module that failed to load (offline, a flaky network) is asked for again by the next `load()`,
 * or, with `patient`, by the loader itself until it arrives (a view someone waits for). Until
 * then the caller waits: an action never runs without its code, and is never dropped.
 *
 * Nothing is fetched while the browser knows it is offline: a module whose fetch fails, or any
 * module it imports, stays failed for the page's whole life (the browser's module map keeps the
 * failure: once back online, `import()` of it, or of any module that imports it, fails again
 * without a request). Offline, a patient load waits for the browser to be back online, and
 * another fails at once (its caller says 'offline', as a call made offline does).
 *
 * When the module is fetched without being asked for (`when`):
 * - `'idle'` (the default): once the page has loaded and the browser is idle
 *   (src/lib/idle.ts), so it never competes with the first render and is usually here before
 *   anyone needs it;
 * - `'demand'`: only when `load()` is called (code most visits never run: a vendor SDK, a view
 *   only some browsers show).
 *
 * React views load through `lazyView` (src/ui/lazy-view.tsx), which is built on this.
 */
import { whenIdle } from './idle.ts';

export type LoadWhen = 'idle' | 'demand';

export interface LaterOptions {
  /** When the module is fetched before anyone asks for it: `'idle'` unless told. */
  when?: LoadWhen;
  /** Tries again, when the browser is back online or after a pause, until the module loads. */
  patient?: boolean;
}

export interface Later<T> {
  /** The module: fetched once, shared by every caller. */
  load: () => Promise<T>;
  /** The module if it is here already (to render without waiting). */
  loaded: () => T | undefined;
}

/** Pauses between the tries of a patient load, in ms (then the last, again). */
const RETRY_PAUSES = [500, 2000, 5000];

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (offline()) {
      addEventListener('online', () => resolve(), { once: true });
    } else {
      setTimeout(resolve, ms);
    }
  });
}

/** `load()`, unless the browser is offline (see above): then a failure, and no fetch. */
function fetchOnline<T>(load: () => Promise<T>): Promise<T> {
  return offline() ? Promise.reject(new TypeError('offline: the module was not fetched')) : load();
}

async function untilLoaded<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch {
      await pause(RETRY_PAUSES[Math.min(attempt, RETRY_PAUSES.length - 1)] ?? 5000);
    }
  }
}

export function later<T>(load: () => Promise<T>, options: LaterOptions = {}): Later<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  const fetchOnce = () =>
    (pending ??= (options.patient ? untilLoaded(() => fetchOnline(load)) : fetchOnline(load)).then(
      (value) => {
        module = value;
        return value;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  if ((options.when ?? 'idle') === 'idle') whenIdle(() => void fetchOnce().catch(() => {}));
  return { load: fetchOnce, loaded: () => module };
}
