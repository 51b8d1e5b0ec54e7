/**
 * What one-click checkout's login sends, and the login page's address it hands a code step to.
 */
import type { Guard, OneClickLoginBody } from '../../../contract/identity-api.ts';
import { localizedPath, type Locale } from '../../../i18n/config.ts';
import type { Checkout } from '../../../lib/promo.ts';

/** The guard of the one-click login. */
export const ONE_CLICK_GUARD: Guard = { attempts: 3 };

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
