import { describe, expect, it } from 'vitest';
import {
  doorAnswer,
  doorAtEdge,
  doorMove,
  doorPage,
  DOOR_CONFIG,
  type DoorRequest,
} from '../../../src/routing/door.ts';

const ask = (path: string, more: Partial<DoorRequest> = {}): string => {
  const url = new URL(path, 'https://accounts.example');
  return doorMove(
    {
      path: url.pathname,
      search: url.search,
      langInQuery: url.pathname.startsWith('/email/'),
      cookie: '',
      accept: '',
      ...more,
    },
    DOOR_CONFIG,
  );
};

describe('doorMove: parameters', () => {
  it('opens the first supported tag of ui_locales, keeping the whole query', () => {
    expect(ask('/login?csrf=x&ui_locales=de-DE%20ar-EG%20fr&clientId=y')).toBe(
      '/ar/login?csrf=x&ui_locales=de-DE%20ar-EG%20fr&clientId=y',
    );
    expect(ask('/login?ui_locales=ur-PK+ar')).toBe('/ur/login?ui_locales=ur-PK+ar');
    expect(ask('/login?ui_locales=ckb-IQ')).toBe('/ckb/login?ui_locales=ckb-IQ');
    expect(ask('/login?ui_locales=ku-Arab')).toBe('/ckb/login?ui_locales=ku-Arab');
    expect(ask('/login?ui_locales=ku-arab-IQ')).toBe('/ckb/login?ui_locales=ku-arab-IQ');
    // Kurdish without a script is most often Kurmanji, which the product does not speak.
    expect(ask('/login?ui_locales=ku%20fr')).toBe('/fr/login?ui_locales=ku%20fr');
  });

  it('takes lang when ui_locales names nothing supported; ui_locales first', () => {
    expect(ask('/signup/?lang=fr')).toBe('/fr/signup/?lang=fr');
    expect(ask('/login?ui_locales=de&lang=ur')).toBe('/ur/login?ui_locales=de&lang=ur');
    expect(ask('/login?ui_locales=ar&lang=fr')).toBe('/ar/login?ui_locales=ar&lang=fr');
    expect(ask('/login?lang=de')).toBe('');
    expect(ask('/login?lang=ar-EG')).toBe('');
  });

  it('moves an address with a language only for a parameter, English included', () => {
    expect(ask('/ar/login?ui_locales=en')).toBe('/login?ui_locales=en');
    expect(ask('/ar/login?lang=fr')).toBe('/fr/login?lang=fr');
    expect(ask('/ar/login', { cookie: 'lang=fr', accept: 'ur' })).toBe('');
    expect(ask('/ckb/password/tok-1?ui_locales=ar')).toBe('/ar/password/tok-1?ui_locales=ar');
    expect(ask('/ar/', { accept: 'fr' })).toBe('');
    expect(ask('/ar/?lang=en')).toBe('/?lang=en');
    expect(ask('/?lang=ar')).toBe('/ar/?lang=ar');
  });

  it('never moves twice: the address it moves to decides to stay', () => {
    const cases: [string, Partial<DoorRequest>][] = [
      ['/login?ui_locales=ar', { cookie: 'lang=en', accept: 'fr' }],
      ['/ar/login?ui_locales=en', { cookie: 'lang=ar', accept: 'ar' }],
      ['/login', { cookie: 'lang=ckb' }],
      ['/login', { accept: 'ur-PK,en;q=0.5' }],
      ['/email/x/verify', { accept: 'ar' }],
      ['/email/x/verify?lang=de&a=1', { cookie: 'lang=fr' }],
      ['/email/x?ui_locales=ur&lang=en', {}],
      ['/login/one-click?lang=ckb', { accept: 'ar' }],
    ];
    for (const [path, more] of cases) {
      const to = ask(path, more);
      expect(to, path).not.toBe('');
      expect(ask(to, more), `${path} → ${to}`).toBe('');
    }
  });
});

