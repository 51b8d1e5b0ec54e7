/**
 * The login's views after its first ones, in one module loaded when the browser is idle or when
 * the flow opens one of them (Login.tsx, `laterViews`): a view added to one of these files comes
 * with them. With them come the login's messages (the page's HTML has the first views' only,
 * ./first-keys.ts), and the server errors': one chunk a language
 * (src/integrations/catalog-chunks.ts).
 */
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';

export * from './ChallengeViews.tsx';
export * from './OutcomeViews.tsx';

const CATALOGS = import.meta.glob<Partial<Messages>>('../../../i18n/*/common.json', {
  query:
    '?catalog=common,error,fields,login,login_otp,otp,recaptcha,redirect,spring_security_error',
  import: 'default',
});

export function messages(locale: Locale): Promise<Partial<Messages>> {
  const load = CATALOGS[`../../../i18n/${locale}/common.json`];
  return load ? load() : Promise.reject(new Error(`No login messages for ${locale}`));
}
