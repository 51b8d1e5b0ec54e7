/**
 * Identity API: the breached-password range (`GET /passwords/range/{prefix}`), Have I Been Pwned's
 * range API over a small corpus (personas.ts, BREACHED_PASSWORDS): every breached password whose
 * SHA-1 starts with the 5-character prefix, as `SUFFIX:COUNT` lines. The corpus is fixed, so the
 * answer is too; `POST /_sandbox/faults` makes it slow or down.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { PASSWORD_RANGE_PATH } from '../../src/contract/identity-api.ts';
import { fail } from '../errors.ts';
import { honoPath, param } from '../http.ts';
import { BREACHED_PASSWORDS } from '../personas.ts';

const HASHES = BREACHED_PASSWORDS.map((password, index) => ({
  hash: createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase(),
  // How many times each was seen: any positive number, as the real service counts.
  count: 1000 * (index + 1) + 7,
}));

/** The lines for a prefix (upper or lower case), or undefined when it is not 5 hex characters. */
export function rangeOf(prefix: string): string | undefined {
  if (!/^[0-9a-f]{5}$/i.test(prefix)) return undefined;
  const upper = prefix.toUpperCase();
  return HASHES.filter(({ hash }) => hash.startsWith(upper))
    .map(({ hash, count }) => `${hash.slice(5)}:${count}`)
    .join('\r\n');
}

export function passwordRoutes(): Hono {
  const app = new Hono();
  app.get(honoPath(PASSWORD_RANGE_PATH), (c) => {
    const lines = rangeOf(param(c, 'prefix'));
    if (lines === undefined) {
      fail(400, { error: 'invalid_request', error_description: 'The prefix is 5 hex characters' });
    }
    return c.text(lines);
  });
  return app;
}
