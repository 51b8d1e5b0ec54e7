/**
 * Netlify edge function: language at the door (src/routing/door.ts) at Netlify's edge, before any
 * page is sent: a page of the route table asked in another language than its address's answers a
 * 302 to it (the hash stays in the browser), and the pages whose language depends on the
 * request's headers say so with `Vary`. Declared in netlify.toml (generated: assets excluded).
 */
import { doorAtEdge } from '../../src/routing/door.ts';

interface EdgeContext {
  readonly next: () => Promise<Response>;
}

export default function door(request: Request, context: EdgeContext): Promise<Response> {
  return doorAtEdge(request, () => context.next());
}
