/**
 * Whether the page is shown (the Page Visibility API), behind an interface the flows take, so
 * that their tests can hide and show a page: one-click's timers stop while it is hidden, and the
 * login page sends the code its address asks for only once it is shown (security review, L1).
 */
export interface PageVisibility {
  hidden: () => boolean;
  /** Calls `listener` whenever the page is hidden or shown; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

export const alwaysVisible: PageVisibility = {
  hidden: () => false,
  subscribe: () => () => undefined,
};

export const browserVisibility: PageVisibility = {
  hidden: () => document.hidden,
  subscribe: (listener) => {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** Resolves once the page is shown (at once if it is), or once `signal` aborts. */
export function whenShown(visibility: PageVisibility, signal: AbortSignal): Promise<void> {
  if (!visibility.hidden() || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      unsubscribe();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const unsubscribe = visibility.subscribe(() => {
      if (!visibility.hidden()) done();
    });
    signal.addEventListener('abort', done);
  });
}
