/**
 * Phone numbers: preferred countries first, a separate dial code, numbers normalised to
 * international digits. The rules that read a number (./phone-rules.ts: libphonenumber-js core
 * ~10 KB and its mobile metadata ~23 KB gzip) load after first render (`loadPhoneRules`), never
 * with the page: until they arrive the field offers the preferred countries, and submitting waits
 * for them. This module is what the first view needs without them.
 */
import type { CountryCode } from 'libphonenumber-js/core';
import type { Text } from '../i18n/types.ts';
import type * as PhoneRulesModule from './phone-rules.ts';
import { digitsOnly, normalizeDigits } from './digits.ts';
import { later } from './later.ts';
import type { RegionNames } from './region-names.ts';

export type { CountryCode };

export const PREFERRED_COUNTRIES = [
  'AE',
  'EG',
  'PK',
  'SA',
] as const satisfies readonly CountryCode[];
export const DEFAULT_COUNTRY: CountryCode = 'AE';

/** Dial codes of the preferred countries, known before the metadata arrives. */
export const PREFERRED_DIAL_CODES: Readonly<Record<string, string>> = {
  AE: '971',
  EG: '20',
  PK: '92',
  SA: '966',
};

/** The number an address carries (`fullMobileNumber`): its international digits, if it can be one. */
export function addressNumber(value: string | null): string | undefined {
  const digits = digitsOnly(value ?? '');
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : undefined;
}

/**
 * A number an address carries (`phoneNumber=+971500000001`) as a phone field's country and
 * typed number, without the metadata: a preferred country's dial code is taken off; any other
 * number stays international in the field (the library reads the country from it on submit).
 */
export function presetField(
  value: string | null,
): { country: CountryCode; phoneInput: string } | undefined {
  const digits = addressNumber(value);
  if (!digits) return undefined;
  for (const [country, code] of Object.entries(PREFERRED_DIAL_CODES)) {
    if (digits.startsWith(code) && digits.length - code.length >= 7) {
      return { country: country as CountryCode, phoneInput: digits.slice(code.length) };
    }
  }
  return { country: DEFAULT_COUNTRY, phoneInput: `+${digits}` };
}

/** A phone field as it is typed: the country picked, and the number typed (national or not). */
export interface PhoneInputValue {
  country: CountryCode;
  input: string;
}

/** A number as the phone library read it. */
export interface Phone {
  countryCode: CountryCode;
  /** International form, digits only: `971500000001`. */
  fullPhoneNumber: string;
  isValid: boolean;
  nationalPhoneNumber: string;
}

/**
 * A valid number read from a phone field before a code is sent to it: its international digits
 * and country, or why no code may go to it (`countryRefusal`, ./phone-rules.ts).
 */
export type CheckedPhone = { digits: string; country: CountryCode } | { refused: Text };

export type PhoneRules = typeof PhoneRulesModule;

/**
 * The phone rules, asked for by the phone field once drawn (or by a submit). Patient: a load that
 * fails (offline, a flaky network) is tried again until they arrive, since without them a
 * typed number is never read (sign-up's Create account would stay disabled) and the failure
 * would be nobody's to handle. The split earns 34.3 KB gzip off every island page's first load
 * (libphonenumber-js with its mobile metadata: phone-rules chunk, `npm run build`, 2026-11-28).
 */
const rules = later(() => import('./phone-rules.ts'), { when: 'demand', patient: true });

/** Loads the phone rules once. */
export const loadPhoneRules = (): Promise<PhoneRules> => rules.load();

/** The phone rules, if they are here. */
export const phoneRules = (): PhoneRules | undefined => rules.loaded();

/** Keeps digits (any script) and a leading +; drops spaces, dashes, brackets. */
export function cleanPhoneInput(value: string): string {
  const normalized = normalizeDigits(value).trim();
  const digits = normalized.replace(/\D/g, '');
  const international = normalized.startsWith('+') || normalized.startsWith('00');
  if (!international) return digits;
  return `+${normalized.startsWith('00') ? digits.slice(2) : digits}`;
}

/**
 * Countries in picker order: the preferred ones until the countries' names are here (they
 * come after the phone rules), then every one, the rest in the order of their names.
 */
export const countryOptions = (names: RegionNames | undefined): CountryCode[] => [
  ...new Set([...PREFERRED_COUNTRIES, ...((names?.keys() ?? []) as Iterable<CountryCode>)]),
];

/** A country's dial code: the preferred countries' until the rules are here. */
export const dialCode = (country: CountryCode, here: PhoneRules | undefined): string =>
  here ? here.dialCode(country) : (PREFERRED_DIAL_CODES[country] ?? '');

/** Where this origin serves the countries' flags (src/integrations/flags.ts puts them there). */
export const FLAG_PATH = '/images/flags/';

/** A country's flag, an image (3:2): never an emoji, which many systems draw as letters or boxes. */
export const flagImage = (country: CountryCode): string => `${FLAG_PATH}${country}.svg`;
