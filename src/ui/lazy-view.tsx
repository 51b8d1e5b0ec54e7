/**
 * Views other than an island's first one, loaded on demand: `lazyView(() => import(...))` gives
 * a component that renders the view once its module is here, and suspends (the nearest
 * `<ViewSuspense>` shows a spinner) until then. Its module loads through `later`
 * (src/lib/later.ts): `when: 'idle'` (the default) fetches it when the browser is idle after the
 * page has loaded, so by the time a person gets past the first view it is usually already there
 * and nothing waits; `when: 'demand'` only once the view is drawn. A
 * module that fails to load (offline, a flaky network) is asked for again, when the browser is
 * back online or after a pause: the view waits rather than breaking the island.
 */
import { createElement, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { later, type LoadWhen } from '../lib/later.ts';

export function lazyView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { when?: LoadWhen } = {},
): (props: P) => ReactNode {
  const module = later(load, { ...options, patient: true });
  // One component type whether the module was here or not: a view never remounts when it arrives.
  function View(props: P): ReactNode {
    // The view's own module-level component (the same one on every render), not one made here.
    return createElement(module.loaded() ?? use(module.load()), props);
  }
  return View;
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
