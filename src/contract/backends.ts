/**
 * The back ends the front end talks to, and where the sandbox serves each one on
 * the site's own origin. A production build replaces these prefixes with the real base URLs
 * (`PUBLIC_*` build variables, see README).
 */
export const SANDBOX_PREFIX = {
  identityApi: '/_be/identity-api',
  onboarder: '/_be/onboarder',
  identityGateway: '/_be/identity-gateway',
  identityService: '/_be/idp',
  businessApi: '/_be/business',
  analytics: '/_be/analytics',
  flags: '/_be/flags',
} as const;

export type Backend = keyof typeof SANDBOX_PREFIX;
