/**
 * One browser tab of the engine smoke, the same for WebKit (classic WebDriver, selenium-webdriver)
 * and Firefox (WebDriver BiDi, puppeteer-core): navigate, find a visible element by CSS and
 * optionally its whole text, click it, type into it, read texts and attributes. Problems the page
 * itself records (sandbox/probe.ts: uncaught errors, unhandled rejections, CSP and Trusted Types
 * violations) fail the step that saw them.
 */
import { PROBE_KEY, PROBE_PATH } from '../../sandbox/probe.ts';

export type EngineName = 'webkit' | 'firefox';

/** A visible element: `css`, and when given its whole text (whitespace collapsed) or aria-label. */
export type Target = string | { readonly css: string; readonly text: string };

/** What each driver provides; everything else is shared (EnginePage). */
export interface Driver {
  readonly name: EngineName;
  navigate(url: string): Promise<void>;
  back(): Promise<void>;
  /** Runs a self-contained function in the page and returns its (JSON) result. */
  run<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** The element `findActionable(css, text)` returns in the page, as the driver's handle. */
  element(css: string, text: string | null): Promise<DriverElement | null>;
  deleteCookies(): Promise<void>;
  /** Problems the driver itself reports (none for WebKit). */
  takeDriverProblems(): string[];
  close(): Promise<void>;
}

export interface DriverElement {
  click(): Promise<void>;
  type(text: string): Promise<void>;
}

/**
 * In the page: the first visible, enabled element matching `css` (and whose whole text or
 * aria-label is `text`, when not null). Self-contained: the drivers send its source.
 */
