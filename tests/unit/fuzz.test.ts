/**
 * Bad input, 1,000 generated cases each: the parsers of everything that arrives in an address
 * (acr_values, path tokens, language switch, rewrites, redaction) never throw and keep their
 * guarantees.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAcrValues, NO_INVOICE_ID } from '../../src/lib/acr-values.ts';
import { pathToken } from '../../src/lib/address.ts';
import { languageHref } from '../../src/lib/language-href.ts';
import { redactText, redactUrl } from '../../src/lib/redact.ts';
import { findRewrite } from '../../src/routing/rewrites.ts';

const RUNS = { numRuns: 1000 };
const hostile = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '%E0%A4%A',
    '%',
    '\u202Eevil',
    '٠١٢٣٤٥',
    '//evil.test',
    '/\\evil.test',
    '__proto__:x',
    'a'.repeat(5000),
  ),
);

describe('fuzzing the address parsers', () => {
  it('parseAcrValues never throws, keeps identifier keys, and always names an invoice', () => {
    fc.assert(
      fc.property(hostile, (raw) => {
        const acr = parseAcrValues(raw);
        for (const key of Object.keys(acr.pairs)) expect(key).toMatch(/^[A-Za-z_][\w-]*$/);
        expect(acr.invoiceId.length).toBeGreaterThan(0);
        expect(Object.getPrototypeOf(acr.pairs)).toBe(Object.prototype);
      }),
      RUNS,
    );
  });

  it('round-trips well-formed pairs', () => {
    const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,10}$/);
    const value = fc.stringMatching(/^[A-Za-z0-9.-]{1,20}$/);
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 6 }), (pairs) => {
        const raw = Object.entries(pairs)
          .map(([k, v]) => `${k}:${v}`)
          .join(' ');
        const parsed = parseAcrValues(raw);
        expect(parsed.pairs).toEqual(pairs);
        expect(parsed.invoiceId).toBe(pairs['invoice_id'] ?? NO_INVOICE_ID);
      }),
      RUNS,
    );
  });

  it('pathToken never throws on any path', () => {
    fc.assert(
      fc.property(hostile, fc.integer({ min: -3, max: 3 }), (path, index) => {
        const token = pathToken(`/password/${path}`, index);
        expect(token === undefined || typeof token === 'string').toBe(true);
      }),
      RUNS,
    );
  });

  it('every path finds a rule, and the language switch always stays on this site', () => {
    fc.assert(
      fc.property(
        hostile,
        hostile,
        fc.constantFrom('', '/ar', '/ur', '/fr', '/ckb'),
        fc.constantFrom(0, 3, 4),
        (path, search, prefix, cut) => {
          const pathname = `/${path.replace(/^\/+/, '')}`;
          expect(findRewrite(pathname, new URLSearchParams(search))).toBeDefined();
          const href = languageHref(prefix, cut, { pathname, search: `?${search}` });
          expect(href.startsWith('/')).toBe(true);
          expect(href.startsWith('//')).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('redaction never lets a secret query value or token through', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/).map((s) => `S3CR3T${s}`);
    fc.assert(
      fc.property(
        secret,
        fc.constantFrom('csrf', 'token', 'otp', 'password', 'access_token', 'fullMobileNumber'),
        fc.constantFrom('/login', '/password/', '/alerts/', '/email/'),
        (value, param, path) => {
          const url = path.endsWith('/')
            ? `${path}${value}?${param}=${value}`
            : `${path}?${param}=${value}#t=${value}`;
          expect(redactUrl(url)).not.toContain(value);
        },
      ),
      RUNS,
    );
  });

  it('redactText masks any e-mail address and any phone number', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.stringMatching(/^\+9715\d{8}$/), (email, phone) => {
        const out = redactText(`mail ${email} or call ${phone}`);
        expect(out).not.toContain(email);
        expect(out).not.toContain(phone);
      }),
      RUNS,
    );
  });
});
