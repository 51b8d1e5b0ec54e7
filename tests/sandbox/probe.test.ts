/**
 * The engine smoke's page probe (sandbox/probe.ts): off by default; when on, first in the `<head>`
 * of every HTML answer and nowhere else, and what it records for each kind of problem.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../sandbox/app.ts';
import { injectProbe, PROBE_KEY, PROBE_PATH } from '../../sandbox/probe.ts';
import { headerRules } from '../../src/routing/headers.ts';
import { mergePolicies, renderHeadersFile } from '../../src/routing/hosting.ts';

const TAG = `<script src="${PROBE_PATH}"></script>`;
const PAGE = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>login</title></head><body>${'<p>padding</p>'.repeat(100)}</body></html>`;

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'sandbox-probe-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), text);
  };
  write('login.html', PAGE);
  write('_astro/app.abc123.js', `console.log(${JSON.stringify('<head>'.repeat(100))});`);
  write('_headers', renderHeadersFile(headerRules(mergePolicies(["script-src 'self'"]))));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the page probe', () => {
  it('is off by default: pages as built, no probe script', async () => {
    const app = createApp({ distDir: dist });
    expect(await (await app.request('/login')).text()).toBe(PAGE);
    expect((await app.request(PROBE_PATH)).status).toBe(404);
  });

  it('when on, comes first in the head of the site’s pages, gzip or not, headers kept', async () => {
    const app = createApp({ distDir: dist, probe: true });
    for (const encoding of ['identity', 'gzip']) {
      const res = await app.request('/login', { headers: { 'accept-encoding': encoding } });
      const body = await res.text();
      expect(body).toBe(PAGE.replace('<head>', `<head>${TAG}`));
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    }
    expect((await app.request('/login', { method: 'HEAD' })).status).toBe(200);
  });

  it('when on, goes into the sandbox’s own pages, and into nothing but HTML', async () => {
    const app = createApp({ distDir: dist, probe: true });
    expect(await (await app.request('/_sandbox')).text()).toContain(`<head>${TAG}`);
    const asset = await app.request('/_astro/app.abc123.js');
    expect(await asset.text()).not.toContain(TAG);
    const json = await app.request('/_sandbox/openapi.json');
    expect(await json.text()).not.toContain(TAG);
    const probe = await app.request(PROBE_PATH);
    expect(probe.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(probe.headers.get('cache-control')).toBe('no-store');
  });

  it('goes after a head with attributes, or first after the doctype without a head', () => {
    expect(injectProbe('<html><HEAD id="h"><title>x</title>')).toBe(
      `<html><HEAD id="h">${TAG}<title>x</title>`,
    );
    expect(injectProbe('<!DOCTYPE html><p>no head</p>')).toBe(
      `<!DOCTYPE html>${TAG}<p>no head</p>`,
    );
    expect(injectProbe('<header>not a head</header>')).toBe(`${TAG}<header>not a head</header>`);
  });

  it('records page errors, unhandled rejections and policy violations in session storage', async () => {
    const app = createApp({ distDir: dist, probe: true });
    const script = await (await app.request(PROBE_PATH)).text();
    const listeners = new Map<string, (event: object) => void>();
    const store = new Map<string, string>();
    const sessionStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    };
    runInNewContext(script, {
      sessionStorage,
      location: { pathname: '/login' },
      addEventListener: (type: string, listener: (event: object) => void) =>
        listeners.set(type, listener),
    });
    // Loaded: an empty record says the probe ran.
    expect(JSON.parse(store.get(PROBE_KEY) ?? 'null')).toEqual([]);
    listeners.get('error')?.({ message: 'Uncaught TypeError: x', filename: '/a.js', lineno: 3 });
    listeners.get('unhandledrejection')?.({ reason: new Error('lost') });
    listeners.get('securitypolicyviolation')?.({
      violatedDirective: 'require-trusted-types-for',
      blockedURI: 'trusted-types-sink',
      sample: 'Element innerHTML|<b>',
    });
    expect(JSON.parse(store.get(PROBE_KEY) ?? '[]')).toEqual([
      'page error: Uncaught TypeError: x at /a.js:3 (/login)',
      'unhandled rejection: Error: lost (/login)',
      'policy violation: require-trusted-types-for trusted-types-sink Element innerHTML|<b> (/login)',
    ]);
  });
});
