/**
 * Error reporting: the @sentry/astro integration is configured from build variables (client init
 * only with a DSN, source-map upload only with a token, never any server part), and the client
 * init loads the SDK only after `load`, when the browser is idle.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ init: vi.fn(), capture: vi.fn(), flush: vi.fn() }));
vi.mock('../../../src/lib/error-reporting-sdk.ts', () => sdk);
vi.mock('../../../src/config.ts', () => ({ SENTRY_DSN: 'https://key@o1.ingest.example.com/1' }));

type Listener = (event: unknown) => void;

describe('the client init', () => {
  let listeners: Map<string, Listener[]>;
  let readyState: string;

  beforeEach(() => {
    vi.resetModules();
    sdk.init.mockClear();
    sdk.capture.mockClear();
    listeners = new Map();
    readyState = 'loading';
    const add = (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    const remove = (type: string, listener: Listener) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((l) => l !== listener),
      );
    vi.stubGlobal('addEventListener', add);
    vi.stubGlobal('removeEventListener', remove);
    vi.stubGlobal('document', {
      get readyState() {
        return readyState;
      },
      addEventListener: add,
    });
    vi.useFakeTimers();
    // Idle 50 ms after it is asked (stubbed after the fake timers, which would fake it too).
    const idle = (run: () => void) => setTimeout(run, 50);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('window', { requestIdleCallback: idle });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const fire = (type: string, event: unknown = {}) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };

  it('loads the SDK only after load, when idle, and hands it the errors seen before', async () => {
    await import('../../../src/lib/error-reporting-init.ts');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sdk.init).not.toHaveBeenCalled();

    const early = new Error('before load');
    fire('error', { error: early });
    readyState = 'complete';
    expect(sdk.init).not.toHaveBeenCalled();
    fire('load');
    await vi.advanceTimersByTimeAsync(49);
    expect(sdk.init).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() =>
      expect(sdk.init).toHaveBeenCalledWith('https://key@o1.ingest.example.com/1'),
    );
    expect(sdk.capture).toHaveBeenCalledWith(early);
    expect(listeners.get('error')).toEqual([]);
  });

  /** The SDK loaded: the page's `load`, then idle. */
  async function loaded() {
    const reporting = await import('../../../src/lib/error-reporting.ts');
    reporting.startErrorReporting();
    readyState = 'complete';
    fire('load');
    await vi.advanceTimersByTimeAsync(50);
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalled());
    return reporting;
  }

  it('flushes the reports every second while some are queued, and not when none are', async () => {
    sdk.flush.mockClear();
    const { reportError } = await loaded();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sdk.flush).not.toHaveBeenCalled();

    const first = new Error('first');
    const second = new Error('second');
    reportError(first);
    reportError(second);
    expect(sdk.capture).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(999);
    expect(sdk.capture).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sdk.capture.mock.calls).toEqual([[first], [second]]);
    expect(sdk.flush).toHaveBeenCalledTimes(1);

    // Nothing queued: no more flushes.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sdk.flush).toHaveBeenCalledTimes(1);
    const third = new Error('third');
    reportError(third);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sdk.capture).toHaveBeenLastCalledWith(third);
    expect(sdk.flush).toHaveBeenCalledTimes(2);
  });

  it('keeps reports made before the SDK came, and sends them within a second of it', async () => {
    const reporting = await import('../../../src/lib/error-reporting.ts');
    reporting.startErrorReporting();
    const before = new Error('before the SDK');
    reporting.reportError(before);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sdk.capture).not.toHaveBeenCalled();
    readyState = 'complete';
    fire('load');
    await vi.advanceTimersByTimeAsync(50);
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(1000);
    expect(sdk.capture).toHaveBeenCalledWith(before);
  });

  it('reports a policy violation as what was refused, never the address, a path or a sample', async () => {
    await loaded();
    fire('securitypolicyviolation', {
      effectiveDirective: 'img-src',
      blockedURI: 'http://127.0.0.1:9/reset/tok3n?phone=971500000001',
      disposition: 'enforce',
      sample: '',
    });
    fire('securitypolicyviolation', {
      effectiveDirective: 'require-trusted-types-for',
      blockedURI: 'trusted-types-sink',
      disposition: 'enforce',
      sample: 'Element innerHTML|<a href="/password/tok3n">',
    });
    fire('securitypolicyviolation', {
      effectiveDirective: 'trusted-types',
      blockedURI: 'trusted-types-policy',
      disposition: 'enforce',
      sample: 'goog#html',
    });
    await vi.advanceTimersByTimeAsync(1000);
    const sent = sdk.capture.mock.calls.map(([error]) => error as Error);
    expect(sent.map((error) => [error.name, error.message])).toEqual([
      ['PolicyViolation', 'img-src refused http://127.0.0.1:9 (enforce)'],
      ['PolicyViolation', 'require-trusted-types-for refused trusted-types-sink (enforce)'],
      ['PolicyViolation', 'trusted-types refused trusted-types-policy (goog#html) (enforce)'],
    ]);
  });

  it('before leaving: sends what is queued at once', async () => {
    sdk.flush.mockClear();
    const { reportError, flushErrors } = await loaded();
    const last = new Error('last');
    reportError(last);
    await flushErrors();
    expect(sdk.capture).toHaveBeenCalledWith(last);
    expect(sdk.flush).toHaveBeenCalledWith(1000);
  });
});

