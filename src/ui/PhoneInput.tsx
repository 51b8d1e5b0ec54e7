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
} from '../lib/phone.ts';
import { useTypedBeforeHydration } from './early-input.ts';
import { useT } from './i18n.tsx';
import { useHydrated } from './use-query.ts';
import { useStartCountry } from './use-start-country.ts';

export interface PhoneInputProps {
  value: PhoneInputValue;
  onChange: (value: PhoneInputValue) => void;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  /**
   * Saved passkeys are offered in the field's autofill too (`autocomplete="tel webauthn"`: the
   * phone numbers stay, the `webauthn` token adds the passkeys; Chromium keeps both).
   */
  passkeys?: boolean;
}

/**
 * The shared phone input (login, sign-up, one-click): a country picker with a separate dial code
 * (preferred countries ae, eg, pk, sa first; an empty field starts in the country of
 * `useStartCountry`), a `type=tel` field that stays left-to-right, a clear
 * button when in error. A pasted `+971...` picks its country. Needs the `fields` namespace.
 */
export function PhoneInput(props: PhoneInputProps) {
  const t = useT();
  const id = useId();
  const [rules, setRules] = useState(phoneRules);
  const { value, onChange } = props;

  useEffect(() => {
    // Some 240 countries to sort and draw: in a transition, which yields to the browser between
    // parts, so a key typed meanwhile is not held up (nor is the first load's main thread).
    if (!rules) void loadPhoneRules().then((loaded) => startTransition(() => setRules(loaded)));
  }, [rules]);

  const options = useMemo(() => countryOptions(rules, t.locale), [rules, t.locale]);
  useStartCountry(value, onChange, t.locale, rules ? options : undefined);
  // Region names come from the runtime's Intl data, which differs between Node and browsers
  // (ckb): they appear once hydrated, so the pre-rendered HTML always matches.
  const hydrated = useHydrated();
  const names = useMemo(() => {
    if (!hydrated) return undefined;
    try {
      return new Intl.DisplayNames([t.locale], { type: 'region' });
    } catch {
      return undefined;
    }
  }, [t.locale, hydrated]);
  // Some 240 options once the rules are here: drawn when they change, not at every key typed.
  const optionList = useMemo(
    () =>
      options.map((country) => (
        <option key={country} value={country}>
          {t('fields:phone.countryOption', {
            country: names?.of(country) ?? country,
            code: dialCode(country, rules),
          })}
        </option>
      )),
    [options, names, rules, t],
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
  // once they are here, as it would have then (anything else typed stays as it is).
  const readTypedNumber = useEffectEvent(() => {
    const picked = international(value.input);
    if (picked) onChange(picked);
  });
  useEffect(() => {
    if (rules) readTypedNumber();
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
      {props.error && (
        <p id={errorId} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
