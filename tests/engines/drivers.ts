/**
 * The two engines of the smoke, each one browser session for the whole worker:
 * - WebKit: Debian's WebKitGTK MiniBrowser through WebKitWebDriver (webkit2gtk-driver), over
 *   classic WebDriver with selenium-webdriver, on its own Xvfb display (WebKitGTK needs one).
 * - Firefox: Debian's firefox-esr, headless, over WebDriver BiDi with puppeteer-core.
 * Every process is stopped by `close()`, and killed when the worker ends without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import { findActionable, waitFor, type Driver, type DriverElement } from './engine.ts';
import { FIREFOX, MINIBROWSER, WEBKIT_DRIVER, XVFB } from './programs.ts';

const START_TIMEOUT_MS = 60_000;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Kills a process group once this process ends, however it ends (SIGKILL included): a watcher in
 * a group of its own reads a pipe from here until it closes. Returns the release of a normal stop,
 * which also kills whatever the group's leader left behind.
 */
function killWithMe(pgid: number): () => void {
  const watcher = spawn(
    'sh',
    ['-c', 'cat >/dev/null; kill -KILL "-$0" 2>/dev/null', String(pgid)],
    {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
    },
  );
  watcher.unref();
  return () => watcher.stdin?.end();
}

interface Group {
  child: ChildProcess;
  output: () => string;
  release: () => void;
}

/** Starts a program in a process group of its own (it and every process it starts). */
function startGroup(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; fd3?: boolean } = {},
): Group {
  let log = '';
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe', ...(options.fd3 ? (['pipe'] as const) : [])],
    detached: true,
  });
  const release = child.pid === undefined ? () => {} : killWithMe(child.pid);
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => log, release };
}

/** Stops a group: SIGTERM, then SIGKILL after 5 s; resolves when its leader has exited. */
async function stopGroup({ child, release }: Group): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(pid, 'SIGTERM');
  const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  release();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

