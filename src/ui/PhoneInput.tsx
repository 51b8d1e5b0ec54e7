import { useStore } from '@nanostores/react';
import { startTransition, useEffect, useEffectEvent, useId, useMemo, useState } from 'react';
import {
  cleanPhoneInput,
  countryOptions,
  dialCode,
  flagImage,
  loadPhoneRules,
  phoneRules,
  type CountryCode,
  type PhoneInputValue,
  type PhoneRules,
} from '../lib/phone.ts';
import type { RegionNames } from '../lib/region-names.ts';
import type { Locale } from '../i18n/config.ts';
import type { Text } from '../i18n/types.ts';
import { $flags } from '../stores/flags.ts';
import { useTypedBeforeHydration } from './early-input.ts';
import { useT } from './i18n.tsx';
import { useHydrated } from './use-query.ts';
import { useStartCountry } from './use-start-country.ts';

export interface PhoneInputProps {
  value: PhoneInputValue;
  onChange: (value: PhoneInputValue) => void;
  /** The field's error; a `country` it names (a code) is shown with the picker's region name. */
  error?: Text | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  /**
   * Saved passkeys are offered in the field's autofill too (`autocomplete="tel webauthn"`: the
   * phone numbers stay, the `webauthn` token adds the passkeys; Chromium keeps both).
   */
  passkeys?: boolean;
}

/**
 * The picker's countries: the flags' only, when they name any (the country shown stays listed
 * until the start country moves it into them).
 */
function listedCountries(
  options: readonly CountryCode[],
  allowed: readonly string[],
  shown: CountryCode,
): readonly CountryCode[] {
  if (allowed.length === 0) return options;
  const kept = options.filter((country) => allowed.includes(country));
  return kept.includes(shown) ? kept : [shown, ...kept];
}

/** An error's `country` (a code, as `countryRefusal` names it) as its region name. */
function namedCountry(error: Text, names: RegionNames | undefined): Text {
  if (!('key' in error) || typeof error.params?.country !== 'string') return error;
  const { country } = error.params;
  return { ...error, params: { ...error.params, country: names?.get(country) ?? country } };
}

/** 'Did you mean +971?': the one market where the number typed is valid, in one tap. */
function CountrySuggestion(props: {
  rules: PhoneRules;
  value: PhoneInputValue;
  allowed: readonly string[];
  /** The picker's country names, once loaded. */
  names: RegionNames | undefined;
  onChange: (value: PhoneInputValue) => void;
}) {
  const t = useT();
  const { value } = props;
  const country = props.rules.likelyCountry(value.input, value.country, props.allowed);
  if (!country) return null;
  return (
    <p className="field-hint" role="status">
      <button
        type="button"
        className="button-link phone-suggestion"
        onClick={() => props.onChange({ country, input: value.input })}
      >
        {t('fields:phone.didYouMean', {
          code: props.rules.dialCode(country),
          country: props.names?.get(country) ?? country,
        })}
      </button>
    </p>
  );
}

/** The countries' names in `locale`, loaded once the phone rules are here. */
function useRegionNames(locale: Locale, rules: PhoneRules | undefined): RegionNames | undefined {
  const [names, setNames] = useState<RegionNames>();
  useEffect(() => {
    void rules?.loadRegionNames(locale).then((loaded) => startTransition(() => setNames(loaded)));
  }, [locale, rules]);
  return names;
}

/**
 * The shared phone input (login, sign-up, one-click): a country picker with a separate dial code
 * (preferred countries ae, eg, pk, sa first; an empty field starts in the country of
 * `useStartCountry`), a `type=tel` field that stays left-to-right, a clear
 * button when in error. A pasted `+971...` picks its country. A national number typed in the
 * wrong country but valid in exactly one market is offered there in one tap ('Did you mean
 * +971?'). The phoneCountries flag, when it names countries, is the picker's whole list. Needs
 * the `fields` namespace.
 */
