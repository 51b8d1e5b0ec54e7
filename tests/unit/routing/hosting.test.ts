import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, localizedPath } from '../../../src/i18n/config.ts';
import { headerRules, headersForPath, STATIC_PATTERNS } from '../../../src/routing/headers.ts';
import {
  headerPolicy,
  mergePolicies,
  metaPolicy,
  parseHeadersFile,
  renderHeadersFile,
  unhashedInline,
} from '../../../src/routing/hosting.ts';
import { renderNginxConf, renderNginxHeaders } from '../../../src/routing/nginx.ts';
import { matchesPattern } from '../../../src/routing/rewrites.ts';
import { ROUTES, type RouteDef } from '../../../src/routing/routes.ts';

/**
 * Cloudflare's reading of `_headers` (its asset worker, workers-shared `attachCustomHeaders`):
 * every matching rule in order; `! Name` deletes the value so far; a header set again by a later
 * rule is appended with a comma.
 */
function cloudflareHeaders(text: string, pathname: string): Record<string, string> {
  const headers = new Map<string, string>();
  const set = new Set<string>();
  let applies = false;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      applies = matchesPattern(line.trim(), pathname);
      continue;
    }
    if (!applies) continue;
    const entry = line.trim();
    if (entry.startsWith('!')) {
      headers.delete(entry.slice(1).trim());
      continue;
    }
    const colon = entry.indexOf(':');
    const name = entry.slice(0, colon).trim();
    const value = entry.slice(colon + 1).trim();
    const before = headers.get(name);
    headers.set(name, set.has(name) && before !== undefined ? `${before}, ${value}` : value);
    set.add(name);
  }
  return Object.fromEntries(headers);
}

/** Netlify's reading (@netlify/headers-parser, netlify-cli headersForPath): `!` lines are not
 * headers; every matching rule in order, a later value replacing an earlier one. */
function netlifyHeaders(text: string, pathname: string): Record<string, string> {
  return headersForPath(parseHeadersFile(text), pathname);
}

/** Every route's address in every language, a token form and each page's file. */
const ADDRESSES = (Object.values(ROUTES) as RouteDef[]).flatMap((route) =>
  LOCALES.flatMap((locale) => {
    const path = route.langFromQuery ? route.sample : localizedPath(locale, route.sample);
    return [path, path.replace(/[^/]+$/, 'another-token')];
  }),
);

const pageA = "default-src 'none'; script-src 'self' 'sha256-a'; style-src 'self' 'sha256-s'";
const pageB = "default-src 'none'; script-src 'self' 'sha256-b'; style-src 'self' 'sha256-s'";

describe('site-wide CSP', () => {
  it('unites the hashes of every page and adds frame-ancestors, which only a header may carry', () => {
    expect(mergePolicies([pageA, pageB])).toBe(
      "default-src 'none'; script-src 'self' 'sha256-a' 'sha256-b'; style-src 'self' 'sha256-s'; frame-ancestors 'none'",
    );
  });

  it('reads the policy from a page meta tag', () => {
    expect(
      metaPolicy(`<meta http-equiv="content-security-policy" content="script-src &#39;self&#39;">`),
    ).toBe("script-src 'self'");
    expect(metaPolicy('<meta charset="utf-8">')).toBeUndefined();
  });
});

