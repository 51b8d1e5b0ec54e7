import { useEffect, useId, useRef } from 'react';
import { digitsOnly } from '../lib/digits.ts';
import { armWebOtp } from '../lib/web-otp.ts';
import { useTypedBeforeHydration } from './early-input.ts';
import { useT } from './i18n.tsx';

export const OTP_LENGTH = 6;

/**
 * One field for the whole code (never six boxes): `autocomplete=one-time-code`, numeric keypad,
 * any digits (Eastern Arabic too), paste of a whole code works. Where the browser has WebOTP the
 * code from the SMS fills the field, but is never submitted on its own. Needs `fields`.
 */
export function OtpInput(props: {
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const t = useT();
  const id = useId();
  const { onChange } = props;
  useTypedBeforeHydration(id, props.value, (typed) => onChange(digitsOnly(typed, OTP_LENGTH)));

  // WebOTP is armed once for the life of the code step, with one AbortController: the latest
  // `onChange` is read through a ref, so a parent that re-renders every second (a countdown)
  // with a new handler neither aborts nor restarts the request. A received code re-arms it for
  // the next SMS (a resend), with the same controller.
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  useEffect(() => armWebOtp((code) => latest.current(digitsOnly(code, OTP_LENGTH))), []);

  return (
    <div className="field">
      <label htmlFor={id}>{t('fields:otp.label')}</label>
      <input
        id={id}
        className="input otp-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        name="one-time-code"
        pattern="[0-9]*"
        dir="ltr"
        required
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the code is the only field of its view
        autoFocus={props.autoFocus}
        disabled={props.disabled}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-hint${props.error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(digitsOnly(event.target.value, OTP_LENGTH))}
      />
      <p id={`${id}-hint`} className="field-hint muted">
        {t('fields:otp.hint')}
      </p>
      {props.error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
