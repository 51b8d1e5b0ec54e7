/**
 * The engine smoke's Playwright side: per worker, one sandbox server with the page probe
 * (SANDBOX_PROBE=1) and, when a test asks for it, one browser session per engine, stopped with
 * the worker whatever happened. `engineSmoke(engine)` declares the probe's own test, then one test
 * per scenario, in order, in that engine.
 */
import { test as base, expect } from '@playwright/test';
import { PROBE_KEY } from '../../sandbox/probe.ts';
import { startSite } from '../e2e/servers.ts';
import { startFirefox, startWebKit } from './drivers.ts';
import { EnginePage, PROBE_MISSING, type Driver, type EngineName } from './engine.ts';
import { SCENARIOS, type SandboxControl } from './scenarios.ts';

const START = { webkit: startWebKit, firefox: startFirefox } as const;

export const test = base.extend<
  { sandbox: SandboxControl & { reset(): Promise<void> }; tab: EnginePage },
  { engine: EngineName; site: { url: string }; driver: Driver }
>({
  engine: ['webkit', { scope: 'worker', option: true }],
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
    async ({}, use, workerInfo) => {
      const site = await startSite('sandbox', workerInfo.parallelIndex, { SANDBOX_PROBE: '1' });
      try {
        await use({ url: site.url });
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  driver: [
    async ({ engine }, use) => {
      const driver = await START[engine]();
      try {
        await use(driver);
      } finally {
        await driver.close();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  sandbox: async ({ site }, use) => {
    const call = (path: string, init?: RequestInit) => fetch(new URL(path, site.url), init);
    await use({
      reset: async () => expect((await call('/_sandbox/reset', { method: 'POST' })).ok).toBe(true),
      outbox: async (to) =>
        (await (await call(`/_sandbox/outbox?to=${encodeURIComponent(to)}`)).json()) as {
          channel: string;
          code?: string;
        }[],
    });
  },
  /** This worker's session on this worker's site, from the seeded state with nothing stored. */
  tab: async ({ driver, site, sandbox }, use) => {
    const page = new EnginePage(driver, site.url);
    await sandbox.reset();
    await page.reset();
    await use(page);
  },
});

/** Things a page can do wrong, each of which the smoke must catch. */
const PROVOCATIONS = {
  'an uncaught error': [
    () =>
      void setTimeout(() => {
        throw new Error('probe check: thrown');
      }),
    /page error: .*probe check: thrown/,
  ],
  'an unhandled rejection': [
    () => void Promise.reject(new Error('probe check: rejected')),
    /unhandled rejection: .*probe check: rejected/,
  ],
  'an inline script (Trusted Types, CSP)': [
    () => {
      const script = document.createElement('script');
      script.append(document.createTextNode('window.name = "probe check"'));
      document.head.append(script);
    },
    /policy violation: require-trusted-types-for .*probe check/,
  ],
  'HTML from a string (Trusted Types)': [
    () => {
      try {
        // eslint-disable-next-line no-restricted-syntax -- the violation under test
        document.createElement('div').innerHTML = '<b>probe check</b>';
      } catch {
        // Trusted Types throw here; the violation is what the probe must record.
      }
    },
    /policy violation: require-trusted-types-for .*probe check/,
  ],
  'an inline style (CSP)': [
    () => {
      const style = document.createElement('style');
      style.append(document.createTextNode('body { --probe: 1 }'));
      document.head.append(style);
    },
    /policy violation: style-src-elem/,
  ],
} as const satisfies Record<string, readonly [() => void, RegExp]>;

export function engineSmoke(engine: EngineName): void {
  // At the file's top level: a worker option of its own gives the file a worker of its own.
  test.use({ engine });
  test.describe(engine, () => {
    test('the probe fails a step on a page error or a policy violation', async ({ tab: page }) => {
      await page.goto('/login');
      // WebKit's driver navigates with the page load strategy 'none': the new document may not
      // have run its first script (the probe) yet. Clean means an empty record, once there is one.
      await expect.poll(() => page.problems()).toEqual([]);
      // Firefox ESR 140 has no Trusted Types (behind a preference until Firefox 145): there the
      // CSP's script-src blocks the inline script, and HTML from a string is no violation at all.
      const trustedTypes = await page.driver.run(() => 'trustedTypes' in window);
      const provocations = Object.entries(PROVOCATIONS).flatMap(([what, [provoke, recorded]]) => {
        if (trustedTypes || !recorded.source.startsWith('policy violation: require-trusted-types'))
          return [[what, [provoke, recorded]] as const];
        if (what.startsWith('HTML from a string')) return [];
        return [[what, [provoke, /policy violation: script-src-elem inline/]] as const];
      });
      expect(provocations.length, 'the provocations this engine can record').toBeGreaterThanOrEqual(
        trustedTypes ? 5 : 4,
      );
      for (const [what, [provoke, recorded]] of provocations) {
        await page.driver.run(provoke);
        await expect
          .poll(() => page.problems(), { message: what })
          .toContainEqual(expect.stringMatching(recorded));
        await expect(page.assertClean(true), what).rejects.toThrow(recorded);
        await page.driver.run((key: string) => sessionStorage.setItem(key, '[]'), PROBE_KEY);
        page.driver.takeDriverProblems();
      }
      // The next step fails, here a navigation: the record outlives the page that made it.
      await page.driver.run(PROVOCATIONS['an uncaught error'][0]);
      await expect.poll(() => page.problems()).not.toEqual([]);
      await expect(page.goto('/alerts/alert-login')).rejects.toThrow(/probe check: thrown/);
      await page.driver.run((key: string) => sessionStorage.setItem(key, '[]'), PROBE_KEY);
      page.driver.takeDriverProblems();
      // A page the probe did not reach fails too.
      await page.driver.run((key: string) => sessionStorage.removeItem(key), PROBE_KEY);
      await expect(page.assertClean(true)).rejects.toThrow(/probe did not run/);
    });

    for (const scenario of SCENARIOS) {
      test(scenario.name, async ({ tab: page, sandbox }) => {
        try {
          const note = await scenario.run(page, sandbox);
          if (note) test.info().annotations.push({ type: 'note', description: note });
        } catch (error) {
          // The step's own error comes first; what the pages recorded follows it, when they
          // recorded anything (a page that never ran the probe is no cause of the failure).
          const problems = (await page.problems().catch(() => [])).filter(
            (problem) => problem !== PROBE_MISSING,
          );
          if (error instanceof Error && problems.length > 0) {
            error.message += `\n\nThe page recorded:\n  ${problems.join('\n  ')}`;
          }
          throw error;
        }
        await page.assertClean(true);
      });
    }
  });
}