export function findActionable(css: string, text: string | null): Element | null {
  const collapse = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim();
  for (const element of document.querySelectorAll(css)) {
    if (!element.checkVisibility({ visibilityProperty: true })) continue;
    if (element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true') continue;
    if (
      text === null ||
      collapse(element.textContent) === text ||
      element.getAttribute('aria-label') === text
    ) {
      return element;
    }
  }
  return null;
}

/** In the page: the probe's records, or null when the probe never ran in this tab. */
function readProbe(key: string): string | null {
  return location.protocol.startsWith('http') ? sessionStorage.getItem(key) : 'not a page';
}

/**
 * What `problems()` says of a tab whose storage holds no record: no page of the site ran the
 * probe since the reset (or the page that will has not run its first script yet).
 */
export const PROBE_MISSING = 'the page probe did not run (SANDBOX_PROBE=1?)';

const TIMEOUT_MS = 15_000;
const POLL_MS = 100;

const describe = (target: Target) =>
  typeof target === 'string' ? target : `${target.css} "${target.text}"`;
const parts = (target: Target): [string, string | null] =>
  typeof target === 'string' ? [target, null] : [target.css, target.text];

/** Waits until `read` gives a value `done` accepts; throws `what` with the last value if not. */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await read();
      error = undefined;
      if (done(last)) return last;
    } catch (caught) {
      // The page is navigating: read again.
      error = caught;
    }
    if (Date.now() > deadline) {
      const seen =
        error === undefined
          ? JSON.stringify(last)
          : error instanceof Error
            ? error.message
            : 'error';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export class EnginePage {
  readonly driver: Driver;
  readonly baseUrl: string;

  constructor(driver: Driver, baseUrl: string) {
    this.driver = driver;
    this.baseUrl = baseUrl;
  }

  get engine(): EngineName {
    return this.driver.name;
  }

  async goto(path: string): Promise<void> {
    await this.driver.navigate(new URL(path, this.baseUrl).href);
    await this.assertClean();
  }

  /**
   * The browser's Back, done once another document shows (a fresh one, or one from the
   * back/forward cache). A driver that stops answering after it (WebKitWebDriver did, with a page
   * load strategy other than 'none', after a Back across a change of Cross-Origin-Opener-Policy:
   * drivers.ts) fails it at once instead of at the test's timeout.
   */
  async back(): Promise<void> {
    const documentNow = () => this.driver.run(() => `${performance.timeOrigin} ${location.href}`);
    const answered = (async () => {
      const before = await documentNow();
      await this.driver.back();
      await waitFor('another document after Back', documentNow, (now) => now !== before);
    })();
    // A late failure of a command given up on is no one's to report.
    answered.catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      answered,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${this.engine}'s driver stopped answering after Back`)),
          TIMEOUT_MS + 5_000,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    await this.assertClean();
  }

  /** Waits for the page's islands to hydrate (Astro drops `ssr` from each island then). */
  async hydrated(): Promise<void> {
    await waitFor(
      'the islands to hydrate',
      () => this.driver.run(() => document.querySelectorAll('astro-island[ssr]').length),
      (count) => count === 0,
    );
  }

  /** The whole text (whitespace collapsed) of the first visible `css`, or null. */
  text(css: string): Promise<string | null> {
    return this.driver.run(
      (selector: string) =>
        Array.from(document.querySelectorAll(selector))
          .find((element) => element.checkVisibility({ visibilityProperty: true }))
          ?.textContent?.replace(/\s+/g, ' ')
          .trim() ?? null,
      css,
    );
  }

  /** Waits until the first visible `css` reads `expected` exactly. */
  async expectText(css: string, expected: string): Promise<void> {
    await waitFor(
      `${css} to read "${expected}"`,
      () => this.text(css),
      (t) => t === expected,
    );
  }

  /** Waits until the page's text contains `expected`. */
  async expectBodyText(expected: string): Promise<void> {
    await waitFor(
      `the page to say "${expected}"`,
      () => this.driver.run(() => document.body.textContent.replace(/\s+/g, ' ')),
      (t) => t.includes(expected),
    );
  }

  attribute(css: string, name: string): Promise<string | null> {
    return this.driver.run(
      (selector: string, attribute: string) =>
        document.querySelector(selector)?.getAttribute(attribute) ?? null,
      css,
      name,
    );
  }

  /** Waits until the address's path (and query) is `expected`. */
  async expectPath(expected: string): Promise<void> {
    await waitFor(
      `the address ${expected}`,
      () => this.driver.run(() => location.pathname + location.search),
      (path) => path === expected,
    );
  }

  /** Waits for a visible, enabled element. */
  private async actionable(target: Target): Promise<DriverElement> {
    const [css, text] = parts(target);
    const element = await waitFor(
      `${describe(target)} to be visible and enabled`,
      () => this.driver.element(css, text),
      (found) => found !== null,
    );
    if (!element) throw new Error(`${describe(target)} went away`);
    return element;
  }

  /** Waits until `target` is visible and enabled. */
  async expectActionable(target: Target): Promise<void> {
    await this.actionable(target);
  }

  async click(target: Target): Promise<void> {
    await (await this.actionable(target)).click();
    await this.assertClean();
  }

  /** Types into an empty field. */
  async type(target: Target, text: string): Promise<void> {
    await (await this.actionable(target)).type(text);
    await this.assertClean();
  }

  /** What the probe and the driver recorded since the last reset. */
  async problems(): Promise<string[]> {
    const driverProblems = this.driver.takeDriverProblems();
    const raw = await this.driver.run(readProbe, PROBE_KEY);
    if (raw === 'not a page') return driverProblems;
    if (raw === null) return [...driverProblems, PROBE_MISSING];
    return [...driverProblems, ...(JSON.parse(raw) as string[])];
  }

  /**
   * Fails on any page error or policy violation recorded so far. After a step, a page that cannot
   * be read (it is navigating) passes, and so does one whose probe has not run yet (a document
   * that has not run its first script; Firefox answers from it during a form post): the
   * scenario's final, strict check reads it again. So a missing probe never fails a step before
   * the step's own error is known, and never stands in for it.
   */
  async assertClean(strict = false): Promise<void> {
    const problems = strict
      ? await this.problems()
      : (await this.problems().catch(() => [])).filter((problem) => problem !== PROBE_MISSING);
    if (problems.length > 0) {
      throw new Error(`Page errors or policy violations:\n  ${problems.join('\n  ')}`);
    }
  }

  /**
   * A fresh start for the next scenario: no cookies, no local or session storage (the probe's
   * records included), on a same-origin document that runs no script of the site. The device
   * last used a UAE number, like the scenarios' (the phone field starts in the country last used
   * before the browser's languages, which WebKitGTK reports as en-US whatever the environment).
   */
  async reset(): Promise<void> {
    await this.driver.navigate(new URL(PROBE_PATH, this.baseUrl).href);
    await this.driver.deleteCookies();
    await this.driver.run(() => {
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem('acct:last-country', 'AE');
    });
    this.driver.takeDriverProblems();
  }
}
