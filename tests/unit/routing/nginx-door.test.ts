import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/config.ts';
import { doorMove, doorPage, DOOR_CONFIG } from '../../../src/routing/door.ts';
import {
  acceptPattern,
  renderDoorMaps,
  uiLocalesPattern,
} from '../../../src/routing/nginx-door.ts';

/** What nginx's map gives: the first pattern, in order, that matches (`~*`: case-insensitive). */
function nginxMap(value: string, pattern: (locale: string) => string): string {
  return LOCALES.find((locale) => new RegExp(pattern(locale), 'i').test(value)) ?? '';
}

/** The language `doorMove` opens `/login` in for these request parts. */
function doorLanguage(search: string, accept = '', cookie = ''): string {
  const to = doorMove({ path: '/login', search, langInQuery: false, cookie, accept }, DOOR_CONFIG);
  return to === '' ? 'en' : (/^\/([a-z]+)\//.exec(to)?.[1] ?? '');
}

describe('nginx door maps: Accept-Language', () => {
  const cases = [
    'ar-EG,ar;q=0.9,en-US;q=0.8,en;q=0.7',
    'en-US,en;q=0.9,ar;q=0.8',
    'de-DE,de;q=0.9,ur;q=0.8,en;q=0.7',
    'ar;q=0, fr;q=0.1',
    'ar;q=0.000,ur;q=0.001',
    'ku-Arab-IQ, ckb;q=0.3',
    'ku, fr;q=0.5',
    'CKB-iq',
    'ur_PK',
    'de-CH',
    'de, *;q=0.5',
    '  fr-CA ;  q = 0.8 ',
    'arx, fr',
    'en-IN, ur-IN;q=0.9',
    '',
  ];

  it('opens the language doorMove opens for the headers browsers send', () => {
    for (const header of cases) {
      expect(nginxMap(header, acceptPattern) || 'en', header).toBe(doorLanguage('', header));
    }
  });

  it('agrees with doorMove on any list in descending quality', () => {
    const tags = [
      'en',
      'en-US',
      'ar',
      'ar-EG',
      'ur-PK',
      'fr',
      'ckb',
      'ku-Arab',
      'ku',
      'de',
      '*',
      'zh-Hant',
    ];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...tags), fc.integer({ min: 0, max: 1000 })), {
          maxLength: 6,
        }),
        (entries) => {
          const header = entries
            .sort((a, b) => b[1] - a[1])
            .map(([tag, q]) => (q === 1000 ? tag : `${tag};q=${(q / 1000).toFixed(3)}`))
            .join(',');
          // Equal qualities: doorMove takes the first listed, as the map does.
          expect(nginxMap(header, acceptPattern) || 'en', header).toBe(doorLanguage('', header));
        },
      ),
    );
  });
});

describe('nginx door maps: ui_locales', () => {
  it('opens the first tag spoken, as sent in the address', () => {
    const cases = [
      'de-DE%20ar-EG%20fr',
      'ur-PK+ar',
      'ckb-IQ',
      'ku-Arab',
      'ku_arab-IQ',
      'ku%20fr',
      'de',
      'AR',
      '%20%20fr-CA',
      'arx+ur',
      'en+ar',
      'de-%41T%20ar',
    ];
    for (const raw of cases) {
      // The parameter's language wins over any cookie; with none, the cookie's shows through.
      const [one, other] = ['fr', 'ar'].map((c) =>
        doorLanguage(`?ui_locales=${raw}`, '', `lang=${c}`),
      );
      expect(nginxMap(raw, uiLocalesPattern), raw).toBe(one === other ? one : '');
    }
  });
});

describe('nginx door maps: pages', () => {
  /** The page map's first regex that matches a path, as nginx reads it. */
  function pageOf(path: string): string {
    const lines = renderDoorMaps().split('\n');
    const start = lines.indexOf('map $uri $door_page {');
    for (const line of lines.slice(start + 2)) {
      if (line === '}') break;
      const [, regex, value] = /^ {2}"~(.*)" (\w+);$/.exec(line) ?? [];
      if (regex && new RegExp(regex).test(path)) return value ?? '';
    }
    return '';
  }

  it('stands at every page of the door, in its language, and nowhere else', () => {
    const paths = [
      '/',
      '/login',
      '/login/',
      '/signup/',
      '/signup',
      '/login/one-click',
      '/session_init',
      '/recovery',
      '/password/tok-1',
      '/ar',
      '/ar/',
      '/ar/login',
      '/ckb/signup/',
      '/fr/password/tok',
      '/email/x',
      '/email/x/verify',
      '/email/x/unlink/',
      '/ar/email/x/verify',
      '/_astro/a.js',
      '/favicon.svg',
      '/nope',
      '/ar/x',
      '/de/login',
    ];
    for (const path of paths) {
      const page = doorPage(path);
      const language = /^\/(ar|ur|fr|ckb)(?:\/|$)/.exec(path)?.[1] ?? 'en';
      const expected = page === undefined ? '' : page.langInQuery ? 'q' : language;
      expect(pageOf(path), path).toBe(expected);
    }
  });
});
