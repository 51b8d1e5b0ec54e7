/**
 * Language at the door (issue 33, item 2): the language a page of the route table opens in, and
 * the address to move to when it is not the one it was asked in. One decision, `doorMove`, made at
 * each host's edge before any page is sent: `doorAnswer` (a 302 with `Vary`) in the local server
 * (sandbox/static.ts, `npm start`), Cloudflare's function (functions/_middleware.ts) and Netlify's
 * edge function (netlify/edge-functions/door.ts); nginx's maps are generated from the same table
 * (src/routing/nginx-door.ts). docs/languages-door.md says what a person gets and why.
 *
 * In order: a `ui_locales` parameter (space-separated tags, the first the product speaks wins) or
 * `lang` opens that language; else, on an address without a language (`/login`, an e-mail route
 * without `?lang=`), the picker's remembered choice (the `lang` cookie), else `Accept-Language`
 * (quality values honoured; `ckb` and `ku-Arab` are Sorani, `ur-*` Urdu), else English. An
 * address with a language in its path (`/ar/login`) moves only for a parameter. The move keeps
 * the whole query (the parameter too, so that the address moved to decides the same: it never
 * moves again) and the hash.
 */
import { DEFAULT_LOCALE, LOCALES, splitLocale } from '../i18n/config.ts';
import { LANGUAGE_COOKIE } from '../lib/language-choice.ts';
import { matchesPattern } from './rewrites.ts';
import { ROUTES, type RouteDef } from './routes.ts';

export interface DoorConfig {
  readonly locales: readonly string[];
  readonly fallback: string;
  /** Tags (lower case) that stand for a language other than their primary subtag. */
  readonly aliases: Readonly<Record<string, string>>;
  readonly cookie: string;
}

export const DOOR_CONFIG: DoorConfig = {
  locales: LOCALES,
  fallback: DEFAULT_LOCALE,
  // Kurdish in Arabic script is Sorani; `ku` alone is most often Kurmanji, in Latin letters.
  aliases: { 'ku-arab': 'ckb' },
  cookie: LANGUAGE_COOKIE,
};

/** What the door reads of a request. */
export interface DoorRequest {
  /** The address's path as asked (`/login`, `/ar/password/x`, `/email/x/verify`). */
  readonly path: string;
  /** Its query, `?a=b` or ''. */
  readonly search: string;
  /** The page takes its language from `?lang=` (the e-mail routes), not from its path. */
  readonly langInQuery: boolean;
  /** The `Cookie` header. */
  readonly cookie: string;
  /** The `Accept-Language` header. */
  readonly accept: string;
}

/** The address (path and query) to move to, or '' when the page is already in its language. */
export function doorMove(request: DoorRequest, config: DoorConfig): string {
  const supported = (value: string | null | undefined): string =>
    value && config.locales.indexOf(value) >= 0 ? value : '';
  /** The language a tag stands for (`ar-EG` Arabic, `ku-Arab` Sorani), or ''. */
  const ofTag = (tag: string): string => {
    const lower = tag.trim().toLowerCase().replace(/_/g, '-');
    for (const alias in config.aliases) {
      if (lower === alias || lower.indexOf(alias + '-') === 0) return config.aliases[alias] ?? '';
    }
    return supported(lower.split('-')[0]);
  };
  const params = new URLSearchParams(request.search);
  let target = '';
  for (const tag of (params.get('ui_locales') ?? '').split(/\s+/)) target = target || ofTag(tag);
  target = target || supported(params.get('lang'));

  let current = config.fallback;
  let rest = request.path;
  if (request.langInQuery) {
    current = supported(params.get('lang')) || current;
  } else {
    const prefix = /^\/([a-z]+)(\/.*)?$/.exec(request.path);
    if (prefix?.[1] && prefix[1] !== config.fallback && supported(prefix[1])) {
      current = prefix[1];
      rest = prefix[2] ?? '/';
    }
  }
  if (!target) {
    // A language in the address is kept; only a parameter moves it.
    if (current !== config.fallback) return '';
    for (const cookie of request.cookie.split(';')) {
      const [name, value] = cookie.trim().split('=');
      if (name === config.cookie) target = target || supported(value);
    }
    // The highest quality wins, the first listed of equals; q=0 is "not this one".
    let best = 0;
    for (const entry of target ? [] : request.accept.split(',')) {
      const [tag = '', ...attributes] = entry.split(';');
      const q = attributes.find((attribute) => /^\s*q\s*=/i.test(attribute));
      const quality = q ? /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(q) : ['', '1'];
      const value = quality ? parseFloat(quality[1] ?? '') : 0;
      const language = ofTag(tag);
      if (language && value > best) {
        best = value;
        target = language;
      }
    }
    target = target || config.fallback;
  }
  if (target === current) return '';
  // On the e-mail routes `lang` is the page's language: one, in its place (hosts read the first).
  if (request.langInQuery) params.set('lang', target);
  const to = request.langInQuery
    ? `${request.path}?${params.toString()}`
    : `${target === config.fallback ? '' : `/${target}`}${rest}${request.search}`;
  // Never to another site (`//host`, `/\\host`), whatever the path it was asked with.
  return /^\/(?![/\\])/.test(to) ? to : '';
}

