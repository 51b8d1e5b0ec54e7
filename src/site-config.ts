/**
 * The product's fixed addresses: product name and site, help centre per topic, survey, stores,
 * business web app. Plain constants (no build variables), so Node scripts and tests can import
 * them; `src/config.ts` re-exports them with the build-time settings.
 */
export const PRODUCT = {
  name: 'Masar',
  site: 'https://www.masar.example',
  contactUrl: 'https://help.masar.example/contact',
  termsUrl: 'https://www.masar.example/terms',
  privacyUrl: 'https://www.masar.example/privacy',
} as const;

export const HELP_CENTRE = {
  login: 'https://help.masar.example/hc/login',
  signup: 'https://help.masar.example/hc/signup',
  session_init: 'https://help.masar.example/hc/account-recovery',
  general: 'https://help.masar.example/hc',
} as const;

/** The survey page that 'Close' opens for an invoice. */
export function surveyUrl(invoiceId: string): string {
  return `https://www.masar.example/survey?invoice_id=${encodeURIComponent(invoiceId)}`;
}

export const STORES = {
  android: 'https://play.google.com/store/apps/details?id=example.masar',
  ios: 'https://apps.apple.com/app/id0000000000',
} as const;

export const BUSINESS_WEB_APP_LOGIN = {
  production: 'https://business.masar.example/login?sso=force',
  qa: 'https://business.qa.masar.example/login?sso=force',
} as const;

/** The client id that opens the dashboard picker instead of the login form. */
export const DASHBOARD_CLIENT_ID = 'not_defined';

/** The app's own link scheme: the only deep links (approval `web_deeplink`) the site opens. */
export const APP_LINK_SCHEME = 'masar:';
