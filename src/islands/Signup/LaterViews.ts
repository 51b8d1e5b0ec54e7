/**
 * The sign-up's views after its form, in one module loaded when the browser is idle or when the
 * flow opens one of them (Signup.tsx, `laterViews`): a view added to one of these files comes
 * with them. With them come the sign-up's messages (the page's HTML has the form's only,
 * ./first-keys.ts), and the server errors': one chunk a language
 * (src/integrations/catalog-chunks.ts).
 */
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';

export * from './CorporateError.tsx';
export { BlockedNotice } from '../../ui/BlockedNotice.tsx';
export { IdpRedirect } from '../../ui/IdpRedirect.tsx';
export { OtpStep } from '../../ui/OtpStep.tsx';

// Of the login's catalog, the blocked page's messages and the social sign-in's.
const CATALOGS = import.meta.glob<Partial<Messages>>('../../../i18n/*/common.json', {
  query:
    '?catalog=common,error,fields,login.blocked,login.social,login_otp,otp,recaptcha,redirect,signup,spring_security_error',
  import: 'default',
});

export function messages(locale: Locale): Promise<Partial<Messages>> {
  const load = CATALOGS[`../../../i18n/${locale}/common.json`];
  return load ? load() : Promise.reject(new Error(`No sign-up messages for ${locale}`));
}
