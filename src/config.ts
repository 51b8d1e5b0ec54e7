/**
 * The product's configuration, in one place: product name and addresses, back-end base URLs,
 * outbound destinations (help centre, survey, stores, dashboards, business web app).
 * Redirect targets come only from here, never from a query string.
 */
import { SANDBOX_PREFIX, type Backend } from './contract/backends.ts';

export * from './site-config.ts';

// Each setting reads `import.meta.env.X` directly, so the build replaces it with a constant and
// drops the code a setting turns off (the sandbox code in a production build).

/** A sandbox build talks to the same-origin sandbox; `PUBLIC_SANDBOX=false` makes a production build. */
export const SANDBOX = import.meta.env.PUBLIC_SANDBOX !== 'false';

/** `production` or `qa`: picks the dashboard list and the business web app. */
export const APP_ENV: 'production' | 'qa' =
  import.meta.env.PUBLIC_APP_ENV === 'qa' ? 'qa' : 'production';

export const CLIENT_VERSION = '0.1.0';

export const BACKEND_URL: Record<Backend, string> = {
  identityApi: import.meta.env.PUBLIC_IDENTITY_API_URL || SANDBOX_PREFIX.identityApi,
  onboarder: import.meta.env.PUBLIC_ONBOARDER_URL || SANDBOX_PREFIX.onboarder,
  identityGateway: import.meta.env.PUBLIC_IDENTITY_GATEWAY_URL || SANDBOX_PREFIX.identityGateway,
  identityService: import.meta.env.PUBLIC_IDENTITY_SERVICE_URL || SANDBOX_PREFIX.identityService,
  businessApi: import.meta.env.PUBLIC_BUSINESS_API_URL || SANDBOX_PREFIX.businessApi,
  analytics: import.meta.env.PUBLIC_ANALYTICS_URL || SANDBOX_PREFIX.analytics,
  flags: import.meta.env.PUBLIC_FLAGS_URL || SANDBOX_PREFIX.flags,
};

export const SENTRY_DSN = import.meta.env.PUBLIC_SENTRY_DSN ?? '';
export const RECAPTCHA_SITE_KEY = import.meta.env.PUBLIC_RECAPTCHA_SITE_KEY ?? '';
export const APPLE_CLIENT_ID = import.meta.env.PUBLIC_APPLE_CLIENT_ID ?? '';
export const GOOGLE_CLIENT_ID = import.meta.env.PUBLIC_GOOGLE_CLIENT_ID ?? '';