/** The pages the door stands at: every route of the table, in every language. */
export interface DoorPage {
  readonly langInQuery: boolean;
}

/** The door's page at a path, or undefined (assets, hosting files, unknown addresses). */
export function doorPage(pathname: string): DoorPage | undefined {
  const { locale, path } = splitLocale(pathname);
  const route = (Object.values(ROUTES) as RouteDef[]).find((r) => matchesPattern(r.pattern, path));
  if (!route) return undefined;
  const langInQuery = Boolean(route.langFromQuery);
  // The e-mail routes have no address with a language in the path.
  if (langInQuery && locale !== DEFAULT_LOCALE) return undefined;
  return { langInQuery };
}

/** What a host hands the door: the request's address and headers. */
export interface DoorHttpRequest {
  readonly url: URL;
  readonly cookie: string | null | undefined;
  readonly acceptLanguage: string | null | undefined;
}

export interface DoorAnswer {
  /** Where to move (path and query), or '' to serve the page. */
  readonly location: string;
  /** `Vary` to send with either answer: the headers the decision read. */
  readonly vary: readonly string[];
}

/** The headers the door reads on an address without a language. */
export const DOOR_VARY = ['Accept-Language', 'Cookie'] as const;

/** The door's answer to a request at a host, or undefined when no page of the door is there. */
export function doorAnswer(request: DoorHttpRequest): DoorAnswer | undefined {
  const page = doorPage(request.url.pathname);
  if (!page) return undefined;
  const location = doorMove(
    {
      path: request.url.pathname,
      search: request.url.search,
      langInQuery: page.langInQuery,
      cookie: request.cookie ?? '',
      accept: request.acceptLanguage ?? '',
    },
    DOOR_CONFIG,
  );
  // Only an address without a language in its path reads the headers.
  const prefixed = !page.langInQuery && splitLocale(request.url.pathname).locale !== DEFAULT_LOCALE;
  return { location, vary: prefixed ? [] : DOOR_VARY };
}

/** The headers of the door's 302: where, never stored, and the headers it read (if any). */
export function doorMoveHeaders(answer: DoorAnswer): Record<string, string> {
  return {
    Location: answer.location,
    'Cache-Control': 'no-store',
    ...(answer.vary.length > 0 ? { Vary: answer.vary.join(', ') } : {}),
  };
}

/**
 * The door at a host's edge (Cloudflare's function, Netlify's edge function): a 302 to the
 * language asked for, never stored, or the page from `next` with the `Vary` of the headers the
 * decision read. Only GET and HEAD are pages.
 */
export async function doorAtEdge(
  request: Request,
  next: () => Promise<Response>,
): Promise<Response> {
  const answer = ['GET', 'HEAD'].includes(request.method)
    ? doorAnswer({
        url: new URL(request.url),
        cookie: request.headers.get('Cookie'),
        acceptLanguage: request.headers.get('Accept-Language'),
      })
    : undefined;
  if (answer?.location) {
    return new Response(null, { status: 302, headers: doorMoveHeaders(answer) });
  }
  const response = await next();
  if (!answer?.vary.length) return response;
  const varied = new Response(response.body, response);
  for (const name of answer.vary) varied.headers.append('Vary', name);
  return varied;
}
