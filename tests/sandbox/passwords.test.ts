import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BREACHED_PASSWORDS } from '../../sandbox/personas.ts';
import { setup } from './helpers.ts';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();

describe('the breached-password range (identity API)', () => {
  it("lists the contract's Sandbox-Breached1 under its hash's prefix, upper or lower case", async () => {
    expect(BREACHED_PASSWORDS).toContain('Sandbox-Breached1');
    const { get, api } = setup();
    const hash = sha1('Sandbox-Breached1');
    for (const prefix of [hash.slice(0, 5), hash.slice(0, 5).toLowerCase()]) {
      const answer = await get(api(`/passwords/range/${prefix}`));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      const lines = String(answer.body).split('\r\n');
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${hash.slice(5)}:[1-9]\\d*$`)),
      );
      // Only passwords under that prefix, never a whole hash.
      for (const line of lines) expect(line).toMatch(/^[0-9A-F]{35}:\d+$/);
    }
  });

  it('does not list a password outside the corpus', async () => {
    const { get, api } = setup();
    const hash = sha1('Sandbox-Pass1');
    const answer = await get(api(`/passwords/range/${hash.slice(0, 5)}`));
    expect(answer.status).toBe(200);
    expect(String(answer.body)).not.toContain(hash.slice(5));
  });

  it('refuses a prefix that is not 5 hex characters', async () => {
    const { get, api } = setup();
    for (const prefix of ['5BAA', '5BAA61', 'XYZ12']) {
      expect((await get(api(`/passwords/range/${prefix}`))).status).toBe(400);
    }
  });
});
