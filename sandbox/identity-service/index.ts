/**
 * The identity service as a real OpenID Connect provider (oidc-provider): discovery, the code
 * flow with PKCE (S256 required), ID tokens with `sub`, `name`, `phone_number`, `amr` and `acr`,
 * RP-initiated logout, consent for a client that is not first-party. Its interaction page is the
 * front end's `/login` (interactions.ts); its clients are the demo app's two and this front end's
 * own pages (clients.ts). A Koa app: `handle` serves Node's raw request and response, mounted at
 * the issuer's path (`/_be/idp` in the one-origin sandbox, `/` on its own origin).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import {
  AUTHORIZE_PATH,
  LOGOUT_PATH,
  OIDC_USERINFO_PATH,
  TOKEN_PATH,
} from '../../src/contract/identity-service.ts';
import { splitFullName } from '../../src/lib/names.ts';
import {
  ACCESS_TOKEN_VALIDITY_S,
  INTERACTION_VALIDITY_S,
  SESSION_VALIDITY_MS,
  type Sandbox,
} from '../state.ts';
import { sandboxAdapter } from './adapter.ts';
import { clientName, CLIENT_IDS, identityClients, isFirstParty } from './clients.ts';
import { interactionRoutes, interactionUrl } from './interactions.ts';
import { errorPage, logoutPage, signedOutPage } from './pages.ts';

export { CLIENT_IDS };

export interface IdentityServiceOptions {
  sandbox: Sandbox;
  /** Where the service answers: `http://localhost:4321/_be/idp`, or its own origin. */
  issuer: string;
  /**
   * The front end's origin, where `/login` is. Unset in the one-origin sandbox: the service then
   * sends the browser to `/login` on the origin the request came to (relative redirects).
   */
  siteOrigin?: string | undefined;
  /** Every origin the front end's own pages may be served from (their exact redirect URIs). */
  siteOrigins: readonly string[];
  /** The demo app's origin (its clients' redirect URIs). */
  demoOrigin: string;
  /** Signs the service's cookies. */
  cookieSecret: string;
}

export interface IdentityService {
  readonly issuer: string;
  /** Serves one request on Node's raw request and response (the issuer's path included). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The account an access token issued to this front end's pages belongs to (valid, unexpired). */
  accountOfToken(token: string): Promise<string | undefined>;
  /** The account and the session (its uid) of an access token of this front end's pages. */
  sessionOfToken(token: string): Promise<{ sub: string; session: string } | undefined>;
}

const DAY_S = 24 * 60 * 60;

/** An EC P-256 signing key for the ID tokens, new each start. */
function signingKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

/**
 * The accounts: the sandbox's users and their claims; first-party clients and the apps the person
 * approved (connected apps) need no consent.
 */
function accountHooks(sandbox: Sandbox): Pick<Configuration, 'findAccount' | 'loadExistingGrant'> {
  const users = () => sandbox.state.users;
  return {
    findAccount: (_ctx, sub) => {
      const user = users().get(sub);
      if (!user) return undefined;
      const { firstName, lastName } = splitFullName(user.fullName);
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: user.fullName,
          given_name: firstName,
          family_name: lastName,
          ...(user.phone ? { phone_number: user.phone, phone_number_verified: true } : {}),
        }),
      };
    },
    loadExistingGrant: async (ctx) => {
      const { client, session, result } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !accountId) return undefined;
      const { Grant } = ctx.oidc.provider;
      const consented: unknown = result?.['consent']?.grantId;
      if (typeof consented === 'string') return Grant.find(consented);
      const approved =
        isFirstParty(client.clientId) || users().get(accountId)?.apps.includes(client.clientId);
      if (!approved) return undefined;
      const known = session.grantIdFor(client.clientId);
      const grant =
        (known ? await Grant.find(known) : undefined) ??
        new Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
      await grant.save();
      return grant;
    },
  };
}

export function createIdentityService(options: IdentityServiceOptions): IdentityService {
  const { sandbox, issuer } = options;
  const prefix = new URL(issuer).pathname.replace(/\/$/, '');

  const configuration: Configuration = {
    adapter: sandboxAdapter(sandbox),
    clients: identityClients(options),
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    jwks: { keys: [signingKey()] },
    cookies: { keys: [options.cookieSecret] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'phone'],
    claims: {
      // How the person signed in (`amr`) and the context asked for (`acr`) travel with `openid`.
      openid: ['sub', 'acr', 'amr', 'auth_time'],
      profile: ['name', 'given_name', 'family_name'],
      phone: ['phone_number', 'phone_number_verified'],
    },
    // The ID token carries the granted claims (name, phone_number), not only `sub`.
    conformIdTokenClaims: false,
    allowOmittingSingleRegisteredRedirectUri: false,
    routes: {
      authorization: AUTHORIZE_PATH,
      token: TOKEN_PATH,
      userinfo: OIDC_USERINFO_PATH,
      end_session: LOGOUT_PATH,
      jwks: '/jwks',
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_VALIDITY_S,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_VALIDITY_S,
      Interaction: INTERACTION_VALIDITY_S,
      Session: SESSION_VALIDITY_MS / 1000,
      Grant: 30 * DAY_S,
    },
    issueRefreshToken: () => false,
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = logoutPage(clientName(ctx.oidc.client?.clientId), form);
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    // Only the origins of a client's own redirect URIs may call the token endpoint from a page.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    interactions: {
      url: (ctx, interaction) => interactionUrl(ctx, interaction, { ...options, prefix }),
    },
    ...accountHooks(sandbox),
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error, out.error_description);
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, error) => {
    // The error's message only: never a request, a token or a form value.
    console.error(`identity service: ${error.message}`);
  });
  provider.use(interactionRoutes(provider, { ...options, prefix }));
  const callback = provider.callback();

  return {
    issuer,
    async handle(req, res) {
      if (prefix) {
        // Mounted under a path: the provider sees its own paths, and builds its addresses from
        // `originalUrl` (oidc-provider's way of mounting).
        const full = req.url ?? '/';
        const rest = full.slice(prefix.length);
        (req as IncomingMessage & { originalUrl?: string }).originalUrl = full;
        req.url = rest.startsWith('/') ? rest : `/${rest}`;
      }
      await callback(req, res);
    },
    async accountOfToken(token) {
      const found = await provider.AccessToken.find(token).catch(() => undefined);
      if (!found || found.isExpired || found.clientId !== CLIENT_IDS.account) return undefined;
      return found.accountId;
    },
    async sessionOfToken(token) {
      const found = await provider.AccessToken.find(token).catch(() => undefined);
      if (!found || found.isExpired || found.clientId !== CLIENT_IDS.account) return undefined;
      if (!found.accountId || !found.sessionUid) return undefined;
      return { sub: found.accountId, session: found.sessionUid };
    },
  };
}
