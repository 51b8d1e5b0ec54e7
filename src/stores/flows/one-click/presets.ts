/**
 * What one-click checkout reads from its address (the checkout of `acr_values` and the client;
 * the csrf is taken out first, by src/lib/csrf.ts), what its login sends, and the login page's
 * address it hands a code step to.
 */
import type { OneClickLoginBody } from '../../../contract/identity-api.ts';
import { localizedPath, type Locale } from '../../../i18n/config.ts';
import { cleanClientId } from '../../../lib/address.ts';
import { parseCheckout, type Checkout } from '../../../lib/promo.ts';
import { ONE_CLICK_GUARD } from './state.ts';

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

/** Where the login page takes over: its code view for this number. */
export function loginOtpHref(
  locale: Locale,
  phone: string,
  extra: {
    clientId?: string | undefined;
    acrValues?: string | undefined;
    csrf?: string | undefined;
  },
): string {
  const query = new URLSearchParams({ view: 'otp', fullMobileNumber: phone });
  if (extra.clientId) query.set('clientId', extra.clientId);
  if (extra.acrValues) query.set('acr_values', extra.acrValues);
  // Only when session storage could not keep it: the login page takes it out of the address.
  if (extra.csrf) query.set('csrf', extra.csrf);
  return `${localizedPath(locale, '/login')}?${query.toString()}`;
}

export function oneClickLoginBody(
  phone: string,
  isRetry: boolean,
  checkout: Checkout,
): OneClickLoginBody {
  return {
    phone_number: phone,
    guard: ONE_CLICK_GUARD,
    is_retry: isRetry,
    external_params: { ...checkout.externalParams },
  };
}
