/** The hostile queries and well-formed presets the address-reader fuzz tests share. */
import fc from 'fast-check';
import { expect } from 'vitest';
export const RUNS = { numRuns: 1000 };

export const CLIENT_ID = /^[\w.-]{1,128}$/;
export const E164_DIGITS = /^[1-9]\d{7,14}$/;
export const OPAQUE = /^[\w.~-]{1,256}$/;
export const ID_TOKEN = /^[\w-]+\.[\w-]+\.[\w-]*$/;
export const CSRF = /^[\w-]{1,256}$/;
/** Control and bidi-override characters: nothing read from the address may reorder the page. */
export const UNSAFE_TEXT = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

// ---------------------------------------------------------------------------------------------
// Hostile queries

export const tricky = fc.constantFrom(
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '\u202Eevil',
  '\u202E971501234567',
  '٠١٢٣٤٥',
  '٩٧١٥٠١٢٣٤٥٦٧',
  '+٩٧١ ٥٠ ١٢٣ ٤٥٦٧',
  '00971501234567',
  '__proto__',
  'constructor',
  '',
  ' ',
  'true',
  'false',
  'TRUE',
  'not_defined',
  'otp',
  'email_form',
  'a.b.c',
  'invoice_id:INV-1 merchant:Shop promoValue:10 client_id:<x>',
  'promoValue:١٠٠ promoType:%25 __proto__:x constructor:y',
  'a'.repeat(5000),
  '9'.repeat(5000),
);
export const hostileValue = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  tricky,
);
export const POLLUTING_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
] as const;

/**
 * A query string over the reader's own keys (often repeated), keys that target prototypes, and
 * any other key: encoded by URLSearchParams, or raw as typed into the address bar.
 */
export function hostileSearch(known: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTING_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );
  const pairs = fc.array(fc.tuple(key, hostileValue), { maxLength: 10 });
  return fc.oneof(
    pairs.map((list) => new URLSearchParams(list).toString()),
    pairs.map((list) => `?${list.map(([name, value]) => `${name}=${value}`).join('&')}`),
  );
}

/** The same query with only the named keys, in the same order. */
export function onlyKeys(query: URLSearchParams, known: readonly string[]): URLSearchParams {
  return new URLSearchParams([...query].filter(([name]) => known.includes(name)));
}

export const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
export const PROTOTYPE_NAMES = prototypeNames();
export function expectNoPollution(): void {
  expect(prototypeNames()).toEqual(PROTOTYPE_NAMES);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(({} as Record<string, unknown>)['x']).toBeUndefined();
}
// ---------------------------------------------------------------------------------------------
// Well-formed values

export const clientIdArb = fc.stringMatching(/^[A-Za-z0-9_.-]{1,40}$/);
/** Valid mobiles of the preferred countries (AE, EG, PK, SA), international digits. */
export const mobileDigits = fc.oneof(
  fc.stringMatching(/^97150\d{7}$/),
  fc.stringMatching(/^2010\d{8}$/),
  fc.stringMatching(/^9230\d{8}$/),
  fc.stringMatching(/^96650\d{7}$/),
);
export const toScript = (digits: string, zero: number) =>
  digits.replace(/\d/g, (digit) => String.fromCharCode(zero + Number(digit)));
/** The ways a link may write a number: plain, with +, grouped, dashed, Eastern Arabic, Persian. */
export const PHONE_STYLES = [
  (digits: string) => digits,
  (digits: string) => `+${digits}`,
  (digits: string) => `+${digits.replace(/(\d{3})(?=\d)/g, '$1 ')}`,
  (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1-'),
  (digits: string) => `+${toScript(digits, 0x0660)}`,
  (digits: string) => toScript(digits, 0x06f0),
] as const;
export const writtenPhone = fc
  .tuple(mobileDigits, fc.integer({ min: 0, max: PHONE_STYLES.length - 1 }))
  .map(([digits, style]) => ({ digits, written: PHONE_STYLES[style]!(digits) }));

export function roundTrip(query: URLSearchParams): URLSearchParams {
  return new URLSearchParams(query.toString());
}