function withTimeout<T>(promise: Promise<T>, what: string, ms = START_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Xvfb on the first free display (`-displayfd`: no race between workers, no xvfb-run). */
async function startXvfb() {
  const xvfb = startGroup(
    XVFB,
    ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1280x1024x24'],
    {
      fd3: true,
    },
  );
  const display = await withTimeout(
    new Promise<string>((resolve, reject) => {
      xvfb.child.stdio[3]?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      xvfb.child.once('exit', () => reject(new Error(`Xvfb exited: ${xvfb.output()}`)));
      xvfb.child.once('error', reject);
    }),
    'Xvfb',
  );
  return { group: xvfb, display: `:${display}` };
}

async function waitForDriver(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${output()}`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`WebKitWebDriver did not start: ${output()}`);
}

/**
 * WebKitWebDriver 2.50 (page load strategy 'none') may never answer a script sent while a
 * navigation swaps processes (a change of opener policy); the next one is answered. Such a call
 * fails after this long, and the steps that wait for something read again.
 */
const SCRIPT_ANSWER_MS = 8_000;
/** How long `navigate` waits for the new document: a script given up on included. */
const NAVIGATION_MS = 30_000;

const seleniumElement = (element: WebElement): DriverElement => ({
  click: () => element.click(),
  type: (text) => element.sendKeys(text),
});

export async function startWebKit(): Promise<Driver> {
  const groups: Group[] = [];
  let session: WebDriver | undefined;
  const stop = async () => {
    if (session) await withTimeout(session.quit(), 'closing WebKit', 10_000).catch(() => {});
    for (const group of groups.reverse()) await stopGroup(group);
  };
  try {
    const xvfb = await startXvfb();
    groups.push(xvfb.group);
    const port = await freePort();
    const driver = startGroup(WEBKIT_DRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: xvfb.display },
    });
    groups.push(driver);
    const url = `http://127.0.0.1:${port}`;
    await waitForDriver(url, driver.child, driver.output);
    const webdriver = await withTimeout(
      new Builder()
        .usingServer(url)
        .withCapabilities({
          browserName: 'MiniBrowser',
          // WebKitWebDriver 2.50 never sees a Back across a change of Cross-Origin-Opener-Policy
          // finish (WebKit loads the page again in another process: the app back to
          // /login): with the 'normal' or 'eager' strategy every later command waits for it
          // until the page-load timeout, and the session is stuck until the next navigation.
          // With 'none' no command waits for a navigation: `navigate` waits for the new
          // document itself, the steps wait for what they expect (EnginePage), and a script
          // that gets no answer is given up (SCRIPT_ANSWER_MS).
          pageLoadStrategy: 'none',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        })
        .build(),
      'a WebKit session',
    );
    session = webdriver;
    const script = <R>(fn: (...args: never[]) => unknown, ...args: unknown[]) =>
      withTimeout(
        webdriver.executeScript<R>(fn, ...args),
        'WebKitWebDriver, a script',
        SCRIPT_ANSWER_MS,
      );
    // The document's identity and state. Its address too: before the first navigation commits,
    // the blank start page (whose identity the first read may not get) also reads 'complete'.
    const documentNow = () =>
      script<string>(() => `${performance.timeOrigin} ${location.href} ${document.readyState}`);
    return {
      name: 'webkit',
      navigate: async (target) => {
        const before = await documentNow().catch(() => null);
        await webdriver.get(target);
        await waitFor(
          `${target} to load`,
          documentNow,
          (now) => now !== before && now.endsWith(' complete') && !now.includes(' about:'),
          NAVIGATION_MS,
        );
      },
      back: () => webdriver.navigate().back(),
      run: (fn, ...args) => script<never>(fn, ...args),
      element: async (css, text) => {
        const found = await script<WebElement | null>(findActionable, css, text);
        return found ? seleniumElement(found) : null;
      },
      deleteCookies: () => webdriver.manage().deleteAllCookies(),
      takeDriverProblems: () => [],
      close: stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

const puppeteerElement = (element: ElementHandle<Element>): DriverElement => ({
  click: () => element.click(),
  type: (text) => element.type(text),
});

export async function startFirefox(): Promise<Driver> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    timeout: START_TIMEOUT_MS,
  });
  const pid = browser.process()?.pid;
  // puppeteer starts Firefox in a process group of its own.
  const release = pid === undefined ? () => {} : killWithMe(pid);
  try {
    const page: Page = (await browser.pages())[0] ?? (await browser.newPage());
    // WebDriver BiDi reports uncaught errors too: kept besides the probe's records.
    let errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error (BiDi): ${String(error)}`));
    return {
      name: 'firefox',
      navigate: async (target) => {
        await page.goto(target);
      },
      // page.goBack() waits for a navigation's load, and hung after Back from the identity
      // service's page; history.back() runs the same traversal as BiDi's traverseHistory, and
      // EnginePage.back() waits for the other document itself.
      back: () => page.evaluate(() => history.back()),
      // The functions are sent as source; their arguments are plain JSON.
      run: (fn, ...args) => page.evaluate(fn as (...params: unknown[]) => never, ...args),
      element: async (css, text) => {
        const handle = await page.evaluateHandle(findActionable, css, text);
        // An Element or null: asElement() gives its handle.
        const element = handle.asElement() as ElementHandle<Element> | null;
        if (!element) {
          await handle.dispose();
          return null;
        }
        return puppeteerElement(element);
      },
      deleteCookies: async () => browser.deleteCookie(...(await browser.cookies())),
      takeDriverProblems: () => {
        const taken = errors;
        errors = [];
        return taken;
      },
      close: async () => {
        await withTimeout(browser.close(), 'closing Firefox', 10_000).catch(() => {});
        release();
      },
    };
  } catch (error) {
    await browser.close();
    release();
    throw error;
  }
}
