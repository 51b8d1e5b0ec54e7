import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { Locale } from '../i18n/config.ts';
import { readLastCountry } from '../lib/last-country.ts';
import { later } from '../lib/later.ts';
import { DEFAULT_COUNTRY, type CountryCode, type PhoneInputValue } from '../lib/phone.ts';
import { $flags } from '../stores/flags.ts';

/**
 * How the start country is chosen: after first render. (The last one used is read where it is
 * written, in the phone chunk: a lazy import of a module in a loaded chunk saves nothing.)
 */
const countryRules = later(() => import('../lib/default-country.ts'));

/**
 * Puts an empty phone field in the country it should start in (`defaultCountry`: last used on
 * this device, the browser's languages, the page's language, the flags' countries) once the
 * countries are known and the flags are read. A number already given, typed, pasted or autofilled
 * wins, and so does a country the person picked: from then on it stays as it is.
 */
export function useStartCountry(
  value: PhoneInputValue,
  onChange: (value: PhoneInputValue) => void,
  locale: Locale,
  /** The countries the picker offers, or undefined while the phone rules load. */
  countries: readonly string[] | undefined,
): void {
  const { status, flags } = useStore($flags);
  const applied = useRef<string>(DEFAULT_COUNTRY);
  const settled = useRef(false);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  useEffect(() => {
    if (settled.current) return;
    if (value.input !== '' || value.country !== applied.current) {
      settled.current = true;
      return;
    }
    if (!countries || status !== 'ready') return;
    settled.current = true;
    // After first render, like the phone metadata it waits for.
    void countryRules.load().then(({ defaultCountry }) => {
      const country = defaultCountry({
        lastUsed: readLastCountry(),
        languages: typeof navigator === 'undefined' ? [] : navigator.languages,
        locale,
        allowed: flags.phoneCountries,
        known: (code) => countries.includes(code),
      });
      if (country === applied.current) return;
      applied.current = country;
      // Only if nothing changed meanwhile: the person typed, picked or pasted.
      if (latest.current.input !== '' || latest.current.country !== DEFAULT_COUNTRY) return;
      onChange({ country: country as CountryCode, input: '' });
    });
  }, [value, onChange, locale, countries, status, flags.phoneCountries]);
}
