/**
 * What one-click checkout reads from its address: the checkout of `acr_values` and the client
 * (the csrf is taken out first, by src/lib/csrf.ts).
 */
import { cleanClientId } from '../../../lib/address.ts';
import { parseCheckout, type Checkout } from '../../../lib/promo.ts';

export interface OneClickInit {
  checkout: Checkout;
  /** The raw acr_values, handed on to the login page. */
  acrValues?: string | undefined;
  clientId?: string | undefined;
  /** Set only when session storage could not keep the csrf (src/lib/csrf.ts). */
  csrfForAddress?: string | undefined;
}

/**
 * The checkout of acr_values, and the client the shopper signs in to: the address's, the
 * acr_values' client_id, or `persistedClientId` (this tab's last one).
 */
export function readOneClickPresets(
  query: URLSearchParams,
  persistedClientId: string | undefined,
): Required<Pick<OneClickInit, 'checkout' | 'acrValues' | 'clientId'>> {
  const acrValues = query.get('acr_values') ?? undefined;
  const checkout = parseCheckout(acrValues);
  const clientId =
    cleanClientId(query.get('clientId')) ??
    cleanClientId(checkout.externalParams['client_id']) ??
    cleanClientId(persistedClientId);
  return { checkout, acrValues, clientId };
}
