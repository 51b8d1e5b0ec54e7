/** Remote feature flags: the defaults, with the overrides of `PUT /_sandbox/flags`. */
import { Hono } from 'hono';
import { FLAGS_PATH, type FlagsResponse } from '../../src/contract/shell.ts';
import type { Sandbox } from '../state.ts';
import { flagsOf } from '../queries.ts';

export function flagsRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  app.get(FLAGS_PATH, (c) => {
    const answer: FlagsResponse = { flags: flagsOf(sandbox) };
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });
  return app;
}
