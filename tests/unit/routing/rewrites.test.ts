import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/config.ts';
import { languageHref } from '../../../src/lib/language-href.ts';
import { hasSecretInPath, headersFor } from '../../../src/routing/headers.ts';
import {
  findRewrite,
  matchesPattern,
  renderNetlifyToml,
  renderRedirectsFile,
  REWRITES,
} from '../../../src/routing/rewrites.ts';
import { ROUTES } from '../../../src/routing/routes.ts';

const q = (search = '') => new URLSearchParams(search);

describe('rewrites', () => {
  it('matches one segment per :param and the rest with *', () => {
    expect(matchesPattern('/password/:token', '/password/abc')).toBe(true);
    expect(matchesPattern('/password/:token', '/password/abc/')).toBe(true);
    expect(matchesPattern('/password/:token', '/password/')).toBe(false);
    expect(matchesPattern('/password/:token', '/password/a/b')).toBe(false);
    expect(matchesPattern('/ar/*', '/ar/anything/here')).toBe(true);
  });

  it('serves every token route from its shell, in every language', () => {
    expect(findRewrite('/password/reset-valid', q())).toMatchObject({
      to: '/password/_',
      status: 200,
    });
    expect(findRewrite('/ar/password/reset-valid', q())).toMatchObject({
      to: '/ar/password/_',
    });
    expect(findRewrite('/ckb/alerts/alert-login', q())).toMatchObject({
      to: '/ckb/alerts/_',
    });
    expect(findRewrite('/profile/update/confirm/x', q())).toMatchObject({
      to: '/profile/update/confirm/_',
    });
  });

  it('takes the language of the e-mail routes from ?lang=, English by default', () => {
    expect(findRewrite('/email/ev-valid/verify', q('lang=ar'))).toMatchObject({
      to: '/ar/email/_/verify',
    });
    expect(findRewrite('/email/ev-valid/verify', q('lang=de'))).toMatchObject({
      to: '/email/_/verify',
    });
    expect(findRewrite('/email/ev-valid/unlink', q())).toMatchObject({
      to: '/email/_/unlink',
    });
    expect(findRewrite('/email/ev-valid', q('lang=ckb'))).toMatchObject({
      to: '/ckb/email/_',
    });
  });

  it('answers any other path with the invalid-session page and 404', () => {
    expect(findRewrite('/nope', q())).toMatchObject({ to: '/404', status: 404 });
    expect(findRewrite('/ur/nope/deeper', q())).toMatchObject({ to: '/ur/404', status: 404 });
    expect(findRewrite('/corporate/invitation/a/b', q())).toMatchObject({ status: 404 });
  });

  it('renders _redirects with the rules both CDNs read: token paths onto their page paths', () => {
    const lines = renderRedirectsFile()
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(lines).toContain('/password/:token  /password/_  200');
    expect(lines).toContain('/ckb/alerts/:alert  /ckb/alerts/_  200');
    // Cloudflare accepts only `from to status` lines with a redirect or 200 status, and would
    // redirect a target ending in .html: the query and 404 rules live elsewhere.
    for (const line of lines) {
      expect(line.split(/\s+/), line).toHaveLength(3);
      expect(line, line).toMatch(/ 200$/);
      expect(line, line).not.toContain('.html');
    }
    expect(lines).toHaveLength(
      REWRITES.filter((rule) => !rule.byQuery && rule.status === 200).length,
    );
  });

  it('renders netlify.toml with the ?lang= rules before English and the 404s last', () => {
    const toml = renderNetlifyToml();
    const ar = toml.indexOf('query = { lang = "ar" }');
    const english = toml.indexOf('from = "/email/:id/verify"\nto = "/email/_/verify.html"');
    expect(ar).toBeGreaterThan(0);
    expect(english).toBeGreaterThan(ar);
    expect(toml).toContain('from = "/ckb/*"\nto = "/ckb/404.html"\nstatus = 404');
    expect(toml.trimEnd()).toMatch(/from = "\/\*"\nto = "\/404.html"\nstatus = 404$/);
    expect(toml).not.toContain('/password/');
  });

  it('has a committed netlify.toml that matches the route table', () => {
    const committed = readFileSync(new URL('../../../netlify.toml', import.meta.url), 'utf8');
    expect(committed, 'run npm run write:hosting').toBe(renderNetlifyToml());
  });
});

describe('headers', () => {
  it('sends no Referer from pages with a token in the path', () => {
    expect(hasSecretInPath('/password/abc')).toBe(true);
    expect(hasSecretInPath('/fr/invitation/abc')).toBe(true);
    expect(hasSecretInPath('/email/abc/verify')).toBe(true);
    expect(hasSecretInPath('/login')).toBe(false);
    expect(headersFor('/alerts/x')['Referrer-Policy']).toBe('no-referrer');
    // A csrf in its query: the origin alone (L2, src/routing/headers.ts REFERRER).
    expect(headersFor('/login')['Referrer-Policy']).toBe('strict-origin');
    expect(headersFor('/session_unknown')['Referrer-Policy']).toBe(
      'strict-origin-when-cross-origin',
    );
  });

  it('caches hashed assets for a year, public HTML never without revalidation, secrets never', () => {
    expect(headersFor('/_astro/client.abc.js')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(headersFor('/session_unknown')['Cache-Control']).toBe('no-cache');
    expect(headersFor('/login')['Cache-Control']).toBe('no-store');
    expect(headersFor('/login')['X-Frame-Options']).toBe('DENY');
  });
});

describe('language switch', () => {
  it('keeps route, token and query when changing the path prefix', () => {
    expect(languageHref('/ar', 0, { pathname: '/login', search: '?clientId=sandbox-web' })).toBe(
      '/ar/login?clientId=sandbox-web',
    );
    expect(languageHref('', 3, { pathname: '/ar/password/reset-valid', search: '' })).toBe(
      '/password/reset-valid',
    );
    expect(languageHref('/ur', 3, { pathname: '/fr/', search: '' })).toBe('/ur/');
    expect(languageHref('', 4, { pathname: '/ckb/', search: '' })).toBe('/');
    expect(languageHref('/ar', 0, { pathname: '/', search: '?a=1' })).toBe('/ar/?a=1');
  });

  it('drops the parameters that ask for a language, which would move the page back', () => {
    expect(
      languageHref('', 3, { pathname: '/ar/login', search: '?csrf=a&ui_locales=ar%20en&lang=ar' }),
    ).toBe('/login?csrf=a');
    expect(languageHref('/fr', 0, { pathname: '/login', search: '?ui_locales=en' })).toBe(
      '/fr/login',
    );
    expect(languageHref('/fr', 0, { pathname: '/login', search: '?lang=ar&a=1&xlang=2' })).toBe(
      '/fr/login?a=1&xlang=2',
    );
  });

  it('has a sample path for every route that the rewrites or the files serve', () => {
    for (const route of Object.values(ROUTES)) {
      for (const locale of LOCALES) {
        const prefixed = locale !== 'en' && !('langFromQuery' in route);
        const rewrite = findRewrite(
          prefixed ? `/${locale}${route.sample}` : route.sample,
          q(`lang=${locale}`),
        );
        if (route.pattern.includes(':')) expect(rewrite?.status, route.sample).toBe(200);
      }
    }
  });
});