describe('the @sentry/astro integration', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllEnvs());

  async function setUp(env: Record<string, string>) {
    for (const name of [
      'PUBLIC_SENTRY_DSN',
      'SENTRY_AUTH_TOKEN',
      'SENTRY_ORG',
      'SENTRY_PROJECT',
      'SENTRY_RELEASE',
    ]) {
      vi.stubEnv(name, env[name] ?? '');
    }
    vi.resetModules();
    const { default: config } = await import('../../../astro.config.mjs');
    const integration = config.integrations?.find(
      (i) => i && 'name' in i && i.name === '@sentry/astro',
    );
    if (!integration || !('hooks' in integration)) throw new Error('no @sentry/astro integration');
    const injected: [string, string][] = [];
    const updates: unknown[] = [];
    await integration.hooks['astro:config:setup']?.({
      updateConfig: (update: unknown) => void updates.push(update),
      injectScript: (stage: string, content: string) => void injected.push([stage, content]),
      addMiddleware: () => undefined,
      config: { root: new URL('file:///work/'), outDir: new URL('file:///work/dist/'), build: {} },
      command: 'build',
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    } as never);
    return { injected, updates: JSON.stringify(updates), define: config.vite?.define };
  }

  it('without a DSN: nothing on the pages, no upload', async () => {
    const { injected, updates } = await setUp({ SENTRY_AUTH_TOKEN: 'sntrys_x' });
    expect(injected).toEqual([]);
    expect(updates).toBe('[]');
  });

  it('with a DSN: only the lazy client init on the pages; no upload without a token', async () => {
    const { injected, updates } = await setUp({
      PUBLIC_SENTRY_DSN: 'https://k@o1.ingest.example.com/1',
    });
    expect(injected).toHaveLength(1);
    expect(injected[0]?.[0]).toBe('page');
    expect(injected[0]?.[1]).toContain('src/lib/error-reporting-init.ts');
    expect(updates).toBe('[]');
  });

  it('with a DSN and a token: hidden source maps, uploaded by release, deleted after', async () => {
    const { injected, updates, define } = await setUp({
      PUBLIC_SENTRY_DSN: 'https://k@o1.ingest.example.com/1',
      SENTRY_AUTH_TOKEN: 'sntrys_x',
      SENTRY_ORG: 'acme',
      SENTRY_PROJECT: 'account',
      SENTRY_RELEASE: 'account@1',
    });
    expect(injected.map(([stage]) => stage)).toEqual(['page']);
    expect(updates).toContain('"sourcemap":"hidden"');
    expect(define?.['__SENTRY_RELEASE__']).toBe('"account@1"');
  });
});
