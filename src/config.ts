/**
 * The product's configuration, in one place: product name and addresses, back-end base URLs,
 * outbound destinations (help centre, survey, stores, dashboards, business web app).
 * Redirect targets come only from here, never from a query string.
 */
import { SANDBOX_PREFIX, type Backend } from './contract/backends.ts';

const env = import.meta.env;

/** A sandbox build talks to the same-origin sandbox; `PUBLIC_SANDBOX=false` makes a production build. */
export const SANDBOX = env.PUBLIC_SANDBOX !== 'false';

/** `production` or `qa`: picks the dashboard list and the business web app. */
export const APP_ENV: 'production' | 'qa' = env.PUBLIC_APP_ENV === 'qa' ? 'qa' : 'production';

export const CLIENT_VERSION = '0.1.0';

export const PRODUCT = {
  name: 'Masar',
  site: 'https://www.masar.example',
  contactUrl: 'https://help.masar.example/contact',
  termsUrl: 'https://www.masar.example/terms',
  privacyUrl: 'https://www.masar.example/privacy',
} as const;

export const BACKEND_URL: Record<Backend, string> = {
  identityApi: env.PUBLIC_IDENTITY_API_URL || SANDBOX_PREFIX.identityApi,
  onboarder: env.PUBLIC_ONBOARDER_URL || SANDBOX_PREFIX.onboarder,
  identityGateway: env.PUBLIC_IDENTITY_GATEWAY_URL || SANDBOX_PREFIX.identityGateway,
  identityService: env.PUBLIC_IDENTITY_SERVICE_URL || SANDBOX_PREFIX.identityService,
  businessApi: env.PUBLIC_BUSINESS_API_URL || SANDBOX_PREFIX.businessApi,
  analytics: env.PUBLIC_ANALYTICS_URL || SANDBOX_PREFIX.analytics,
  flags: env.PUBLIC_FLAGS_URL || SANDBOX_PREFIX.flags,
};

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

export const SENTRY_DSN = env.PUBLIC_SENTRY_DSN ?? '';
export const RECAPTCHA_SITE_KEY = env.PUBLIC_RECAPTCHA_SITE_KEY ?? '';
export const APPLE_CLIENT_ID = env.PUBLIC_APPLE_CLIENT_ID ?? '';
export const GOOGLE_CLIENT_ID = env.PUBLIC_GOOGLE_CLIENT_ID ?? '';

/**
 * The provider portals of the dashboard picker (spec section 2, 'Portal list'): shown on /login
 * when clientId is `not_defined`. Names and descriptions are translated (`login:dashboards.{id}`);
 * the addresses are never shown, only navigated to.
 */
export const DASHBOARDS = [
  {
    id: 'partner_platform',
    url: {
      prod: 'https://partners.masar.example/',
      qa: 'https://partners.qa.masar.example/',
    },
  },
  {
    id: 'masar_business',
    url: {
      prod: 'https://business.masar.example/',
      qa: 'https://business.qa.masar.example/',
    },
  },
  {
    id: 'supplier_portal',
    url: {
      prod: 'https://suppliers.masar.example/',
      qa: 'https://suppliers.qa.masar.example/',
    },
  },
  {
    id: 'supply_gate',
    url: {
      prod: 'https://supply.masar.example/',
      qa: 'https://supply.qa.masar.example/',
    },
  },
  {
    id: 'masar_web',
    url: {
      prod: 'https://app.masar.example/',
      qa: 'https://app.qa.masar.example/',
    },
  },
  {
    id: 'express_portal',
    url: {
      prod: 'https://express.masar.example/',
      qa: 'https://express.qa.masar.example/',
    },
  },
] as const;
export type DashboardId = (typeof DASHBOARDS)[number]['id'];

/** The client id that opens the dashboard picker instead of the login form. */
export const DASHBOARD_CLIENT_ID = 'not_defined';

/** The app's own link scheme: the only deep links (approval `web_deeplink`) the site opens. */
export const APP_LINK_SCHEME = 'masar:';
