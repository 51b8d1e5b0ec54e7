import { useSyncExternalStore } from 'react';
import { queryClientId } from '../lib/address.ts';
import { readPersisted } from '../lib/persisted.ts';

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

/**
 * The page's client: the query's `clientId`, else (with `persisted`) this tab's last one; null
 * when there is none, undefined while pre-rendering and hydrating.
 */
export function usePageClientId(persisted = false): string | null | undefined {
  return useSyncExternalStore(
    noSubscription,
    () =>
      queryClientId(
        new URLSearchParams(location.search),
        persisted ? readPersisted('clientId') : undefined,
      ) ?? null,
    () => undefined,
  );
}
