/**
 * Cloudflare Pages function for the e-mail routes (`/email/{id}`, `/email/{id}/verify`,
 * `/email/{id}/unlink`), whose language comes from `?lang=`: Cloudflare's `_redirects` cannot
 * match a query, so this picks the pre-rendered page of that language (the same rewrite table as
 * every other host) and serves it under the link's own address, headers from `_headers` included.
 * Only these routes run it; every other address is served by Cloudflare's static layer.
 */
import { findRewrite } from '../../src/routing/rewrites.ts';

interface PagesContext {
  readonly request: Request;
  readonly env: { readonly ASSETS: { fetch(request: Request): Promise<Response> } };
  readonly next: () => Promise<Response>;
}

export async function onRequest({ request, env, next }: PagesContext): Promise<Response> {
  const url = new URL(request.url);
  const rule = findRewrite(url.pathname, url.searchParams);
  if (rule?.status !== 200) return next();
  return env.ASSETS.fetch(new Request(new URL(rule.to, url), request));
}
