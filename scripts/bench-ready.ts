/**
 * A figure of `npm run bench`, never a pass/fail test: how long after the navigation starts the
 * /login phone field takes input and its Continue button works: the field is shown and enabled
 * (the feature flags have answered) and the form's island has hydrated (Astro drops its `ssr`
 * attribute), so Continue is enabled (with the enhanced form, as soon as a number is typed), on a
 * throttled phone. Each run is a
 * new browser context (a cold cache), with Lighthouse's mobile throttling applied through the
 * DevTools protocol (its "devtools" figures for slow 4G: 562.5 ms latency, 1.47 Mbps down,
 * 675 kbps up; the CPU 4 times slower) and its mobile screen. Prints the median of the runs.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startSandbox } from './local-browser.ts';

const PORT = Number(process.env['BENCH_PORT'] ?? 4397);
const ORIGIN = `http://localhost:${PORT}`;
const RUNS = 5;
const TIMEOUT_MS = 60_000;
const KBPS = 1024 / 8; // bytes per second in one kbit/s, as Lighthouse counts

/** Lighthouse 13's mobile slow-4G throttling as DevTools applies it (constants.throttling). */
const NETWORK = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: 1.6 * 1024 * 0.9 * KBPS,
  uploadThroughput: 750 * 0.9 * KBPS,
};
const CPU_SLOWDOWN = 4;

/**
 * Runs in the page before any of its scripts: records `performance.now()` (milliseconds since
 * the navigation started) at the first moment the phone field is shown and enabled inside a
 * hydrated island. A mutation observer checks at every change of the page.
 */
function watchReady(): void {
  const state = globalThis as unknown as { __loginReady?: number };
  const ready = () => {
    const field = document.querySelector<HTMLInputElement>('main input[type="tel"]');
    const island = field?.closest('astro-island');
    return Boolean(
      field &&
      island &&
      !island.hasAttribute('ssr') &&
      !field.disabled &&
      field.form?.querySelector('button[type="submit"]') &&
      field.checkVisibility({ visibilityProperty: true }),
    );
  };
  const observer = new MutationObserver(() => {
    if (state.__loginReady === undefined && ready()) {
      state.__loginReady = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

async function oneRun(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(watchReady);
  await page.goto(`${ORIGIN}/login`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
  const handle = await page.waitForFunction(
    () => (globalThis as unknown as { __loginReady?: number }).__loginReady,
    undefined,
    { timeout: TIMEOUT_MS, polling: 100 },
  );
  return Number(await handle.jsonValue());
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Serves dist/ with the sandbox, measures RUNS cold loads of /login, prints the figure. */
export async function printLoginReady(): Promise<void> {
  const server = await startSandbox(PORT);
  try {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    });
    try {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        await fetch(`${ORIGIN}/_sandbox/reset`, { method: 'POST' });
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        try {
          runs.push(await oneRun(await context.newPage()));
        } finally {
          await context.close();
        }
      }
      console.log(
        `/login ready for input (phone field shown, island hydrated), slow 4G and 4x CPU: median ${Math.round(median(runs))} ms of ${RUNS} runs (${runs.map((ms) => Math.round(ms)).join(', ')} ms)`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    server.kill();
  }
}
