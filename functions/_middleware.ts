/**
 * Cloudflare Pages middleware: language at the door (src/routing/door.ts) at Cloudflare's edge,
 * before any page is sent: a page of the route table asked in another language than its address's
 * answers a 302 to it (the hash stays in the browser), and the pages whose language depends on
 * the request's headers say so with `Vary`. Assets never run it (`_routes.json`, by the build).
 */
import { doorAtEdge } from '../src/routing/door.ts';

interface PagesContext {
  readonly request: Request;
  readonly next: () => Promise<Response>;
}

export function onRequest({ request, next }: PagesContext): Promise<Response> {
  return doorAtEdge(request, next);
}
