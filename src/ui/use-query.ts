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

/**
 * False while pre-rendering and hydrating, true right after: for text that the server's and the
 * browser's Intl data may render differently (region names in ckb, for instance).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
