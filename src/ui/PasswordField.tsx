import { useState } from 'react';
import { TextField, type TextFieldProps } from './Field.tsx';
import { useT } from './i18n.tsx';

/** The show/hide button beside a masked input (`labels`: what it says when hidden, shown). */
export function ShowToggle(props: {
  visible: boolean;
  onToggle: () => void;
  labels: [string, string];
}) {
  return (
    <button
      type="button"
      className="input-addon"
      aria-pressed={props.visible}
      onClick={props.onToggle}
    >
      {props.visible ? props.labels[1] : props.labels[0]}
    </button>
  );
}

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
        <ShowToggle
          visible={visible}
          onToggle={() => setVisible(!visible)}
          labels={[t('fields:password.show'), t('fields:password.hide')]}
        />
      }
    />
  );
}
