/**
 * The phone rules: libphonenumber-js (core) and its mobile metadata, about 33 KB gzip, loaded
 * after first render through ./phone.ts (`loadPhoneRules`), which stands in for them until then.
 */
import {
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/mobile/metadata';
import type { Text } from '../i18n/types.ts';
import { MARKET_COUNTRIES } from './default-country.ts';
import {
  cleanPhoneInput,
  DEFAULT_COUNTRY,
  type CheckedPhone,
  type Phone,
  type PhoneInputValue,
} from './phone.ts';

/** The countries' names in a language (./region-names.ts): fetched once the rules are here. */
export { loadRegionNames } from './region-names.ts';

export function dialCode(country: CountryCode): string {
  return getCountryCallingCode(country, metadata);
}

/**
 * The phone for an input and a chosen country. A number typed or pasted in international form
 * (`+971...`, `00971...`) picks its own country.
 */
export function toPhone(input: string, country: CountryCode): Phone {
  const cleaned = cleanPhoneInput(input);
  const parsed = cleaned.startsWith('+')
    ? parsePhoneNumberFromString(cleaned, metadata)
    : parsePhoneNumberFromString(cleaned, country, metadata);
  if (!parsed) {
    const national = cleaned.replace(/^\+/, '');
    return {
      countryCode: country,
      fullPhoneNumber: `${dialCode(country)}${national}`,
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

/**
 * Why no code may be sent to a number of `country`, or undefined when one may: the flags'
 * `phoneCountries`, when they name any, are the only countries a code goes to (SMS pumping: a
 * number from elsewhere is told so before anything is sent). The one check every flow that sends
 * a code to a typed number makes (through `checkPhone`); here with the rules, not in the first
 * load.
 */
export function countryRefusal(country: string, allowed: readonly string[]): Text | undefined {
  return allowed.length === 0 || allowed.includes(country)
    ? undefined
    : { key: 'fields:phone.countryRefused', params: { country } };
}

/**
 * A phone field as a number a code may be sent to: its digits and country, or the flags' refusal
 * of its country (`allowed`: the `phoneCountries` flag); undefined when it is not a valid number.
 */
export function checkPhone(
  value: PhoneInputValue,
  allowed: readonly string[],
): CheckedPhone | undefined {
  const phone = toPhone(value.input, value.country);
  if (!phone.isValid) return undefined;
  const refused = countryRefusal(phone.countryCode, allowed);
  return refused ? { refused } : { digits: phone.fullPhoneNumber, country: phone.countryCode };
}

/**
 * The one market where a national number typed in the wrong country is valid ('Did you mean
 * +971?'), or undefined: when the number is valid where it is, is in international form, or is
 * valid in no market or in more than one. The markets are the flags' countries when they name
 * any (`allowed`), else the product's.
 */
export function likelyCountry(
  input: string,
  country: CountryCode,
  allowed: readonly string[] = [],
): CountryCode | undefined {
  const cleaned = cleanPhoneInput(input);
  if (cleaned === '' || cleaned.startsWith('+') || toPhone(cleaned, country).isValid) {
    return undefined;
  }
  const markets = (allowed.length > 0 ? allowed : MARKET_COUNTRIES) as readonly CountryCode[];
  const valid = markets.filter((market) => market !== country && toPhone(cleaned, market).isValid);
  return valid.length === 1 ? valid[0] : undefined;
}

/** A preset such as `fullMobileNumber=971500000001` (digits, with or without +) as a phone. */
export function phoneFromPreset(value: string | null | undefined): Phone | undefined {
  if (!value) return undefined;
  const cleaned = cleanPhoneInput(value);
  if (!cleaned) return undefined;
  const phone = toPhone(cleaned.startsWith('+') ? cleaned : `+${cleaned}`, DEFAULT_COUNTRY);
  return phone.isValid ? phone : undefined;
}

/** E.164 with the plus, for display and for the sandbox outbox: `+971500000001`. */
export function e164(phone: Pick<Phone, 'fullPhoneNumber'>): string {
  return `+${phone.fullPhoneNumber}`;
}
