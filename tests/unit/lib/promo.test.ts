import { describe, expect, it } from 'vitest';
import { INTL_LOCALE } from '../../../src/i18n/config.ts';
import { NO_INVOICE_ID } from '../../../src/lib/acr-values.ts';
import {
  DEFAULT_PROMO_TYPE,
  formatPromoAmount,
  parseAmount,
  parseCheckout,
  parsePromo,
  parsePromoType,
  serverCheckout,
} from '../../../src/lib/promo.ts';

describe('checkout from acr_values', () => {
  it('decodes merchant, invoice id and a cashback promo', () => {
    const checkout = parseCheckout(
      'merchant:Blue%20Cafe invoice_id:INV-42 promoValue:10 promoType:% promoOutcome:CASHBACK',
    );
    expect(checkout).toEqual({
      merchant: 'Blue Cafe',
      invoiceId: 'INV-42',
      promo: { value: 10, type: '%', outcome: 'CASHBACK' },
      externalParams: {
        merchant: 'Blue Cafe',
        invoice_id: 'INV-42',
        promoValue: '10',
        promoType: '%',
        promoOutcome: 'CASHBACK',
      },
    });
  });

  it('defaults: no merchant, no invoice marker, no promo', () => {
    expect(parseCheckout(null)).toEqual({
      merchant: undefined,
      invoiceId: NO_INVOICE_ID,
      promo: undefined,
      externalParams: {},
    });
  });

  it('promo type defaults to AED; any outcome but CASHBACK is a discount', () => {
    expect(DEFAULT_PROMO_TYPE).toBe('AED');
    expect(parsePromo({ promoValue: '30' })).toEqual({
      value: 30,
      type: 'AED',
      outcome: 'DISCOUNT',
    });
    expect(parsePromo({ promoValue: '5', promoType: 'sar', promoOutcome: 'cashback' })).toEqual({
      value: 5,
      type: 'SAR',
      outcome: 'CASHBACK',
    });
    expect(parsePromo({ promoValue: '5', promoOutcome: 'FREE_DELIVERY' })?.outcome).toBe(
      'DISCOUNT',
    );
    expect(parsePromoType('  ')).toBe('AED');
    expect(parsePromoType('points')).toBe('points');
  });

  it('drops a promo without a sensible amount', () => {
    expect(parsePromo({})).toBeUndefined();
    for (const value of ['0', '-5', 'ten', '1e3', '12.345', '999999999', ''])
      expect(parseAmount(value)).toBeUndefined();
    expect(parsePromo({ promoValue: '150', promoType: '%' })).toBeUndefined();
    expect(parseAmount('١٢٫٥')).toBe(12.5);
    expect(parseAmount('12,5')).toBe(12.5);
  });

  it('cleans the merchant name: no controls or direction overrides, at most 80 characters', () => {
    expect(parseCheckout('merchant:%E2%80%AEevil%E2%80%AC%0Ashop').merchant).toBe('evil shop');
    expect(parseCheckout(`merchant:${'a'.repeat(200)}`).merchant).toHaveLength(80);
    expect(parseCheckout('merchant:%20%20').merchant).toBeUndefined();
  });
});

describe('promo amount per language', () => {
  const fmt = (locale: keyof typeof INTL_LOCALE, value: number, type: string) =>
    formatPromoAmount({ value, type, outcome: 'DISCOUNT' }, INTL_LOCALE[locale]);

  it('formats percentages', () => {
    expect(fmt('en', 10, '%')).toBe('10%');
    expect(fmt('fr', 12.5, '%')).toMatch(/^12,5\s?%$/);
    expect(fmt('ar', 10, '%')).toMatch(/^10\u200e?%/);
    expect(fmt('ckb', 10, '%')).toMatch(/10/); // Latin digits in every language (issue 19)
  });

  it('formats currencies with Latin digits and the language symbol', () => {
    expect(fmt('en', 30, 'AED')).toMatch(/^AED\s?30$/);
    expect(fmt('en', 12.5, 'AED')).toMatch(/^AED\s?12\.50$/);
    expect(fmt('ar', 30, 'AED')).toMatch(/30\s?د\.إ\./);
    expect(fmt('ckb', 30, 'AED')).toMatch(/30/);
    for (const locale of ['ar', 'ur', 'ckb'] as const) {
      expect(fmt(locale, 30, 'AED')).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    }
    expect(fmt('fr', 30, 'AED')).toMatch(/^30\s?AED$/);
  });

  it('keeps a label that is not a currency next to the number', () => {
    expect(fmt('en', 25, 'points')).toBe('25 points');
    expect(fmt('en', 25, 'XQZ')).toMatch(/25/);
  });
});

describe("checkout from the server's approval (L7)", () => {
  it('takes the merchant and promo the server gives', () => {
    expect(
      serverCheckout({
        merchant: 'Cafe Sandbox',
        promo: { value: 10, type: '%', outcome: 'CASHBACK' },
      }),
    ).toEqual({ merchant: 'Cafe Sandbox', promo: { value: 10, type: '%', outcome: 'CASHBACK' } });
    expect(
      serverCheckout({ merchant: 'Blue Shoes', promo: { value: 30, type: 'aed', outcome: 'x' } }),
    ).toEqual({ merchant: 'Blue Shoes', promo: { value: 30, type: 'AED', outcome: 'DISCOUNT' } });
  });

  it('shows nothing the server did not give', () => {
    expect(serverCheckout(undefined)).toEqual({ merchant: undefined, promo: undefined });
    expect(serverCheckout({})).toEqual({ merchant: undefined, promo: undefined });
  });

  it("checks the server's values as the address's: bidi controls, bounds, odd numbers", () => {
    expect(serverCheckout({ merchant: '\u202eknaB\u202c  Cafe' }).merchant).toBe('knaB Cafe');
    expect(serverCheckout({ merchant: 'x'.repeat(200) }).merchant).toHaveLength(80);
    for (const value of [0, -5, 150, Number.NaN, Number.POSITIVE_INFINITY, 1.234]) {
      expect(
        serverCheckout({ promo: { value, type: '%', outcome: 'CASHBACK' } }).promo,
      ).toBeUndefined();
    }
  });
});
