/**
 * The csrf of the identity service, from the page that receives it to the form that finishes the
 * sign-in. It arrives in the query (`?csrf=`), leaves the address at once and waits in session
 * storage (so no request, report or shared link carries it); an address to another page of the
 * sign-in carries it only when storage could not keep it; the final form post uses it once.
 */
import { takeQueryParams } from './address.ts';
import { CSRF } from './patterns.ts';
import { readPersisted, removePersisted, writePersisted } from './persisted.ts';

export interface TakenCsrf {
  /** The csrf the address carried, as it was. */
  value: string | undefined;
  /** Session storage kept it (true when there was none to keep). */
  stored: boolean;
}

/** The csrf this page took, for the hand-off when session storage could not keep it. */
let taken: string | undefined;

/** Keeps a csrf in session storage for the hand-off; says whether storage kept it. */
export function keepCsrf(value: string | undefined): TakenCsrf {
  if (value && CSRF.test(value)) taken = value;
  return { value, stored: value ? writePersisted('csrf', value) : true };
}

/** Takes the csrf out of the address bar and keeps it (the first thing a sign-in page does). */
export function takeCsrf(): TakenCsrf {
  return keepCsrf(takeQueryParams(['csrf']).csrf);
}

/**
 * The csrf an address to another sign-in page must carry: only a well-formed one that session
 * storage could not keep (the next page takes it out of its address again). A malformed one is
 * dropped, not carried on.
 */
export function csrfForAddress(csrf: string | undefined, stored: boolean): string | undefined {
  return csrf && !stored && CSRF.test(csrf) ? csrf : undefined;
}

/** At the hand-off: the csrf for the identity service's form, removed (it is used once); '' when none. */
export function consumeCsrf(): string {
  const csrf = readPersisted('csrf') ?? taken ?? '';
  removePersisted('csrf');
  taken = undefined;
  return csrf;
}
