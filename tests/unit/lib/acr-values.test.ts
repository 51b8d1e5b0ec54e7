import { describe, expect, it } from 'vitest';
import { hasInvoice, NO_INVOICE_ID, parseAcrValues } from '../../../src/lib/acr-values.ts';

describe('parseAcrValues', () => {
  it('reads space-separated key:value pairs', () => {
    const acr = parseAcrValues('invoice_id:INV-42 merchant:Blue%20Cafe promoValue:10');
    expect(acr.pairs).toEqual({ invoice_id: 'INV-42', merchant: 'Blue Cafe', promoValue: '10' });
    expect(acr.invoiceId).toBe('INV-42');
    expect(hasInvoice(acr)).toBe(true);
  });

  it('defaults the invoice id to the no-invoice marker', () => {
    expect(parseAcrValues('merchant:Shop').invoiceId).toBe(NO_INVOICE_ID);
    expect(parseAcrValues('').invoiceId).toBe(NO_INVOICE_ID);
    expect(parseAcrValues(null).invoiceId).toBe(NO_INVOICE_ID);
    expect(parseAcrValues('invoice_id:').invoiceId).toBe(NO_INVOICE_ID);
    expect(hasInvoice(parseAcrValues(undefined))).toBe(false);
  });

  it('keeps colons inside values and ignores pairs without a key', () => {
    expect(parseAcrValues('url:https://x.test/a :lonely novalue').pairs).toEqual({
      url: 'https://x.test/a',
    });
  });

  it('keeps the first of repeated keys and survives broken percent-encoding', () => {
    expect(parseAcrValues('a:1 a:2 b:%E0%A4%A').pairs).toEqual({ a: '1', b: '%E0%A4%A' });
  });

  it('ignores keys that are not identifiers, including prototype tricks', () => {
    const acr = parseAcrValues('__proto__:x constructor:y <script>:z ok:1');
    expect(Object.getPrototypeOf(acr.pairs)).toBe(Object.prototype);
    expect(acr.pairs['ok']).toBe('1');
    expect(Object.keys(acr.pairs)).not.toContain('<script>');
  });
});
