/**
 * Every route of the spec (section 2), with the shell that serves it. Pages, the rewrite rules
 * (CDN `_redirects`, nginx, the sandbox server), every host's headers (./headers.ts) and the
 * route x locale tests all derive from this one table, so a route added here is built, served and
 * tested everywhere. A page is taken to carry a secret in its address (never stored, no Referer)
 * unless it says `public`.
 */
import type { I18nKey } from '../i18n/types.ts';

export interface RouteDef {
  /**
   * The spec's path; `:name` is one path segment (a token or id). It is also where the page is
   * pre-rendered: `/login` as `login.html` and `/signup/` as `signup/index.html`, so every host
   * serves it at this exact path without a redirect; a token route at the `_` token
   * (`/password/_`, file `password/_.html`), which the hosts' rewrites serve for every token.
   */
  readonly pattern: string;
  /** A real path to try in tests. */
  readonly sample: string;
  readonly title: I18nKey;
  /** Language comes from `?lang=` instead of a path prefix (the e-mail routes). */
  readonly langFromQuery?: true;
  /** Token in the path: the page must send no Referer and keep the token out of reports. */
  readonly secretInPath?: true;
  /**
   * The page finishes a sign-in with a form post to the identity service: it sends its origin (and
   * never its path or query) as referrer, so that the post carries an `Origin` the service can
   * check, which a page that sends no referrer at all reduces to `null`.
   */
  readonly postsToIdentityService?: true;
  /**
   * Nothing in its address is secret: HTML that browsers may keep and revalidate, sending the
   * usual Referer. Every other page's address may carry a secret or personal data, in its path
   * (`secretInPath`) or its query or hash (a csrf, codes, a phone number, an e-mail, id tokens, a
   * bearer token): it is never stored and sends no Referer (security review, L2 and L4).
   */
  readonly public?: true;
}

export const ROUTES = {
  home: { pattern: '/', sample: '/', title: 'meta:title.home' },
  sessionInit: {
    pattern: '/session_init',
    sample: '/session_init',
    title: 'meta:title.sessionInit',
  },
  login: {
    pattern: '/login',
    sample: '/login',
    title: 'meta:title.login',
    postsToIdentityService: true,
  },
  oneClick: {
    pattern: '/login/one-click',
    sample: '/login/one-click',
    title: 'meta:title.oneClick',
    postsToIdentityService: true,
  },
  signup: {
    pattern: '/signup/',
    sample: '/signup/',
    title: 'meta:title.signup',
    postsToIdentityService: true,
  },
  recovery: {
    pattern: '/recovery',
    sample: '/recovery',
    title: 'meta:title.recovery',
  },
  invitation: {
    pattern: '/invitation/:token',
    sample: '/invitation/inv-valid',
    title: 'meta:title.invitation',
    secretInPath: true,
  },
  password: {
    pattern: '/password/:token',
    sample: '/password/reset-valid',
    title: 'meta:title.password',
    secretInPath: true,
  },
  passwordSuccess: {
    pattern: '/password_success',
    sample: '/password_success',
    title: 'meta:title.passwordSuccess',
    public: true,
  },
  sessionUnknown: {
    pattern: '/session_unknown',
    sample: '/session_unknown',
    title: 'meta:title.sessionUnknown',
    public: true,
  },
  profileConfirm: {
    pattern: '/profile/update/confirm/:token',
    sample: '/profile/update/confirm/profile-valid',
    title: 'meta:title.profileConfirm',
    secretInPath: true,
  },
  corporateInvitation: {
    pattern: '/corporate/invitation/:token',
    sample: '/corporate/invitation/corp-valid',
    title: 'meta:title.corporateInvitation',
    secretInPath: true,
  },
  corporateVerify: {
    pattern: '/corporate/verify/:token',
    sample: '/corporate/verify/corp-valid',
    title: 'meta:title.corporateVerify',
    secretInPath: true,
  },
  clientManagement: {
    pattern: '/client-management/',
    sample: '/client-management/',
    title: 'meta:title.clientManagement',
  },
  security: {
    pattern: '/security/',
    sample: '/security/',
    title: 'meta:title.security',
  },
  alert: {
    pattern: '/alerts/:alert',
    sample: '/alerts/alert-login',
    title: 'meta:title.alert',
    secretInPath: true,
  },
  signinApp: {
    pattern: '/signin/:id',
    sample: '/signin/abc',
    title: 'meta:title.signinApp',
    secretInPath: true,
  },
  emailVerify: {
    pattern: '/email/:id/verify',
    sample: '/email/ev-valid/verify',
    title: 'meta:title.emailVerify',
    langFromQuery: true,
    secretInPath: true,
  },
  emailUnlink: {
    pattern: '/email/:id/unlink',
    sample: '/email/ev-valid/unlink',
    title: 'meta:title.emailUnlink',
    langFromQuery: true,
    secretInPath: true,
  },
  emailExpired: {
    pattern: '/email/:id',
    sample: '/email/ev-valid',
    title: 'meta:title.emailExpired',
    langFromQuery: true,
    secretInPath: true,
  },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof ROUTES;

/** The token value the shells of token routes are pre-rendered at. */
export const SHELL_TOKEN = '_';

/** Where a route's page is pre-rendered: its pattern with every `:name` at the shell token. */
export function shellPath(route: RouteDef): string {
  return route.pattern.replace(/:[^/]+/g, SHELL_TOKEN);
}

/** The file that serves a page path: `/login` is `/login.html`, `/signup/` `/signup/index.html`. */
export function pageFile(path: string): string {
  return path.endsWith('/') ? `${path}index.html` : `${path}.html`;
}
export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/** Where the help-centre button points: by route, as the spec says (login, signup, session_init). */
export function helpTopic(route: RouteId): 'login' | 'signup' | 'session_init' | 'general' {
  switch (route) {
    case 'login':
    case 'oneClick':
      return 'login';
    case 'signup':
      return 'signup';
    case 'home':
    case 'sessionInit':
    case 'recovery':
    case 'password':
      return 'session_init';
    default:
      return 'general';
  }
}
