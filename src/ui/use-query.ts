import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * The page's query string, read without a hydration mismatch: empty while pre-rendering and
 * hydrating, the real value right after.
 */
export function useLocationSearch(): string {
  return useSyncExternalStore(
    noSubscription,
    () => location.search,
    () => '',
  );
}
