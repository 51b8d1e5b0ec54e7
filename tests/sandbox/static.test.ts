import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../sandbox/app.ts';
import { headerRules } from '../../src/routing/headers.ts';
import { mergePolicies, renderHeadersFile } from '../../src/routing/hosting.ts';

let dist: string;
let app: ReturnType<typeof createApp>;

function write(path: string, text: string) {
  const file = join(dist, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
}

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'sandbox-dist-'));
  write('index.html', '<!doctype html><title>home</title>');
  write('login.html', `<!doctype html><title>login</title>${'<p>padding</p>'.repeat(100)}`);
  write('signup/index.html', '<!doctype html><title>signup</title>');
  write('password/_.html', '<!doctype html><title>password shell</title>');
  write('ar/password/_.html', '<!doctype html><title>ar password shell</title>');
  write('email/_/verify.html', '<!doctype html><title>email verify en</title>');
  write('ar/email/_/verify.html', '<!doctype html><title>email verify ar</title>');
  write('404.html', '<!doctype html><title>session unknown</title>');
  write('ar/404.html', '<!doctype html><title>ar session unknown</title>');
  write('_astro/app.abc123.js', `console.log(${JSON.stringify('x'.repeat(2000))});`);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('robots.txt', 'User-agent: *');
  write(
    '_headers',
    renderHeadersFile(
      headerRules(mergePolicies(["default-src 'none'; script-src 'self' 'sha256-abc'"])),
    ),
  );
  write('_nginx/headers.conf', 'add_header X-Test "1";');
  app = createApp({ distDir: dist });
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('serving the built site', () => {
  it('applies the built _headers, CSP included, and never serves the hosting files', async () => {
    const login = await get('/login');
    expect(login.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self' 'sha256-abc'; frame-ancestors 'none'",
    );
    expect((await get('/password/reset-valid')).headers.get('referrer-policy')).toBe('no-referrer');
    for (const path of ['/_headers', '/_redirects', '/_nginx/headers.conf']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('serves pages at their exact paths (file or directory index), and security headers', async () => {
    const login = await get('/login');
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(login.headers.get('x-frame-options')).toBe('DENY');
    // Its address may carry a csrf: never stored (src/routing/headers.ts).
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(await login.text()).toContain('<title>login</title>');
    expect(await (await get('/signup/')).text()).toContain('<title>signup</title>');
    expect(await (await get('/')).text()).toContain('home');
    expect((await get('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml');
    expect((await get('/robots.txt')).headers.get('content-type')).toBe(
      'text/plain; charset=utf-8',
    );
  });

  it('assets are immutable and JavaScript has its type', async () => {
    const js = await get('/_astro/app.abc123.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('applies the rewrites: token paths serve their shell, with no Referer', async () => {
    const reset = await get('/password/reset-valid');
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain('password shell');
    expect(reset.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await (await get('/ar/password/reset-valid')).text()).toContain('ar password shell');
    expect(await (await get('/email/ev-valid/verify?lang=ar')).text()).toContain('email verify ar');
    expect(await (await get('/email/ev-valid/verify')).text()).toContain('email verify en');
  });

  it('unmatched paths serve 404.html with status 404 (per locale)', async () => {
    const missing = await get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('session unknown');
    const ar = await get('/ar/no/such/page');
    expect(ar.status).toBe(404);
    expect(await ar.text()).toContain('ar session unknown');
  });

  it('does not leave the dist folder', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/login/..%2f..%2fpackage.json',
    ]) {
      const res = await get(path);
      expect(await res.text(), path).not.toContain('"name"');
    }
  });

  it('gzips when the client accepts it', async () => {
    const res = await get('/login', { 'accept-encoding': 'gzip, br' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // A page without a language in its address varies by its language's headers too (the door).
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    const body = Buffer.from(await res.arrayBuffer());
    expect(gunzipSync(body).toString()).toContain('<title>login</title>');
    expect((await get('/login')).headers.get('content-encoding')).toBeNull();
  });

  it('HEAD has the headers and no body; POST to a page is 405', async () => {
    const head = await app.request('/login', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/text\/html/);
    expect(await head.text()).toBe('');
    expect((await app.request('/login', { method: 'POST' })).status).toBe(405);
  });

  it('moves an unprefixed page to the language asked, before serving it, and varies by it', async () => {
    const moved = await get('/login?clientId=a', { 'accept-language': 'de-DE, ar;q=0.8' });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/ar/login?clientId=a');
    expect(moved.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(moved.headers.get('cache-control')).toBe('no-store');
    const chosen = await get('/password/t1', { cookie: 'lang=ar', 'accept-language': 'fr' });
    expect(chosen.headers.get('location')).toBe('/ar/password/t1');
    const english = await get('/login', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.status).toBe(200);
    expect(english.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    const email = await get('/email/e1/verify', { 'accept-language': 'ar' });
    expect(email.headers.get('location')).toBe('/email/e1/verify?lang=ar');
    // An address with a language reads no header: only a parameter moves it.
    const prefixed = await get('/ar/password/t1', { 'accept-language': 'fr' });
    expect(prefixed.status).toBe(200);
    expect(prefixed.headers.get('vary')).toBe('Accept-Encoding');
    expect((await get('/ar/password/t1?ui_locales=en')).headers.get('location')).toBe(
      '/password/t1?ui_locales=en',
    );
    // Assets and unknown addresses are not the door's.
    expect((await get('/favicon.svg', { 'accept-language': 'ar' })).status).toBe(200);
  });

  it('without a build, says so', async () => {
    const empty = createApp({ distDir: join(dist, 'missing') });
    const res = await empty.request('/login');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('npm run build');
  });
});
