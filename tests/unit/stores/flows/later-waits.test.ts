/** `withWaits`: code loaded later with the waits a flow keeps (src/stores/flows/later-waits.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { later, madeLater } from '../../../../src/lib/later.ts';
import { withWaits } from '../../../../src/stores/flows/later-waits.ts';
import type { WaitDeps } from '../../../../src/stores/flows/waits.ts';
import { deferred } from './failures.ts';
import { waitClock } from './wait-clock.ts';

const failure = () => new TypeError('Failed to fetch dynamically imported module');

describe('code loaded later with the kept waits', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is here once both the code and the waits are, and made from at once then', async () => {
    const code = later(() => Promise.resolve({ name: 'effects' }), { when: 'demand' });
    const { deps } = waitClock();
    const waits = deferred<WaitDeps>();
    const wait = vi.fn(() => waits.promise);
    const both = withWaits(code, wait);
    const loading = both.load();
    await code.load();
    expect(both.loaded()).toBeUndefined();
    waits.resolve(deps);
    await expect(loading).resolves.toEqual([{ name: 'effects' }, deps]);
    expect(both.loaded()).toEqual([{ name: 'effects' }, deps]);
    const made = madeLater(both, ([module, kept]) => ({ from: module.name, kept }));
    expect(made.now()).toEqual({ from: 'effects', kept: deps });
    await both.load();
    expect(wait).toHaveBeenCalledTimes(1);
  });

  it('asks again for the waits until they arrive', async () => {
    vi.useFakeTimers();
    const { deps } = waitClock();
    const wait = vi.fn<() => Promise<WaitDeps>>().mockRejectedValueOnce(failure());
    wait.mockResolvedValue(deps);
    const both = withWaits(
      later(() => Promise.resolve('effects'), { when: 'demand' }),
      wait,
    );
    const loaded = both.load();
    await vi.advanceTimersByTimeAsync(500);
    await expect(loaded).resolves.toEqual(['effects', deps]);
    expect(wait).toHaveBeenCalledTimes(2);
  });

  it('without a loader, is the code with no wait kept, here as soon as the code is', async () => {
    const code = later(() => Promise.resolve('effects'), { when: 'demand' });
    const alone = withWaits(code, undefined);
    expect(alone.loaded()).toBeUndefined();
    await code.load();
    expect(alone.loaded()).toEqual(['effects', {}]);
  });

  it('calls the loader when the browser is idle, as the code is fetched', () => {
    const idle: (() => void)[] = [];
    const requestIdleCallback = (run: () => void) => idle.push(run);
    vi.stubGlobal('window', { requestIdleCallback });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('document', { readyState: 'complete' });
    const wait = vi.fn(() => Promise.resolve(waitClock().deps));
    withWaits(
      later(() => Promise.resolve('effects'), { when: 'demand' }),
      wait,
    );
    expect(wait).not.toHaveBeenCalled();
    for (const run of idle) run();
    expect(wait).toHaveBeenCalledTimes(1);
  });
});
