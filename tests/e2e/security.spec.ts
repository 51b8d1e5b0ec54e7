/**
 * Hosting security, checked on the served build: headers, framing, CSP enforcement, no
 * third-party code. Derived from the route table, so new routes are covered without edits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, holdLoginRedirect, test } from './fixtures.ts';

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
