/**
 * Views other than an island's first one, loaded on demand: `lazyView(() => import(...))` gives
 * a component that renders the view once its module is here, and suspends (the nearest
 * `<ViewSuspense>` shows a spinner) until then. Its module is fetched when the browser is idle
 * after the page has loaded (src/lib/idle.ts), so by the time a person gets past the first view
 * it is usually already there and nothing waits. A module that fails to load (offline, a flaky
 * network) is asked for again, when the browser is back online or after a pause: the view waits
 * rather than breaking the island.
 */
import { createElement, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { whenIdle } from '../lib/idle.ts';

/** Pauses between the tries of a module that did not load, in ms (then the last, again). */
const RETRY_PAUSES = [500, 2000, 5000];

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      addEventListener('online', () => resolve(), { once: true });
    } else {
      setTimeout(resolve, ms);
    }
  });
}

async function loadWithRetries<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch {
      await pause(RETRY_PAUSES[Math.min(attempt, RETRY_PAUSES.length - 1)] ?? 5000);
    }
  }
}

export interface LazyView<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the view's module (once); resolves when it is here. */
  preload: () => Promise<ComponentType<P>>;
}

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= loadWithRetries(load).then((view) => {
      loaded = view;
      return view;
    }));
  // One component type whether the module was here or not: a view never remounts when it arrives.
  function View(props: P): ReactNode {
    // The view's own module-level component (the same one on every render), not one made here.
    return createElement(loaded ?? use(preload()), props);
  }
  whenIdle(() => void preload());
  return Object.assign(View, { preload });
}

/** Where a lazy view waits for its module: a spinner in place of the view. */
export function ViewSuspense(props: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="view-loading" aria-busy="true">
          <div className="spinner" aria-hidden="true" />
        </div>
      }
    >
      {props.children}
    </Suspense>
  );
}
