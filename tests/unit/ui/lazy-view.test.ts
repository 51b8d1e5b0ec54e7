/**
 * `lazyView` loads its module through `later` (src/lib/later.ts, whose tests cover loading once
 * and asking again until a module arrives): here, that nothing loads while pre-rendering.
 */
import { describe, expect, it, vi } from 'vitest';
import { lazyView } from '../../../src/ui/lazy-view.tsx';

const Found = () => null;

describe('lazyView', () => {
  it('does not load anything while pre-rendering (no window)', () => {
    const load = vi.fn(() => Promise.resolve(Found));
    lazyView(load);
    lazyView(load, { when: 'demand' });
    expect(load).not.toHaveBeenCalled();
  });
});
