/**
 * The error-reporting service of the production topology, standing in for Sentry's ingest: the
 * envelope endpoint the lazily loaded Sentry client posts errors (and the page's policy
 * violations) to (`/api/{project}/envelope/`, from the build's DSN). It takes the DSN's public
 * key as Sentry does (`sentry_key`); what arrives is kept as it arrived for `GET /_sandbox/reports`, so tests read exactly what left
 * the browser. A reset forgets it.
 */
import { Hono, type Context } from 'hono';
import type { ReportsResponse } from '../src/contract/sandbox-control.ts';
import type { Sandbox } from './state.ts';

/** The DSN parts of the topology's build (a Sentry public key is 32 hex digits). */
export const SENTRY_PUBLIC_KEY = '5a4db0c0ffee4e11a5a4db0c0ffee4e1';
export const SENTRY_PROJECT = '29';

/** What one Sentry envelope carries: its items' payloads that are events. */
export function envelopeEvents(envelope: string): Record<string, unknown>[] {
  const [, ...lines] = envelope.split('\n');
  const events: Record<string, unknown>[] = [];
  for (let index = 0; index + 1 < lines.length; index += 2) {
    try {
      const header = JSON.parse(lines[index] ?? '') as { type?: unknown };
      if (header.type !== 'event') continue;
      events.push(JSON.parse(lines[index + 1] ?? '') as Record<string, unknown>);
    } catch {
      // an item that is not JSON (an attachment): not an event
    }
  }
  return events;
}

const MAX_REPORTS = 500;

function keep<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > MAX_REPORTS) list.splice(0, list.length - MAX_REPORTS);
}

export function reportRoutes(sandbox: Sandbox, publicKey = SENTRY_PUBLIC_KEY): Hono {
  const app = new Hono();
  const reports = (): ReportsResponse => sandbox.state.reports;
  const refused = (c: Context) =>
    c.req.param('project') !== SENTRY_PROJECT || c.req.query('sentry_key') !== publicKey
      ? c.json({ detail: 'invalid project or key' }, 403)
      : undefined;

  app.post('/api/:project/envelope/', async (c) => {
    const refusal = refused(c);
    if (refusal) return refusal;
    const envelope = await c.req.text();
    keep(reports().errors, {
      receivedAt: sandbox.iso(),
      envelope,
      events: envelopeEvents(envelope),
    });
    return c.json({});
  });

  return app;
}
