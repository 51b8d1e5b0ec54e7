/**
 * The same page in another language: same route, token and query, with the other language's path
 * prefix, without the parameters that ask for a language (`ui_locales`, `lang`: the door,
 * src/routing/door.ts, would move back to theirs); the hash is never carried. `prefix` is the
 * other language's (`/ar`, '' for English), `cut` the length of this page's (4 on `/ckb/login`).
 * Imports nothing: it is first-load JS on every page, whose login and sign-up pages have a few
 * bytes left under their ceiling. (The e-mail routes carry the language in `?lang=` and need none.)
 */
export function languageHref(
  prefix: string,
  cut: number,
  here: Pick<Location, 'pathname' | 'search'>,
): string {
  return (
    prefix +
    here.pathname.slice(cut).replace(/^\/*/, '/') +
    here.search.replace(/[?&](?:ui_locales|lang)=[^&]*/g, '').replace(/^&/, '?')
  );
}
