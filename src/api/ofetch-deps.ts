/**
 * What ofetch (./client.ts) imports from destr and ufo, in its place in the site's build
 * (astro.config.mjs, `slimDeps`): about 1.6 KB gzip less on every page that calls a back
 * end. Unit tests (Node) run ofetch with the real libraries.
 * - destr, ofetch's default JSON parser, is never called: client.ts reads every body as text and
 *   parses it strictly. Here it is strict JSON too.
 * - ufo's `withBase` and `withQuery`, for what client.ts and ofetch give them: a path (starting
 *   with `/`, without a query) or a URL already under a back end's base URL (a retry), and a flat
 *   query of strings.
 *   tests/unit/api/ofetch-deps.test.ts checks both against ufo on such input.
 * An ofetch that imports anything else from them fails the build (a missing export).
 */

export default function destr(text: string): unknown {
  return JSON.parse(text);
}

/** ufo's `withBase`: a URL already under the base (ofetch's retries pass it again) is kept. */
export function withBase(input: string, base: string): string {
  if (!base || base === '/' || /^[\s\w\0+.-]{2,}:/.test(input)) return input;
  const root = base.endsWith('/') ? base.slice(0, -1) : base;
  if (input.startsWith(root) && /^(?:[/?]|$)/.test(input.slice(root.length))) return input;
  return !input || input === '/' ? root : `${root}/${input.replace(/^\.?\//, '')}`;
}

export function withQuery(input: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, value);
  }
  const search = params.toString();
  return search ? `${input}?${search}` : input;
}
