import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/config.ts';
import { languageHref } from '../../../src/lib/language-href.ts';
import { hasSecretInPath, headersFor } from '../../../src/routing/headers.ts';
import {
  findRewrite,
  matchesPattern,
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
      to: '/password/_/index.html',
      status: 200,
    });
    expect(findRewrite('/ar/password/reset-valid', q())).toMatchObject({
      to: '/ar/password/_/index.html',
    });
    expect(findRewrite('/ckb/alerts/alert-login', q())).toMatchObject({
      to: '/ckb/alerts/_/index.html',
    });
    expect(findRewrite('/profile/update/confirm/x', q())).toMatchObject({
      to: '/profile/update/confirm/_/index.html',
    });
  });

  it('takes the language of the e-mail routes from ?lang=, English by default', () => {
    expect(findRewrite('/email/ev-valid/verify', q('lang=ar'))).toMatchObject({
      to: '/ar/email/_/verify/index.html',
    });
    expect(findRewrite('/email/ev-valid/verify', q('lang=de'))).toMatchObject({
      to: '/email/_/verify/index.html',
    });
    expect(findRewrite('/email/ev-valid/unlink', q())).toMatchObject({
      to: '/email/_/unlink/index.html',
    });
    expect(findRewrite('/email/ev-valid', q('lang=ckb'))).toMatchObject({
      to: '/ckb/email/_/index.html',
    });
  });

  it('answers any other path with the invalid-session page and 404', () => {
    expect(findRewrite('/nope', q())).toMatchObject({ to: '/404.html', status: 404 });
    expect(findRewrite('/ur/nope/deeper', q())).toMatchObject({
      to: '/ur/404/index.html',
      status: 404,
    });
    expect(findRewrite('/corporate/invitation/a/b', q())).toMatchObject({ status: 404 });
  });

  it('renders the _redirects file with a line per rule', () => {
    const text = renderRedirectsFile();
    expect(text.split('\n').filter((line) => line && !line.startsWith('#'))).toHaveLength(
      REWRITES.length,
    );
    expect(text).toContain('/email/:id/verify  lang=ar  /ar/email/_/verify/index.html  200');
    expect(text).toContain('/*  /404.html  404');
  });
});

describe('headers', () => {
  it('sends no Referer from pages with a token in the path', () => {
    expect(hasSecretInPath('/password/abc')).toBe(true);
    expect(hasSecretInPath('/fr/invitation/abc')).toBe(true);
    expect(hasSecretInPath('/email/abc/verify')).toBe(true);
    expect(hasSecretInPath('/login')).toBe(false);
    expect(headersFor('/alerts/x')['Referrer-Policy']).toBe('no-referrer');
    expect(headersFor('/login')['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  it('caches hashed assets for a year and HTML never without revalidation', () => {
    expect(headersFor('/_astro/client.abc.js')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(headersFor('/login')['Cache-Control']).toBe('no-cache');
    expect(headersFor('/login')['X-Frame-Options']).toBe('DENY');
  });
});

describe('language switch', () => {
  it('keeps route, token and query when changing the path prefix', () => {
    expect(languageHref('ar', { pathname: '/login', search: '?clientId=sandbox-web' })).toBe(
      '/ar/login?clientId=sandbox-web',
    );
    expect(languageHref('en', { pathname: '/ar/password/reset-valid', search: '' })).toBe(
      '/password/reset-valid',
    );
    expect(languageHref('ur', { pathname: '/fr/', search: '' })).toBe('/ur/');
  });

  it('falls back to English for an unknown target', () => {
    expect(languageHref('xx', { pathname: '/ar/login', search: '' })).toBe('/login');
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
