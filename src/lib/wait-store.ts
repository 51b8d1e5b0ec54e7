/**
 * The deadlines of waits, kept in sessionStorage so that a reload of the page still waits (and
 * still says how long) instead of asking the server again. One entry per scope (what waits, and
 * for whom: `otp:+9715...`, `login:+9715...`), as `{ scope: until }` in ms since the epoch;
 * expired entries are dropped, and a malformed value is deleted.
 */
import { sessionStore } from './web-storage.ts';
type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const WAITS_KEY = 'acct:waits';
/** No wait is kept longer than a day, whatever the server said. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000;

export interface WaitStore {
  /** The deadline of `scope`, while it is still ahead. */
  read(scope: string, now: number): number | undefined;
  write(scope: string, until: number, now: number): void;
  clear(scope: string, now: number): void;
}

function parse(value: string | null, now: number): Record<string, number> | undefined {
  if (value === null) return {};
  try {
    const data: unknown = JSON.parse(value);
    if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
    const entries = Object.entries(data as Record<string, unknown>);
    if (!entries.every(([, until]) => typeof until === 'number' && Number.isFinite(until))) {
      return undefined;
    }
    return Object.fromEntries(
      entries.filter(
        ([, until]) => (until as number) > now && (until as number) - now <= MAX_WAIT_MS,
      ),
    ) as Record<string, number>;
  } catch {
    return undefined;
  }
}

export function createWaitStore(storage: () => StorageLike | undefined): WaitStore {
  function load(now: number): Record<string, number> {
    const store = storage();
    if (!store) return {};
    const waits = parse(store.getItem(WAITS_KEY), now);
    if (waits) return waits;
    store.removeItem(WAITS_KEY);
    return {};
  }
  function save(waits: Record<string, number>): void {
    const store = storage();
    try {
      if (Object.keys(waits).length === 0) store?.removeItem(WAITS_KEY);
      else store?.setItem(WAITS_KEY, JSON.stringify(waits));
    } catch {
      // Storage full or refused: the wait still holds on this page.
    }
  }
  return {
    read: (scope, now) => load(now)[scope],
    write(scope, until, now) {
      if (until <= now) return;
      save({ ...load(now), [scope]: Math.min(until, now + MAX_WAIT_MS) });
    },
    clear(scope, now) {
      const waits = load(now);
      delete waits[scope];
      save(waits);
    },
  };
}

/** The page's waits, in this tab's sessionStorage. */
export const sessionWaits: WaitStore = createWaitStore(sessionStore);
