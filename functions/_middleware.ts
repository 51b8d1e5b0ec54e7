/**
 * Cloudflare Pages middleware: language at the door (src/routing/door.ts) at Cloudflare's edge,
 * before any page is sent. A page of the route table asked in another language than the one it is
 * in answers a 302 to it (the hash stays in the browser); the pages whose language depends on the
 * request's headers say so with `Vary`. Assets never run it (`_routes.json`, written by the build).
 */
import { doorAnswer } from '../src/routing/door.ts';

interface PagesContext {
  readonly request: Request;
  readonly next: () => Promise<Response>;
}

export async function onRequest({ request, next }: PagesContext): Promise<Response> {
  const answer = ['GET', 'HEAD'].includes(request.method)
    ? doorAnswer({
        url: new URL(request.url),
        cookie: request.headers.get('Cookie'),
        acceptLanguage: request.headers.get('Accept-Language'),
      })
    : undefined;
  if (answer?.location) {
    return new Response(null, {
      status: 302,
      headers: {
        Location: answer.location,
        Vary: answer.vary.join(', '),
        'Cache-Control': 'no-store',
      },
    });
  }
  const response = await next();
  if (!answer?.vary.length) return response;
  const varied = new Response(response.body, response);
  for (const name of answer.vary) varied.headers.append('Vary', name);
  return varied;
}
