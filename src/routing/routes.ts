/**
 * Every route of the spec (section 2), with the shell that serves it. Pages, the rewrite rules
 * (CDN `_redirects`, nginx, the sandbox server) and the route x locale tests all derive from
 * this one table, so a route added here is built, served and tested everywhere.
 */
import type { I18nKey } from '../i18n/types.ts';

export interface RouteDef {
  /** The spec's path; `:name` is one path segment (a token or id). */
  readonly pattern: string;
  /** The pre-rendered file, relative to a locale root, that serves every path of the pattern. */
  readonly shell: string;
  /** A real path to try in tests. */
  readonly sample: string;
  readonly title: I18nKey;
  /** Language comes from `?lang=` instead of a path prefix (the e-mail routes). */
  readonly langFromQuery?: true;
  /** Token in the path: the page must send no Referer and keep the token out of reports. */
  readonly secretInPath?: true;
}

export const ROUTES = {
  home: { pattern: '/', shell: '/', sample: '/', title: 'meta:title.home' },
  sessionInit: {
    pattern: '/session_init',
    shell: '/session_init/',
    sample: '/session_init',
    title: 'meta:title.sessionInit',
  },
  login: { pattern: '/login', shell: '/login/', sample: '/login', title: 'meta:title.login' },
  oneClick: {
    pattern: '/login/one-click',
    shell: '/login/one-click/',
    sample: '/login/one-click',
    title: 'meta:title.oneClick',
  },
  signup: {
    pattern: '/signup/',
    shell: '/signup/',
    sample: '/signup/',
    title: 'meta:title.signup',
  },
  recovery: {
    pattern: '/recovery',
    shell: '/recovery/',
    sample: '/recovery',
    title: 'meta:title.recovery',
  },
  invitation: {
    pattern: '/invitation/:token',
    shell: '/invitation/_/',
    sample: '/invitation/inv-valid',
    title: 'meta:title.invitation',
    secretInPath: true,
  },
  password: {
    pattern: '/password/:token',
    shell: '/password/_/',
    sample: '/password/reset-valid',
    title: 'meta:title.password',
    secretInPath: true,
  },
  passwordSuccess: {
    pattern: '/password_success',
    shell: '/password_success/',
    sample: '/password_success',
    title: 'meta:title.passwordSuccess',
  },
  sessionUnknown: {
    pattern: '/session_unknown',
    shell: '/session_unknown/',
    sample: '/session_unknown',
    title: 'meta:title.sessionUnknown',
  },
  profileConfirm: {
    pattern: '/profile/update/confirm/:token',
    shell: '/profile/update/confirm/_/',
    sample: '/profile/update/confirm/profile-valid',
    title: 'meta:title.profileConfirm',
    secretInPath: true,
  },
  corporateInvitation: {
    pattern: '/corporate/invitation/:token',
    shell: '/corporate/invitation/_/',
    sample: '/corporate/invitation/corp-valid',
    title: 'meta:title.corporateInvitation',
    secretInPath: true,
  },
  corporateVerify: {
    pattern: '/corporate/verify/:token',
    shell: '/corporate/verify/_/',
    sample: '/corporate/verify/corp-valid',
    title: 'meta:title.corporateVerify',
    secretInPath: true,
  },
  clientManagement: {
    pattern: '/client-management/',
    shell: '/client-management/',
    sample: '/client-management/',
    title: 'meta:title.clientManagement',
  },
  alert: {
    pattern: '/alerts/:alert',
    shell: '/alerts/_/',
    sample: '/alerts/alert-login',
    title: 'meta:title.alert',
    secretInPath: true,
  },
  signinApp: {
    pattern: '/signin/:id',
    shell: '/signin/_/',
    sample: '/signin/abc',
    title: 'meta:title.signinApp',
    secretInPath: true,
  },
  emailVerify: {
    pattern: '/email/:id/verify',
    shell: '/email/_/verify/',
    sample: '/email/ev-valid/verify',
    title: 'meta:title.emailVerify',
    langFromQuery: true,
    secretInPath: true,
  },
  emailUnlink: {
    pattern: '/email/:id/unlink',
    shell: '/email/_/unlink/',
    sample: '/email/ev-valid/unlink',
    title: 'meta:title.emailUnlink',
    langFromQuery: true,
    secretInPath: true,
  },
  emailExpired: {
    pattern: '/email/:id',
    shell: '/email/_/',
    sample: '/email/ev-valid',
    title: 'meta:title.emailExpired',
    langFromQuery: true,
    secretInPath: true,
  },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof ROUTES;
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