export function PhoneInput(props: PhoneInputProps) {
  const t = useT();
  const id = useId();
  const [rules, setRules] = useState(phoneRules);
  const { value, onChange } = props;

  const allowed = useStore($flags).flags.phoneCountries;
  const names = useRegionNames(t.locale, rules);
  const options = useMemo(() => countryOptions(names), [names]);
  useStartCountry(value, onChange, t.locale, names ? options : undefined);
  // The flags kept on this device may narrow the list: once hydrated, so the pre-rendered HTML
  // always matches.
  const hydrated = useHydrated();
  const listed = useMemo(
    () => listedCountries(options, hydrated ? allowed : [], value.country),
    [options, allowed, value.country, hydrated],
  );
  // Some 240 options once the rules are here: drawn when they change, not at every key typed.
  const optionList = useMemo(
    () =>
      listed.map((country) => (
        <option key={country} value={country}>
          {t('fields:phone.countryOption', {
            country: names?.get(country) ?? country,
            code: dialCode(country, rules),
          })}
        </option>
      )),
    [listed, names, rules, t],
  );

  /** A number typed in international form, as its country and national number (rules here). */
  const international = (input: string): PhoneInputValue | undefined => {
    const cleaned = cleanPhoneInput(input);
    // The rules as soon as they are here (the options they redraw follow in a transition).
    const here = phoneRules();
    if (!cleaned.startsWith('+') || !here) return undefined;
    const phone = here.toPhone(cleaned, value.country);
    return phone.isValid
      ? { country: phone.countryCode, input: phone.nationalPhoneNumber }
      : undefined;
  };
  const change = (input: string) =>
    onChange(international(input) ?? { country: value.country, input });

  useTypedBeforeHydration(`${id}-number`, value.input, change);
  // A number typed or pasted in international form before the rules arrived picks its country
  // once they are here (anything else typed stays as it is), before a submit that waited for them
  // too checks it: its message is then not undone by this change.
  const readTypedNumber = useEffectEvent(() => {
    const picked = international(value.input);
    if (picked) onChange(picked);
  });
  useEffect(() => {
    if (rules) return readTypedNumber();
    // Some 240 countries to sort and draw: in a transition, which yields between parts.
    void loadPhoneRules().then((loaded) => {
      readTypedNumber();
      startTransition(() => setRules(loaded));
    });
  }, [rules]);

  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={`${id}-number`}>{t('fields:phone.label')}</label>
      <div className="phone-row" dir="ltr">
        <span className="phone-country">
          {/* The flag comes with the rules, into a box kept for it (it moves nothing); the
              select names the country, so the image is decorative. */}
          <span className="phone-flag">
            {rules && <img src={flagImage(value.country)} alt="" width="24" height="16" />}
          </span>
          <span aria-hidden="true">{`+${dialCode(value.country, rules)}`}</span>
          <span aria-hidden="true" className="phone-country-arrow">
            ▾
          </span>
          <select
            aria-label={t('fields:phone.country')}
            name="phone-country"
            value={value.country}
            disabled={props.disabled}
            onChange={(event) =>
              onChange({ country: event.target.value as CountryCode, input: value.input })
            }
          >
            {optionList}
          </select>
        </span>
        <input
          id={`${id}-number`}
          className="input phone-number"
          type="tel"
          inputMode="tel"
          autoComplete={props.passkeys ? 'tel webauthn' : 'tel'}
          name="phone"
          dir="ltr"
          value={value.input}
          disabled={props.disabled}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the phone is the only field of its view
          autoFocus={props.autoFocus}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(event) => change(event.target.value)}
        />
        {props.error && value.input !== '' && (
          <button
            type="button"
            className="input-addon"
            aria-label={t('fields:phone.clear')}
            onClick={() => onChange({ country: value.country, input: '' })}
          >
            ×
          </button>
        )}
      </div>
      {rules && !props.disabled && (
        <CountrySuggestion
          rules={rules}
          value={value}
          allowed={allowed}
          names={names}
          onChange={onChange}
        />
      )}
      {props.error && (
        <p id={errorId} className="field-error" role="alert">
          {t.text(namedCountry(props.error, names))}
        </p>
      )}
    </div>
  );
}
