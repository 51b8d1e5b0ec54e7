import { describe, expect, it, vi } from 'vitest';

const recorded: { name: string; at: string }[] = [];
let clock: Date | undefined;

// The instance as src/api/analytics-instance.ts exposes it, recording what it is handed and when.
vi.mock('../../../src/api/analytics-instance.ts', async () => {
  await new Promise((resolve) => setTimeout(resolve, 20)); // the module arrives late
  return {
    recordedAt: (at: Date, record: () => void) => {
      clock = at;
      record();
      clock = undefined;
    },
    analytics: () => ({
      page: (page: string) =>
        recorded.push({ name: `page:${page}`, at: (clock ?? new Date()).toISOString() }),
      track: (name: string) => recorded.push({ name, at: (clock ?? new Date()).toISOString() }),
      flush: () => Promise.resolve(),
    }),
  };
});

describe('pageAnalytics before its instance has loaded', () => {
  it('hands every event over in order, each with the time it was recorded', async () => {
    const { pageAnalytics } = await import('../../../src/api/analytics.ts');
    const before = Date.now();
    pageAnalytics.page('welcome');
    pageAnalytics.track('continue_tapped');
    expect(recorded).toEqual([]);
    await pageAnalytics.flush();
    expect(recorded.map((event) => event.name)).toEqual(['page:welcome', 'continue_tapped']);
    for (const event of recorded) {
      expect(Date.parse(event.at) - before).toBeLessThan(15);
    }
  });
});
