/** `later`: the one way a module is loaded after first paint (src/lib/later.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whileCalling } from '../../../src/lib/idle.ts';
import { later } from '../../../src/lib/later.ts';

const failure = () => new TypeError('Failed to fetch dynamically imported module');

describe('later', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads its module once, however often it is asked for, and then has it at hand', async () => {
    const load = vi.fn(() => Promise.resolve({ name: 'views' }));
    const views = later(load, { when: 'demand' });
    expect(views.loaded()).toBeUndefined();
    const [first, second] = await Promise.all([views.load(), views.load()]);
    expect(first).toBe(second);
    expect(views.loaded()).toBe(first);
    await views.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again, on the next load, for a module that did not load', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(failure())
      .mockResolvedValue('here');
    const module = later(load, { when: 'demand' });
    await expect(module.load()).rejects.toThrow(TypeError);
    await expect(module.load()).resolves.toBe('here');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('patient: asks again after a pause, until the module arrives', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(failure())
      .mockRejectedValueOnce(failure())
      .mockResolvedValue('here');
    const loaded = later(load, { when: 'demand', patient: true }).load();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(loaded).resolves.toBe('here');
  });

  // Shown to fail: with `later` fetching whatever the connection, each of these called `load`.
  it('fetches nothing offline: a patient load waits to be back online, another fails', async () => {
    const online: (() => void)[] = [];
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
      if (type === 'online') online.push(listener);
    });
    const load = vi.fn(() => Promise.resolve('here'));
    await expect(later(load, { when: 'demand' }).load()).rejects.toThrow(/offline/);
    const patient = later(load, { when: 'demand', patient: true }).load();
    await vi.waitFor(() => expect(online).toHaveLength(1));
    expect(load).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { onLine: true });
    for (const listener of online) listener();
    await expect(patient).resolves.toBe('here');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not load anything while pre-rendering (no window)', () => {
    const load = vi.fn(() => Promise.resolve('here'));
    later(load);
    expect(load).not.toHaveBeenCalled();
  });

  describe('in a browser', () => {
    let idle: (() => void)[];
    beforeEach(() => {
      idle = [];
      const requestIdleCallback = (run: () => void) => idle.push(run);
      vi.stubGlobal('window', { requestIdleCallback });
      vi.stubGlobal('requestIdleCallback', requestIdleCallback);
      vi.stubGlobal('document', { readyState: 'complete' });
    });

    it('fetches the module when the browser is idle, unless it waits for demand', () => {
      const soon = vi.fn(() => Promise.resolve('soon'));
      const asked = vi.fn(() => Promise.resolve('asked'));
      later(soon);
      later(asked, { when: 'demand' });
      expect(soon).not.toHaveBeenCalled();
      for (const run of idle) run();
      expect(soon).toHaveBeenCalledTimes(1);
      expect(asked).not.toHaveBeenCalled();
    });

    it('waits for the page’s calls in flight, so that the first calls have the network', async () => {
      let answer!: () => void;
      whileCalling(new Promise<void>((resolve) => (answer = resolve)));
      const soon = vi.fn(() => Promise.resolve('soon'));
      later(soon);
      for (const run of idle.splice(0)) run();
      expect(soon).not.toHaveBeenCalled();
      answer();
      await vi.waitFor(() => expect(idle).toHaveLength(1));
      for (const run of idle.splice(0)) run();
      expect(soon).toHaveBeenCalledTimes(1);
    });
  });
});
