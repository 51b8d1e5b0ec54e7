/**
 * `acr_values`: a space-separated list of `key:value` pairs, the login page's presets
 * (src/stores/flows/login/presets.ts). Values may themselves contain ':'; pairs without a key are ignored.
 */
export const NO_INVOICE_ID = 'no_invoice_id_provided';

export interface AcrValues {
  readonly pairs: Readonly<Record<string, string>>;
  /** The invoice id, or NO_INVOICE_ID. */
  readonly invoiceId: string;
}

const MAX_LENGTH = 2048;

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function parseAcrValues(raw: string | null | undefined): AcrValues {
  const pairs: Record<string, string> = {};
  for (const token of (raw ?? '').slice(0, MAX_LENGTH).split(/\s+/)) {
    const colon = token.indexOf(':');
    if (colon < 1) continue;
    const key = token.slice(0, colon);
    if (!/^[A-Za-z_][\w-]*$/.test(key) || Object.hasOwn(pairs, key)) continue;
    pairs[key] = decode(token.slice(colon + 1));
  }
  const invoice = pairs['invoice_id']?.trim();
  return { pairs, invoiceId: invoice ? invoice : NO_INVOICE_ID };
}

/** The `acr_values` of a query, or null when the query has none (then no 'Close' menu). */
export function queryAcrValues(query: URLSearchParams): AcrValues | null {
  const raw = query.get('acr_values');
  return raw === null ? null : parseAcrValues(raw);
}

export function hasInvoice(acr: AcrValues): boolean {
  return acr.invoiceId !== NO_INVOICE_ID;
}
