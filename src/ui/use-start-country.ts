import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { Locale } from '../i18n/config.ts';
import { defaultCountry } from '../lib/default-country.ts';
import { readLastCountry } from '../lib/last-country.ts';
import { DEFAULT_COUNTRY, type CountryCode, type PhoneInputValue } from '../lib/phone.ts';
import { $flags } from '../stores/flags.ts';

/**
 * Puts an empty phone field in the country it should start in (`defaultCountry`: last used on
 * this device, the browser's languages, the page's language, the flags' countries) once the
 * countries are known, with the flags in use (kept, or the defaults), and again if the flags'
 * answer allows other countries. A number already given, typed, pasted or autofilled wins, and so
 * does a country the person picked: from then on it stays as it is.
 */
export function useStartCountry(
  value: PhoneInputValue,
  onChange: (value: PhoneInputValue) => void,
  locale: Locale,
  /** The countries the picker offers, or undefined while the phone rules load. */
  countries: readonly string[] | undefined,
): void {
  const { flags } = useStore($flags);
  const applied = useRef<string>(DEFAULT_COUNTRY);
  const settled = useRef(false);
  useEffect(() => {
    if (settled.current) return;
    if (value.input !== '' || value.country !== applied.current) {
      settled.current = true;
      return;
    }
    // After first render, once the phone metadata it waits for (`countries`) is here.
    if (!countries) return;
    const country = defaultCountry({
      lastUsed: readLastCountry(),
      languages: typeof navigator === 'undefined' ? [] : navigator.languages,
      locale,
      allowed: flags.phoneCountries,
      known: (code) => countries.includes(code),
    });
    if (country === applied.current) return;
    applied.current = country;
    onChange({ country: country as CountryCode, input: '' });
  }, [value, onChange, locale, countries, flags.phoneCountries]);
}
