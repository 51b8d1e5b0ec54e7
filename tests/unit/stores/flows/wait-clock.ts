/**
 * What the wait tests of the flows share: a session storage in memory (it outlives a flow, as
 * sessionStorage outlives a reload) and wait deps on a clock the test moves.
 */
import { createWaitStore } from '../../../../src/lib/wait-store.ts';
import type { WaitDeps } from '../../../../src/stores/flows/waits.ts';

export function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

/** Wait deps on a fake clock: `advance` moves it and runs the timers that are due. */
export function waitClock(storage = memoryStorage(), start = 1_000_000) {
  let now = start;
  const timers: { at: number; fn: () => void }[] = [];
  const waits = createWaitStore(() => storage);
  const deps: WaitDeps = {
    waits,
    now: () => now,
    setTimeout: (fn, ms) => timers.push({ at: now + ms, fn }),
    clearTimeout: () => undefined,
  };
  return {
    deps,
    waits,
    storage,
    now: () => now,
    advance(ms: number) {
      now += ms;
      for (const timer of timers.splice(0)) {
        if (timer.at <= now) timer.fn();
        else timers.push(timer);
      }
    },
  };
}
