/**
 * The server errors' message files, one a language (the `spring_security_error` namespace):
 * loaded by ./error-messages.ts, with the page's first call or when the browser is idle, and with
 * them the list of where each language's file is.
 */
import type { Locale } from './config.ts';
import type { Messages } from './types.ts';

export type ErrorMessages = Messages['spring_security_error'];

const FILES = import.meta.glob<ErrorMessages>('../../i18n/*/spring_security_error.json', {
  import: 'default',
});

function file(locale: Locale): Promise<ErrorMessages> {
  const load = FILES[`../../i18n/${locale}/spring_security_error.json`];
  if (!load) return Promise.reject(new Error(`No error messages for ${locale}`));
  return load();
}

/** The messages of `locale`, English filling any gap. */
export async function errorMessages(locale: Locale): Promise<ErrorMessages> {
  const [english, local] = await Promise.all([file('en'), file(locale)]);
  return { ...english, ...local };
}
