import { useState } from 'react';
import { TextField, type TextFieldProps } from './Field.tsx';
import { useT } from './i18n.tsx';

/**
 * A password input with a show/hide toggle. No maxlength, paste allowed, nothing trimmed
 * (ASVS 6.2). `autoComplete` is current-password or new-password. Needs the `fields` namespace.
 */
export function PasswordField(
  props: Omit<TextFieldProps, 'type' | 'addon'> & {
    autoComplete: 'current-password' | 'new-password';
  },
) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize={visible ? 'off' : undefined}
      dir="auto"
      addon={
        <button
          type="button"
          className="input-addon"
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          {visible ? t('fields:password.hide') : t('fields:password.show')}
        </button>
      }
    />
  );
}
