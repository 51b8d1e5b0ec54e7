/**
 * The identity service's clients, each with exact redirect URIs: the demo app (`sandbox-web`,
 * first-party), its partner client standing for the one-click merchant and the business web app
 * (`sandbox-nologo`, not first-party: consent once, then a connected app), and this front end's
 * own pages (`account-web`: connected apps, the security page and the business invitation, in every language, on
 * every origin they are served from). All public clients: PKCE, no secret.
 */
import type { ClientMetadata } from 'oidc-provider';
import { ACCOUNT_CLIENT_ID } from '../../src/contract/identity-service.ts';
import { LOCALES, localizedPath } from '../../src/i18n/config.ts';
import { SHELL_TOKEN } from '../../src/routing/routes.ts';
import { CLIENTS } from '../personas.ts';

export const CLIENT_IDS = {
  demo: 'sandbox-web',
  partner: 'sandbox-nologo',
  account: ACCOUNT_CLIENT_ID,
} as const;

/** The demo app's paths (sandbox/demo-app.ts). */
export const DEMO_PATHS = {
  home: '/',
  signIn: '/signin',
  callback: '/callback',
  partnerSignIn: '/partner/signin',
  partnerCallback: '/partner/callback',
} as const;

/** The front end's pages that sign in through the identity service, and where each comes back. */
export const ACCOUNT_RETURN_PATHS = [
  '/client-management/',
  '/security/',
  `/invitation/${SHELL_TOKEN}`,
] as const;

const FIRST_PARTY = new Set<string>([CLIENT_IDS.demo, CLIENT_IDS.account]);

export const isFirstParty = (clientId: string) => FIRST_PARTY.has(clientId);

export function clientName(clientId: string | undefined): string | undefined {
  if (clientId === CLIENT_IDS.account) return 'Masar account';
  return CLIENTS.find((client) => client.clientId === clientId)?.clientName;
}

interface Origins {
  siteOrigin?: string | undefined;
  siteOrigins: readonly string[];
  demoOrigin: string;
}

/** Each page path in each language on each origin. */
function everywhere(origins: readonly string[], paths: readonly string[]): string[] {
  return origins.flatMap((origin) =>
    LOCALES.flatMap((locale) => paths.map((path) => `${origin}${localizedPath(locale, path)}`)),
  );
}

export function identityClients({ siteOrigins, demoOrigin }: Origins): ClientMetadata[] {
  return [
    {
      client_id: CLIENT_IDS.demo,
      client_name: clientName(CLIENT_IDS.demo),
      redirect_uris: [`${demoOrigin}${DEMO_PATHS.callback}`],
      post_logout_redirect_uris: [`${demoOrigin}${DEMO_PATHS.home}`],
    },
    {
      client_id: CLIENT_IDS.partner,
      client_name: clientName(CLIENT_IDS.partner),
      redirect_uris: [`${demoOrigin}${DEMO_PATHS.partnerCallback}`],
      post_logout_redirect_uris: [`${demoOrigin}${DEMO_PATHS.home}`],
    },
    {
      client_id: CLIENT_IDS.account,
      client_name: clientName(CLIENT_IDS.account),
      redirect_uris: everywhere(siteOrigins, ACCOUNT_RETURN_PATHS),
      post_logout_redirect_uris: everywhere(siteOrigins, ['/login']),
    },
  ];
}

/**
 * Where 'start again from the app' goes for each client (OpenID Connect's `initiate_login_uri`,
 * kept here: oidc-provider asks for https there).
 */
export function startAddress(clientId: string, { siteOrigin, demoOrigin }: Origins) {
  switch (clientId) {
    case CLIENT_IDS.demo:
      return `${demoOrigin}${DEMO_PATHS.signIn}`;
    case CLIENT_IDS.partner:
      return `${demoOrigin}${DEMO_PATHS.partnerSignIn}`;
    case CLIENT_IDS.account:
      return `${siteOrigin ?? ''}/client-management/`;
    default:
      return undefined;
  }
}
