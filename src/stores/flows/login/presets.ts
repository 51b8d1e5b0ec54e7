/**
 * What the login page reads from its address (`clientId`, `showEmail`, `showApple`, `showGoogle`,
 * `fullMobileNumber`, `view`, `acr_values`; the csrf is taken out first, by src/lib/csrf.ts), and
 * the sign-up address it hands on: the same client and buttons. What the login learnt (the number,
 * a code's proof, the e-mail, a social token) goes in session storage (src/lib/signup-handoff.ts).
 */
import { localizedPath, type Locale } from '../../../i18n/config.ts';
import { NO_INVOICE_ID, parseAcrValues } from '../../../lib/acr-values.ts';
import { cleanClientId } from '../../../lib/address.ts';
import { addressNumber } from '../../../lib/phone.ts';
import type { SignupHandoff } from '../../../lib/signup-handoff.ts';

/** Views a `view=` preset may open (the others need an answer from the server first). */
export const PRESET_VIEWS = [
  'phone_form',
  'email_form',
  'otp',
  'redirect_to_blocked_user',
  'dashboard_selection',
] as const;

export interface LoginPresets {
  clientId: string | undefined;
  showEmail: boolean;
  showApple: boolean;
  showGoogle: boolean;
  /** International digits. */
  fullMobileNumber: string | undefined;
  view: (typeof PRESET_VIEWS)[number] | undefined;
  invoiceId: string;
}

export const DEFAULT_PRESETS: LoginPresets = {
  clientId: undefined,
  showEmail: false,
  showApple: true,
  showGoogle: true,
  fullMobileNumber: undefined,
  view: undefined,
  invoiceId: NO_INVOICE_ID,
};

/** The presets from the query; a value that cannot be right counts as absent. */
export function parsePresets(query: URLSearchParams): LoginPresets {
  const view = query.get('view');
  const acr = query.get('acr_values');
  return {
    clientId: cleanClientId(query.get('clientId')),
    showEmail: query.get('showEmail') === 'true',
    showApple: query.get('showApple') !== 'false',
    showGoogle: query.get('showGoogle') !== 'false',
    fullMobileNumber: addressNumber(query.get('fullMobileNumber')),
    view: (PRESET_VIEWS as readonly string[]).includes(view ?? '')
      ? (view as LoginPresets['view'])
      : undefined,
    invoiceId: acr === null ? NO_INVOICE_ID : parseAcrValues(acr).invoiceId,
  };
}

/**
 * The sign-up address: the page's client and buttons, and the e-mail field when the hand-off
 * (`handoff`, kept in session storage, never in the address) has an e-mail.
 */
export function signupHref(locale: Locale, presets: LoginPresets, handoff: SignupHandoff): string {
  const query = new URLSearchParams();
  if (presets.clientId) query.set('clientId', presets.clientId);
  if (presets.showEmail || handoff.email) query.set('showEmail', 'true');
  if (!presets.showApple) query.set('showApple', 'false');
  if (!presets.showGoogle) query.set('showGoogle', 'false');
  const search = query.toString();
  return `${localizedPath(locale, '/signup/')}${search ? `?${search}` : ''}`;
}
