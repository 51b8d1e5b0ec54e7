/** One signal per try: the caller's abort joined with a time limit, with or without AbortSignal.any. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deadline } from '../../../src/api/transport.ts';

const any = Object.getOwnPropertyDescriptor(AbortSignal, 'any');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  if (any) Object.defineProperty(AbortSignal, 'any', any);
});

describe.each([
  ['with AbortSignal.any', false],
  ['without it (Safari before 17.4, Firefox before 124)', true],
])('deadline %s', (_name, withoutAny) => {
  beforeEach(() => {
    if (withoutAny)
      Object.defineProperty(AbortSignal, 'any', { value: undefined, configurable: true });
  });

  it('aborts with a TimeoutError when the time is up', () => {
    const { signal } = deadline(1000, new AbortController().signal);
    vi.advanceTimersByTime(999);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).name).toBe('TimeoutError');
  });

  it("aborts with the caller's reason when the caller gives up", () => {
    const caller = new AbortController();
    const { signal } = deadline(1000, caller.signal);
    const reason = new Error('left the page');
    caller.abort(reason);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(reason);
  });

  it('starts aborted when the caller already gave up', () => {
    const caller = new AbortController();
    caller.abort();
    expect(deadline(1000, caller.signal).signal.aborted).toBe(true);
  });

  it('once cleared, neither the timer nor the caller aborts it', () => {
    const caller = new AbortController();
    const { signal, clear } = deadline(1000, caller.signal);
    clear();
    vi.advanceTimersByTime(5000);
    expect(signal.aborted).toBe(false);
    if (withoutAny) {
      caller.abort();
      expect(signal.aborted).toBe(false);
    }
  });
});

it('without a caller signal, only the time limit aborts it', () => {
  const { signal, clear } = deadline(10);
  vi.advanceTimersByTime(10);
  expect((signal.reason as Error).name).toBe('TimeoutError');
  clear();
});
