/**
 * The hand-off that finishes a sign-in: what analytics and error reporting hold is sent first,
 * then a form is posted to the identity service's `/login` with the token, the csrf (used once),
 * the robot check's answer and 'stay signed in'. The page then belongs to the identity service.
 * Without a csrf (the page was not opened by an app's authorize request, or Back after a sign-in
 * that spent it) nothing is posted: the login page says to start again from the app, whose
 * authorize request gives a new one.
 */
import { BACKEND_URL } from '../config.ts';
import { IDP_LOGIN_FIELDS, IDP_LOGIN_PATH } from '../contract/identity-service.ts';
import { splitLocale } from '../i18n/config.ts';
import { consumeCsrf } from '../lib/csrf.ts';
import { idpErrorPath } from '../lib/identity-service.ts';
import { readPersisted } from '../lib/persisted.ts';
import { flushBeforeLeaving } from './analytics.ts';

export interface HandOff {
  /** The token the login, onboarding or one-click proof call returned. */
  token: string;
  /** The robot check's answer ('' when none was asked). */
  recaptchaToken: string;
  remember: boolean;
}

/**
 * The documents whose hand-off has started. The token is spent by the first post that reaches
 * the identity service: a second post from the same page (a view mounted again, a second island
 * with a redirect, a late Continue) would answer 'token invalid, expired or already used', and
 * in Firefox it can replace the first one's page. Once per page, whatever asks again.
 */
const handedOff = new WeakSet<Document>();

/**
 * Flushes, then posts the identity service's form (a hidden form, as a browser navigation), once
 * per page: later calls return at once. Resolves true when this call handed off. With no csrf to
 * post, goes to the login page's 'start again from the app' instead.
 */
export async function handOff(fields: HandOff): Promise<boolean> {
  if (handedOff.has(document)) return false;
  handedOff.add(document);
  const csrf = consumeCsrf();
  await flushBeforeLeaving();
  if (!csrf) {
    const { locale } = splitLocale(location.pathname);
    location.assign(idpErrorPath(locale, 'session_expired', readPersisted('clientId')));
    return true;
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = `${BACKEND_URL.identityService}${IDP_LOGIN_PATH}`;
  form.hidden = true;
  const values: [name: string, value: string][] = [
    [IDP_LOGIN_FIELDS.token, fields.token],
    [IDP_LOGIN_FIELDS.csrf, csrf],
    [IDP_LOGIN_FIELDS.recaptcha, fields.recaptchaToken],
    [IDP_LOGIN_FIELDS.remember, fields.remember ? 'true' : 'false'],
  ];
  for (const [name, value] of values) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  return true;
}
