import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyView } from '../../../src/ui/lazy-view.tsx';

const Found = () => null;

describe('lazyView', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads its module once, however often it is asked for', async () => {
    const load = vi.fn(() => Promise.resolve(Found));
    const view = lazyView(load);
    const [first, second] = await Promise.all([view.preload(), view.preload()]);
    expect(first).toBe(Found);
    expect(second).toBe(Found);
    await view.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again for a module that did not load, after a pause, until it arrives', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<typeof Found>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Found);
    const view = lazyView(load);
    const loaded = view.preload();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(loaded).resolves.toBe(Found);
  });

  it('does not load anything while pre-rendering (no window)', () => {
    const load = vi.fn(() => Promise.resolve(Found));
    lazyView(load);
    expect(load).not.toHaveBeenCalled();
  });
});
