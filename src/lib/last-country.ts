/**
 * The country of the last phone number used on this device (local storage: a preference, not a
 * secret; never the number itself). Written when a valid number is submitted.
 */
import { localStore } from './web-storage.ts';

const KEY = 'acct:last-country';
const COUNTRY = /^[A-Z]{2}$/;

export function readLastCountry(store: Storage | undefined = localStore()): string | undefined {
  try {
    const value = store?.getItem(KEY) ?? undefined;
    return value && COUNTRY.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeLastCountry(country: string, store: Storage | undefined = localStore()): void {
  if (!COUNTRY.test(country)) return;
  try {
    store?.setItem(KEY, country);
  } catch {
    // A full or refused storage only loses the preference.
  }
}
