/**
 * The waits a flow keeps across a reload (waits.ts) come later, with its calls: the island hands
 * `wait`, a loader (the store, src/lib/wait-store.ts, is not in the first load). `withWaits` gives
 * code loaded later (the flow's effects, the code step) with them: the loader is called when the
 * browser is idle, and again until it answers, and the pair is here as soon as both are, so that
 * what is made of them (`madeLater`) is made at once then, as it is of the code alone (a click
 * that opens a window stays synchronous). Without a loader no wait is kept.
 */
import { later, type Later } from '../../lib/later.ts';
import type { WaitDeps } from './waits.ts';

const NONE: Later<WaitDeps> = { load: () => Promise.resolve({}), loaded: () => ({}) };

export function withWaits<M>(
  code: Later<M>,
  wait: (() => Promise<WaitDeps>) | undefined,
): Later<readonly [M, WaitDeps]> {
  const waits = wait ? later(wait, { patient: true }) : NONE;
  return {
    load: () => Promise.all([code.load(), waits.load()]),
    loaded: () => {
      const module = code.loaded();
      const kept = waits.loaded();
      return module === undefined || kept === undefined ? undefined : [module, kept];
    },
  };
}
