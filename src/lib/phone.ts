/**
 * Phone numbers: preferred countries first, a separate dial code, numbers
 * normalised to international digits. libphonenumber-js (core ~10 KB and mobile metadata ~23 KB
 * gzip) loads after first render (`loadPhoneMetadata`), never on the page's first load: until it
 * arrives the field offers the preferred countries, and submitting waits for it.
 */
import type * as PhoneLibrary from 'libphonenumber-js/core';
import type { CountryCode, MetadataJson } from 'libphonenumber-js/core';
import { digitsOnly, normalizeDigits } from './digits.ts';
import { later } from './later.ts';

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

let library: typeof PhoneLibrary | undefined;
/** The library and its metadata (about 33 KB gzip together): asked for by the phone field once drawn. */
const phoneLibrary = later(
  () =>
    Promise.all([
      import('libphonenumber-js/core'),
      import('libphonenumber-js/mobile/metadata'),
    ]).then(([core, data]) => {
      library = core;
      return data.default;
    }),
  { when: 'demand' },
);

/** Loads the library and its metadata once; the other functions use them when they are here. */
export const loadPhoneMetadata = (): Promise<MetadataJson> => phoneLibrary.load();

export const phoneMetadata = (): MetadataJson | undefined => phoneLibrary.loaded();

/** Keeps digits (any script) and a leading +; drops spaces, dashes, brackets. */
export function cleanPhoneInput(value: string): string {
  const normalized = normalizeDigits(value).trim();
  const digits = normalized.replace(/\D/g, '');
  const international = normalized.startsWith('+') || normalized.startsWith('00');
  if (!international) return digits;
  return `+${normalized.startsWith('00') ? digits.slice(2) : digits}`;
}

/** Countries in picker order: preferred first, then the rest by their name in the language. */
export function countryOptions(meta: MetadataJson | undefined, locale: string): CountryCode[] {
  const all = meta && library ? library.getCountries(meta) : [...PREFERRED_COUNTRIES];
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = undefined;
  }
  const rest = all
    .filter((code) => !(PREFERRED_COUNTRIES as readonly string[]).includes(code))
    .sort((a, b) => (names?.of(a) ?? a).localeCompare(names?.of(b) ?? b, locale));
  return [...PREFERRED_COUNTRIES, ...rest];
}

export function dialCode(
  country: CountryCode,
  meta: MetadataJson | undefined = phoneMetadata(),
): string {
  if (meta && library) return library.getCountryCallingCode(country, meta);
  return PREFERRED_DIAL_CODES[country] ?? '';
}

/**
 * The phone for an input and a chosen country. A number typed or pasted in international form
 * (`+971...`, `00971...`) picks its own country.
 */
export function toPhone(
  input: string,
  country: CountryCode,
  meta: MetadataJson | undefined = phoneMetadata(),
): Phone {
  const cleaned = cleanPhoneInput(input);
  const code = dialCode(country, meta);
  if (!meta || !library) {
    const national = cleaned.startsWith('+')
      ? cleaned.slice(1 + code.length)
      : cleaned.replace(/^0/, '');
    return {
      countryCode: country,
      fullPhoneNumber: `${code}${national}`,
      isValid: false,
      nationalPhoneNumber: national,
    };
  }
  const parsed = cleaned.startsWith('+')
    ? library.parsePhoneNumberFromString(cleaned, meta)
    : library.parsePhoneNumberFromString(cleaned, country, meta);
  if (!parsed) {
    const national = cleaned.replace(/^\+/, '');
    return {
      countryCode: country,
      fullPhoneNumber: `${code}${national}`,
      isValid: false,
      nationalPhoneNumber: national,
    };
  }
  return {
    countryCode: parsed.country ?? country,
    fullPhoneNumber: `${parsed.countryCallingCode}${parsed.nationalNumber}`,
    isValid: parsed.isValid(),
    nationalPhoneNumber: parsed.nationalNumber,
  };
}

/** A preset such as `fullMobileNumber=971500000001` (digits, with or without +) as a phone. */
export function phoneFromPreset(
  value: string | null | undefined,
  meta: MetadataJson,
): Phone | undefined {
  if (!value) return undefined;
  const cleaned = cleanPhoneInput(value);
  if (!cleaned) return undefined;
  const phone = toPhone(cleaned.startsWith('+') ? cleaned : `+${cleaned}`, DEFAULT_COUNTRY, meta);
  return phone.isValid ? phone : undefined;
}

/** E.164 with the plus, for display and for the sandbox outbox: `+971500000001`. */
export function e164(phone: Pick<Phone, 'fullPhoneNumber'>): string {
  return `+${phone.fullPhoneNumber}`;
}

/** The flag emoji of a country code (regional indicator symbols). */
export function flagEmoji(country: string): string {
  return String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}