describe('doorMove: an address without a language', () => {
  it('opens the remembered choice before Accept-Language', () => {
    expect(ask('/login', { cookie: 'a=1; lang=ar; b=2', accept: 'fr' })).toBe('/ar/login');
    expect(ask('/login', { cookie: 'lang=en', accept: 'ar' })).toBe('');
    expect(ask('/login', { cookie: 'xlang=ar', accept: 'fr' })).toBe('/fr/login');
    expect(ask('/login', { cookie: 'lang=de', accept: 'fr' })).toBe('/fr/login');
  });

  it('honours quality values, ties to the first listed, q=0 refused', () => {
    expect(ask('/login', { accept: 'fr;q=0.2, ar;q=0.8' })).toBe('/ar/login');
    expect(ask('/login', { accept: 'fr;q=0.5, ar;q=0.5' })).toBe('/fr/login');
    expect(ask('/login', { accept: 'ar;q=0, fr;q=0.1' })).toBe('/fr/login');
    expect(ask('/login', { accept: 'de-DE,de;q=0.9,ur;q=0.8,en;q=0.7' })).toBe('/ur/login');
    expect(ask('/login', { accept: 'en-US,en;q=0.9,ar;q=0.8' })).toBe('');
    expect(ask('/login', { accept: 'de, *;q=0.5' })).toBe('');
    expect(ask('/login', { accept: 'ar;q=0.805, fr;q=0.81' })).toBe('/fr/login');
    expect(ask('/login', { accept: 'ar;q=2, fr;q=0.3' })).toBe('/fr/login');
    expect(ask('/login', { accept: 'ckb;q=0.3, ku-Arab-IQ;q=0.9' })).toBe('/ckb/login');
    expect(ask('/login', { accept: 'en-IN, ur-IN;q=0.9' })).toBe('');
  });

  it('is English with nothing to go by', () => {
    expect(ask('/login')).toBe('');
    expect(ask('/login', { accept: 'de-CH' })).toBe('');
  });

  it('sets ?lang= on the e-mail routes, whose language is in the query', () => {
    expect(ask('/email/ev-1/verify', { accept: 'ar' })).toBe('/email/ev-1/verify?lang=ar');
    expect(ask('/email/ev-1?x=1', { cookie: 'lang=ckb' })).toBe('/email/ev-1?x=1&lang=ckb');
    expect(ask('/email/ev-1/unlink?lang=ur', { accept: 'ar' })).toBe('');
    expect(ask('/email/ev-1/unlink?lang=en', { cookie: 'lang=ar' })).toBe('');
    expect(ask('/email/ev-1?ui_locales=fr&lang=en&lang=ur')).toBe(
      '/email/ev-1?ui_locales=fr&lang=fr',
    );
  });
});

describe('doorPage and doorAnswer', () => {
  it('stands at every route of the table, in every language, and nowhere else', () => {
    for (const path of ['/login', '/ar/login', '/signup/', '/fr/signup/', '/login/one-click']) {
      expect(doorPage(path), path).toEqual({ langInQuery: false });
    }
    for (const path of ['/session_init', '/recovery', '/', '/ur/', '/ckb/password/t']) {
      expect(doorPage(path), path).toEqual({ langInQuery: false });
    }
    expect(doorPage('/email/x/verify')).toEqual({ langInQuery: true });
    for (const path of ['/_astro/a.js', '/favicon.svg', '/nope', '/ar/email/_/verify', '/ar/x']) {
      expect(doorPage(path), path).toBeUndefined();
    }
  });

  it('varies by the headers it read on an address without a language only', () => {
    const answer = (path: string, acceptLanguage = 'ar') =>
      doorAnswer({ url: new URL(path, 'https://a.example'), cookie: null, acceptLanguage });
    expect(answer('/login')).toEqual({
      location: '/ar/login',
      vary: ['Accept-Language', 'Cookie'],
    });
    expect(answer('/login', 'en')).toEqual({ location: '', vary: ['Accept-Language', 'Cookie'] });
    expect(answer('/ar/login?lang=en')).toEqual({ location: '/login?lang=en', vary: [] });
    expect(answer('/email/x')).toEqual({
      location: '/email/x?lang=ar',
      vary: ['Accept-Language', 'Cookie'],
    });
    expect(answer('/_astro/x.js')).toBeUndefined();
  });
});

describe('doorAtEdge', () => {
  const page = () =>
    Promise.resolve(new Response('<!DOCTYPE html>', { headers: { Vary: 'Accept-Encoding' } }));
  const at = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    doorAtEdge(new Request(new URL(path, 'https://a.example'), { method, headers }), page);

  it('moves with a 302 never stored, varying by what it read', async () => {
    const moved = await at('/login?x=1', { 'Accept-Language': 'ur-PK', Cookie: 'a=b' });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/ur/login?x=1');
    expect(moved.headers.get('cache-control')).toBe('no-store');
    expect(moved.headers.get('vary')).toBe('Accept-Language, Cookie');
    const prefixed = await at('/ar/login?ui_locales=fr');
    expect(prefixed.headers.get('location')).toBe('/fr/login?ui_locales=fr');
    expect(prefixed.headers.has('vary')).toBe(false);
  });

  it('serves the page with its Vary added; files and other methods untouched', async () => {
    const served = await at('/login', { 'Accept-Language': 'en' });
    expect(served.status).toBe(200);
    expect(served.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect((await at('/ar/login', { 'Accept-Language': 'fr' })).headers.get('vary')).toBe(
      'Accept-Encoding',
    );
    expect((await at('/_astro/a.js', { 'Accept-Language': 'ar' })).headers.get('vary')).toBe(
      'Accept-Encoding',
    );
    const posted = await at('/login', { 'Accept-Language': 'ar' }, 'POST');
    expect(posted.status).toBe(200);
    expect(posted.headers.get('vary')).toBe('Accept-Encoding');
  });
});
