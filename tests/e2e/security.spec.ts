/**
 * Hosting security, checked on the served build: headers, framing, CSP enforcement, no
 * third-party code. Derived from the route table, so new routes are covered without edits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, holdLoginRedirect, LOCALES, localizedPath, test } from './fixtures.ts';

const DIST = new URL('../../dist/', import.meta.url).pathname;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? htmlFiles(join(dir, entry.name))
      : entry.name.endsWith('.html')
        ? [join(dir, entry.name)]
        : [],
  );
}

test.describe('headers', () => {
  test('HTML carries the CSP header with frame-ancestors and the other security headers', async ({
    request,
  }) => {
    const response = await request.get('/session_unknown');
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    for (const directive of [
      "default-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "require-trusted-types-for 'script'",
      'form-action',
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
  });
});
// Token pages without Referer or storage, immutable assets and no-cache HTML: hosting.spec.ts,
// at every address of the route table on every host.

test.describe('secret addresses', () => {
  /** Pages whose query or hash may carry a secret (security review L2, L4), and their referrer. */
  const PAGES: [string, string][] = [
    ['/', 'no-referrer'],
    ['/session_init', 'no-referrer'],
    ['/recovery', 'no-referrer'],
    ['/client-management/', 'no-referrer'],
    // They post the sign-in to the identity service: the origin alone goes with it.
    ['/login', 'strict-origin'],
    ['/login/one-click', 'strict-origin'],
    ['/signup/', 'strict-origin'],
  ];
  const SECRETS = 'csrf=csrf-l2&otp=123456&phoneNumber=%2B971500000001&email=layla%40example.com';

  test('pages whose address may carry a secret are never stored and send neither path nor query', async ({
    request,
  }) => {
    for (const locale of LOCALES) {
      for (const [path, referrer] of PAGES) {
        const address = `${localizedPath(locale, path)}?${SECRETS}`;
        const response = await request.get(address, { maxRedirects: 0 });
        expect(response.status(), address).toBe(200);
        expect(response.headers()['cache-control'], address).toBe('no-store');
        expect(response.headers()['referrer-policy'], address).toBe(referrer);
        // The page says it again, whoever serves it.
        expect(await response.text(), address).toContain(
          `<meta name="referrer" content="${referrer}">`,
        );
      }
    }
  });

  for (const path of ['/login', '/ar/login', '/signup/', '/ar/signup/']) {
    test(`the requests ${path} makes before and after hydration carry its origin alone`, async ({
      page,
      baseURL,
    }) => {
      const referers = new Map<string, string>();
      page.on('request', (request) => {
        const referer = request.headers()['referer'];
        if (referer) referers.set(request.url(), referer);
      });
      await page.goto(`${path}?${SECRETS}&clientId=sandbox-web`);
      await expect(page.locator('input[type=tel]')).toBeEditable();
      // Scripts, styles, fonts, the social buttons' marks, the calls.
      expect(referers.size).toBeGreaterThan(3);
      const origin = `${new URL(baseURL ?? '').origin}/`;
      for (const [url, referer] of referers) expect(referer, url).toBe(origin);
    });
  }
});

test.describe('built pages', () => {
  const pages = htmlFiles(DIST);

  test('every page has a meta CSP without frame-ancestors, and loads only its own scripts and styles', () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1];
      expect(meta, file).toBeTruthy();
      expect(meta, file).not.toContain('frame-ancestors');
      expect(meta, file).not.toMatch(/unsafe-inline|unsafe-eval/);
      for (const [, src] of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)) {
        expect(src?.startsWith('/') && !src.startsWith('//'), `${file}: ${src}`).toBe(true);
      }
    }
  });
});

test.describe('enforcement', () => {
  test.use({ allowPolicyViolations: true });

  // Framed by a page of its own origin that has no CSP of its own (a page with the site's CSP,
  // `default-src 'none'` and no frame-src, would refuse the frame itself, whatever the framed page
  // sends): only the framed page's frame-ancestors and X-Frame-Options can stop it. Shown to fail:
  // with both stripped from dist/_headers, the frame showed the page's heading.
  test('a page cannot be framed, even by its own origin', async ({ page, pageGuards }) => {
    // The refusal: the browser blocks the frame's load (ERR_BLOCKED_BY_RESPONSE) and says so.
    pageGuards.provokes({
      requests: /\/session_unknown$/,
      console: /^Refused to display .* in a frame/,
    });
    await page.route('**/frame-host', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>host</title><iframe src="/session_unknown"></iframe>',
      }),
    );
    // The framed page would leave for the login page after 2 s: it stays, however slow the machine.
    await holdLoginRedirect(page);
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    // The host's load event waits for its frame's (a refused frame loads an error page).
    await page.goto('/frame-host');
    const framed = await page.locator('iframe').evaluate((frame: HTMLIFrameElement) => {
      try {
        return frame.contentDocument?.querySelector('h1')?.textContent ?? null;
      } catch {
        return null;
      }
    });
    expect(framed).toBeNull();
    // Refused for the framed page's own answer, as the browser says.
    await expect
      .poll(() => messages.join('\n'))
      .toMatch(
        /^Framing .* violates .*frame-ancestors 'none'|^Refused to display .*X-Frame-Options/m,
      );
  });

  test('an injected inline script does not run', async ({ page }) => {
    await page.clock.install();
    await holdLoginRedirect(page);
    await page.goto('/session_unknown');
    const outcome = await page.evaluate(() => {
      try {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true;';
        document.body.append(script);
      } catch (error) {
        return `blocked: ${(error as Error).message}`;
      }
      return (window as unknown as { __injected?: boolean }).__injected === true
        ? 'ran'
        : 'blocked by CSP';
    });
    // Trusted Types refuses the assignment; without it, the CSP would refuse to run it.
    expect(outcome).toMatch(/^blocked/);
    expect(outcome).toContain('TrustedScript');
  });
});