describe('_headers', () => {
  const rules = headerRules(mergePolicies([pageA]));

  it('round-trips through its text form', () => {
    expect(parseHeadersFile(renderHeadersFile(rules))).toEqual(rules);
  });

  it('detaches, in every rule after the site-wide one, each header it sets', () => {
    const text = renderHeadersFile(rules);
    expect(text).toContain(
      '/_astro/*\n  ! Cache-Control\n  Cache-Control: public, max-age=31536000, immutable',
    );
    expect(text).toContain(
      '/login\n  ! Cross-Origin-Opener-Policy\n  Cross-Origin-Opener-Policy: same-origin-allow-popups',
    );
  });

  it('gives HTML the security headers, no-cache, and the CSP with no unsafe script sources', () => {
    const headers = headersForPath(rules, '/ar/session_unknown');
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['Content-Security-Policy']).not.toMatch(/unsafe-(inline|eval)/);
    expect(headers['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(headers['Cache-Control']).toBe('no-cache');
  });

  it('caches hashed assets and keeps token pages out of caches and Referers', () => {
    expect(headersForPath(rules, '/_astro/x.js')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const token = headersForPath(rules, '/fr/password/reset-valid');
    expect(token['Referrer-Policy']).toBe('no-referrer');
    expect(token['Cache-Control']).toBe('no-store');
    expect(headersForPath(rules, '/email/x/unlink')['Referrer-Policy']).toBe('no-referrer');
  });

  it('gives the same headers on Cloudflare and on Netlify, no header set twice', () => {
    const text = renderHeadersFile(rules);
    for (const path of [...ADDRESSES, '/_astro/x.js', '/ar/email/_/verify', '/no/such/page']) {
      const expected = headersForPath(rules, path);
      expect(cloudflareHeaders(text, path), path).toEqual(expected);
      expect(netlifyHeaders(text, path), path).toEqual(expected);
    }
  });

  it('stays within Cloudflare limits (100 rules, 2000 characters a line)', () => {
    const text = renderHeadersFile(headerRules(mergePolicies([pageA, pageB])));
    expect(parseHeadersFile(text).length).toBeLessThanOrEqual(100);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(2000);
  });
});

describe('nginx', () => {
  it('has a committed deploy/nginx.conf that matches the route table', () => {
    const committed = readFileSync(new URL('../../../deploy/nginx.conf', import.meta.url), 'utf8');
    expect(committed, 'run npm run write:hosting').toBe(renderNginxConf());
  });

  it('sets per-location headers in the config, not in the shared snippet', () => {
    const snippet = renderNginxHeaders(headerRules(pageA));
    expect(snippet).toContain('add_header Content-Security-Policy');
    expect(snippet).not.toContain('Cache-Control');
    expect(snippet).not.toContain('Referrer-Policy');
  });
});

describe('built HTML', () => {
  it('moves the island display rule from the body into the head', async () => {
    const { moveIslandStyle } = await import('../../../src/integrations/hosting.ts');
    const style = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
    expect(moveIslandStyle(`<head></head><body><div>${style}<p>x</p></div></body>`)).toBe(
      `<head>${style}</head><body><div><p>x</p></div></body>`,
    );
    const already = `<head>${style}</head><body></body>`;
    expect(moveIslandStyle(already)).toBe(already);
  });
});

describe('sign-in popups', () => {
  it('lets the login and sign-up pages keep their Apple and Google popups', () => {
    const rules = headerRules(mergePolicies([pageA]));
    expect(headersForPath(rules, '/login')['Cross-Origin-Opener-Policy']).toBe(
      'same-origin-allow-popups',
    );
    expect(headersForPath(rules, '/ar/signup/')['Cross-Origin-Opener-Policy']).toBe(
      'same-origin-allow-popups',
    );
    expect(headersForPath(rules, '/session_unknown')['Cross-Origin-Opener-Policy']).toBe(
      'same-origin',
    );
  });
});

describe("a policy longer than a _headers line (a production build's)", () => {
  const hashes = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `'sha256-${prefix}${String(i).padStart(42, '0')}='`);
  const long = [
    "default-src 'none'",
    "connect-src 'self' https://api.masar.example https://idp.masar.example",
    `script-src 'self' https://www.google.com/recaptcha/ ${hashes('s', 8).join(' ')}`,
    `style-src 'self' https://accounts.google.com/gsi/style ${hashes('t', 30).join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');

  it('keeps one policy when it fits, with no browser reporting (its reports carry the address)', () => {
    expect(headerPolicy(pageA)).toBe(pageA);
    expect(headerPolicy(long)).not.toMatch(/report-(uri|to)/);
  });

  it('becomes two whose intersection is the policy: styles on their own', () => {
    expect(`  Content-Security-Policy: ${long}`.length).toBeGreaterThan(2000);
    const [rest, styles] = headerPolicy(long).split(', ');
    expect(styles).toBe(long.split('; ')[3]);
    expect(rest).toContain("default-src 'none'");
    expect(rest).toContain(
      "style-src 'self' https://accounts.google.com/gsi/style 'unsafe-inline'; frame-ancestors",
    );
    expect(rest).toContain(hashes('s', 8).join(' '));
  });

  it('is written one line a policy, which both CDNs join again; a line too long fails the build', () => {
    const csp = headerPolicy(long);
    const rules = headerRules(csp);
    const text = renderHeadersFile(rules);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(2000);
    expect(text.match(/^ {2}Content-Security-Policy: /gm)).toHaveLength(2);
    expect(cloudflareHeaders(text, '/login')['Content-Security-Policy']).toBe(csp);
    expect(netlifyHeaders(text, '/login')['Content-Security-Policy']).toBe(csp);
    expect(headersForPath(rules, '/login')).not.toHaveProperty('Reporting-Endpoints');
    expect(() => renderHeadersFile(headerRules(long.repeat(2)))).toThrow(
      /Cloudflare ignores lines over 2000/,
    );
  });
});

describe('inline code a page would block', () => {
  const script = 'requestAnimationFrame(function(){$RT=performance.now()});';
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

  it('is none when every inline script and style has its hash in the page policy', () => {
    const html = `<style>p{}</style><script>${script}</script><script type="module" src="/a.js"></script><script type="application/json">{}</script>`;
    const styleHash = `'sha256-${createHash('sha256').update('p{}').digest('base64')}'`;
    expect(unhashedInline(html, `script-src 'self' ${hash}; style-src ${styleHash}`)).toEqual([]);
  });

  it("names a script the policy lacks (React's streamed reveal script, unhashed)", () => {
    expect(unhashedInline(`<script>${script}</script>`, "script-src 'self'")).toEqual([
      `<script> ${script}`,
    ]);
  });
});

describe('addresses that may carry a secret (security review L2, L4)', () => {
  const rules = headerRules(mergePolicies([pageA]));
  const text = renderHeadersFile(rules);
  /** What every host sends for `path`: the rule table as Cloudflare and Netlify read it. */
  const served = (path: string) => {
    const headers = headersForPath(rules, path);
    expect(cloudflareHeaders(text, path), path).toEqual(headers);
    expect(netlifyHeaders(text, path), path).toEqual(headers);
    return headers;
  };

  it('are never stored and send neither path nor query as a referrer, in every language', () => {
    const pages: [string, string][] = [
      // A recovery link's codes, phone number and e-mail; a bearer token in the hash.
      ['/', 'no-referrer'],
      ['/session_init', 'no-referrer'],
      ['/recovery', 'no-referrer'],
      ['/client-management/', 'no-referrer'],
      // The csrf, a phone number, id tokens: pages that post the sign-in to the identity service
      // send their origin alone, which the service may check.
      ['/login', 'strict-origin'],
      ['/login/one-click', 'strict-origin'],
      ['/signup/', 'strict-origin'],
    ];
    for (const locale of LOCALES) {
      for (const [page, referrer] of pages) {
        const path = localizedPath(locale, page);
        const headers = served(path);
        expect(headers['Cache-Control'], path).toBe('no-store');
        expect(headers['Referrer-Policy'], path).toBe(referrer);
      }
    }
  });

  it('token pages and unknown addresses too; a new route is secret unless the table says not', () => {
    for (const path of ['/ar/password/reset-valid', '/email/x/verify', '/no/such/page', '/x/y']) {
      expect(served(path)['Cache-Control'], path).toBe('no-store');
      expect(served(path)['Referrer-Policy'], path).toBe('no-referrer');
    }
  });

  it('pages with nothing to hide are revalidated; assets and images are kept', () => {
    for (const path of ['/session_unknown', '/ar/password_success', '/ckb/session_unknown.html']) {
      expect(served(path)['Cache-Control'], path).toBe('no-cache');
      expect(served(path)['Referrer-Policy'], path).toBe('strict-origin-when-cross-origin');
    }
    expect(served('/_astro/x.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(served('/favicon.svg')['Cache-Control']).toBe('no-cache');
    expect(served('/images/blocked-user.svg')['Cache-Control']).toBe('no-cache');
  });

  it('knows every file of public/ (any other would be refused to caches)', () => {
    const root = new URL('../../../public/', import.meta.url).pathname;
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${relative(root, join(entry.parentPath, entry.name))}`);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(
        STATIC_PATTERNS.some((pattern) => matchesPattern(pattern, file)),
        file,
      ).toBe(true);
    }
  });

  it('nginx sends the same headers as the rule table at those pages', () => {
    const conf = renderNginxConf();
    const block = (match: string) => {
      const start = conf.indexOf(`location ${match} {`);
      expect(start, match).toBeGreaterThan(-1);
      return conf.slice(start, conf.indexOf('}', start));
    };
    expect(block('~ ^/ar/login/?$')).toContain('add_header Cache-Control "no-store" always;');
    expect(block('~ ^/ar/login/?$')).toContain(
      'add_header Referrer-Policy "strict-origin" always;',
    );
    expect(block('~ ^/session_unknown/?$')).toContain(
      'add_header Cache-Control "no-cache" always;',
    );
    expect(block('/')).toContain('add_header Cache-Control "no-store" always;');
    expect(block('/')).toContain('add_header Referrer-Policy "no-referrer" always;');
    expect(block('/images/')).toContain('add_header Cache-Control "no-cache" always;');
  });
});
