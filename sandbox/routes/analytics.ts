/** Analytics: events are validated and kept for `GET /_sandbox/events`. */
import { Hono } from 'hono';
import { PUBLISH_EVENT_PATH, PublishEventBody } from '../../src/contract/shell.ts';
import { jsonBody } from '../errors.ts';
import type { Sandbox } from '../state.ts';

const MAX_EVENTS = 5000;

export function analyticsRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  app.post(PUBLISH_EVENT_PATH, async (c) => {
    const body = await jsonBody(c, PublishEventBody);
    const receivedAt = sandbox.iso();
    for (const event of body.events) {
      sandbox.state.events.push({ ...event, session: body.session, receivedAt });
    }
    const overflow = sandbox.state.events.length - MAX_EVENTS;
    if (overflow > 0) sandbox.state.events.splice(0, overflow);
    return c.body(null, 204);
  });
  return app;
}
