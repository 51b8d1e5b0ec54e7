/**
 * The sandbox's one way to listen: Hono's Node server, its idle connections kept open longer than
 * any client keeps one to reuse. Node closes an idle connection after 5 s; a client that sends
 * its next request on it at that moment gets "socket hang up" (ECONNRESET: a test's
 * `/_sandbox/outbox` call after a few seconds of axe), or "Network connection lost" (the
 * runtime's proxy of the production topology).
 */
import { serve } from '@hono/node-server';

export function listen(
  ...[options, listening]: Parameters<typeof serve>
): ReturnType<typeof serve> {
  const server = serve(options, listening);
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 120_000;
  return server;
}
