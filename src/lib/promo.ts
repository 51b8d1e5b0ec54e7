/**
 * The checkout a merchant sends to one-click: `acr_values` decoded into the
 * merchant, the invoice id and the promo (value, type '%' or a currency label with AED by
 * default, outcome CASHBACK or otherwise discount), and the promo amount formatted per language.
 */
import { numberFormat } from '../i18n/numbers.ts';
import { parseAcrValues, type AcrValues } from './acr-values.ts';
import { normalizeDigits } from './digits.ts';

/** The promo currency unit when the merchant names none. */
export const DEFAULT_PROMO_TYPE = 'AED';
export const PERCENT = '%';

export type PromoOutcome = 'CASHBACK' | 'DISCOUNT';

export interface Promo {
  value: number;
  /** '%' or a currency label (an ISO code such as AED, or the merchant's own label). */
  type: string;
  outcome: PromoOutcome;
}

export interface Checkout {
  merchant: string | undefined;
  /** The invoice id, or the 'no invoice id provided' marker. */
  invoiceId: string;
  promo: Promo | undefined;
  /** Every decoded pair, sent back as `external_params` of the one-click login. */
  externalParams: Readonly<Record<string, string>>;
}

const MAX_MERCHANT = 80;
const MAX_AMOUNT = 10_000_000;

function cleanText(value: string | undefined, max: number): string | undefined {
  // Control and bidi-override characters are dropped: a merchant name cannot reorder the page.
  const clean = (value ?? '')
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
  return clean === '' ? undefined : clean;
}

/** A positive amount such as `10`, `12.5`, `١٠` or `12,5`; undefined for anything else. */
export function parseAmount(value: string | undefined): number | undefined {
  const text = normalizeDigits(value ?? '')
    .trim()
    .replace(/[٫,]/, '.');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) return undefined;
  const amount = Number(text);
  return amount > 0 && amount <= MAX_AMOUNT ? amount : undefined;
}

export function parsePromoType(value: string | undefined): string {
  const type = cleanText(value, 12);
  if (!type) return DEFAULT_PROMO_TYPE;
  if (type === PERCENT) return PERCENT;
  return /^[a-z]{3}$/i.test(type) ? type.toUpperCase() : type;
}

/** The promo of the pairs; none when the value is missing or not a sensible amount. */
export function parsePromo(pairs: Readonly<Record<string, string>>): Promo | undefined {
  const value = parseAmount(pairs['promoValue']);
  if (value === undefined) return undefined;
  const type = parsePromoType(pairs['promoType']);
  if (type === PERCENT && value > 100) return undefined;
  const outcome: PromoOutcome =
    pairs['promoOutcome']?.trim().toUpperCase() === 'CASHBACK' ? 'CASHBACK' : 'DISCOUNT';
  return { value, type, outcome };
}

export function checkoutOf(acr: AcrValues): Checkout {
  return {
    merchant: cleanText(acr.pairs['merchant'], MAX_MERCHANT),
    invoiceId: acr.invoiceId,
    promo: parsePromo(acr.pairs),
    externalParams: acr.pairs,
  };
}

export function parseCheckout(raw: string | null | undefined): Checkout {
  return checkoutOf(parseAcrValues(raw));
}

/** A checkout's merchant and promo as a server gives them (numbers, not the address's text). */
export interface ServerCheckout {
  merchant?: string | undefined;
  promo?: { value: number; type: string; outcome: string } | undefined;
}

/**
 * The merchant and promo a server gives (the approval of a one-click push: security review, L7),
 * checked as the address's are: the same cleaning of the name, the same bounds on the promo.
 */
export function serverCheckout(
  given: ServerCheckout | undefined,
): Pick<Checkout, 'merchant' | 'promo'> {
  const promo = given?.promo;
  return {
    merchant: cleanText(given?.merchant, MAX_MERCHANT),
    promo:
      promo && Number.isFinite(promo.value)
        ? parsePromo({
            promoValue: String(promo.value),
            promoType: promo.type,
            promoOutcome: promo.outcome,
          })
        : undefined,
  };
}

/** The promo amount in the page's language, Latin digits: `10%`, `AED 30`, `‏30 د.إ.‏`, `25 points`. */
export function formatPromoAmount(promo: Promo, intlLocale: string): string {
  const fraction = Number.isInteger(promo.value) ? 0 : 2;
  if (promo.type === PERCENT) {
    return numberFormat(intlLocale, {
      style: 'percent',
      maximumFractionDigits: 2,
    }).format(promo.value / 100);
  }
  if (/^[A-Z]{3}$/.test(promo.type)) {
    try {
      return numberFormat(intlLocale, {
        style: 'currency',
        currency: promo.type,
        minimumFractionDigits: fraction,
        maximumFractionDigits: fraction,
      }).format(promo.value);
    } catch {
      // Not a currency Intl knows: shown as number and label below.
    }
  }
  const number = numberFormat(intlLocale, {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(promo.value);
  return `${number} ${promo.type}`;
}
