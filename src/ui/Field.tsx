import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTypedBeforeHydration } from './early-input.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra content after the input (e.g. a show-password toggle). */
  addon?: ReactNode;
}

/** A labelled input whose hint and error are announced with it (aria-describedby). */
export function TextField({ label, error, hint, addon, className, ...input }: TextFieldProps) {
  const id = useId();
  useTypedBeforeHydration(id, input.value, (_typed, field) =>
    input.onChange?.({ target: field, currentTarget: field } as ChangeEvent<HTMLInputElement>),
  );
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="input-row">
        <input
          type="text"
          {...input}
          id={id}
          className={['input', className].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="field-hint muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** An e-mail input: the e-mail keyboard and autofill, left to right, nothing corrected. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      type="email"
      inputMode="email"
      autoComplete="email"
      dir="ltr"
      required
      spellCheck={false}
      autoCapitalize="off"
      {...props}
    />
  );
}
