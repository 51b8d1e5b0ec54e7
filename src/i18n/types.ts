import type apps from '../../i18n/en/apps.json';
import type invitation from '../../i18n/en/invitation.json';
import type security from '../../i18n/en/security.json';
import type common from '../../i18n/en/common.json';
import type error from '../../i18n/en/error.json';
import type fields from '../../i18n/en/fields.json';
import type links from '../../i18n/en/links.json';
import type login from '../../i18n/en/login.json';
import type loginOtp from '../../i18n/en/login_otp.json';
import type meta from '../../i18n/en/meta.json';
import type oneClick from '../../i18n/en/one_click.json';
import type otp from '../../i18n/en/otp.json';
import type password from '../../i18n/en/password.json';
import type recaptcha from '../../i18n/en/recaptcha.json';
import type recovery from '../../i18n/en/recovery.json';
import type redirect from '../../i18n/en/redirect.json';
import type session from '../../i18n/en/session.json';
import type shell from '../../i18n/en/shell.json';
import type signup from '../../i18n/en/signup.json';
import type springSecurityError from '../../i18n/en/spring_security_error.json';

/** The shape of every locale's catalog: English is the source of truth. */
export interface Messages {
  common: typeof common;
  error: typeof error;
  fields: typeof fields;
  links: typeof links;
  login: typeof login;
  login_otp: typeof loginOtp;
  meta: typeof meta;
  one_click: typeof oneClick;
  otp: typeof otp;
  password: typeof password;
  recaptcha: typeof recaptcha;
  recovery: typeof recovery;
  redirect: typeof redirect;
  session: typeof session;
  shell: typeof shell;
  signup: typeof signup;
  spring_security_error: typeof springSecurityError;
  apps: typeof apps;
  invitation: typeof invitation;
  security: typeof security;
}
export type Namespace = keyof Messages;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];
type StripPlural<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** A message key, `namespace:dotted.path` (i18next style), plural suffixes folded. */
export type KeyOf<N extends Namespace> = `${N}:${StripPlural<Paths<Messages[N]>>}`;
export type I18nKey = { [N in Namespace]: KeyOf<N> }[Namespace];

type Branches<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? never : `${P}${K}` | Branches<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A branch of a catalog, `namespace:dotted.path` (`login:idpError`): every key under it. */
export type I18nBranch = { [N in Namespace]: `${N}:${Branches<Messages[N]>}` }[Namespace];

export type Params = Readonly<Record<string, string | number>>;

/**
 * Something to show: a catalog key; text a server wrote (always rendered as text), shown on English
 * pages only, and `fallback` on every other (a server writes English: it never enters another
 * language's sentence); or a key built from a server code (`dynamic`), shown as `fallback` when
 * the catalog lacks it.
 */
export type Text =
  | { key: I18nKey; params?: Params }
  | { text: string; fallback: I18nKey }
  | { dynamic: string; fallback: I18nKey };
