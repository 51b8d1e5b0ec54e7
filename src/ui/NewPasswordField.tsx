import type { ResetRule } from '../lib/password-rules.ts';
import { useT } from './i18n.tsx';
import { PasswordField } from './PasswordField.tsx';

/**
 * A new password under the reset rules (spec section 5): the show-password toggle, the hint, and
 * while typing every rule the password breaks as its own message, read with the field and
 * announced politely as they change. Needs the `fields` and `password` namespaces.
 */
export function NewPasswordField(props: {
  value: string;
  onChange: (value: string) => void;
  failed: readonly ResetRule[];
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const t = useT();
  const typing = props.value !== '';
  const messages = typing ? props.failed.map((rule) => t(`password:rules.${rule}`)) : [];
  return (
    <>
      <PasswordField
        label={t('password:label')}
        autoComplete="new-password"
        name="new-password"
        value={props.value}
        disabled={props.disabled}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the first field of a view that opens on its own
        autoFocus={props.autoFocus}
        error={props.error}
        onChange={(event) => props.onChange(event.target.value)}
        hint={
          <>
            <span className="password-hint">{t('password:hint')}</span>
            {messages.map((message) => (
              <span key={message} className="password-rule">
                {message}
              </span>
            ))}
          </>
        }
      />
      <p className="visually-hidden" aria-live="polite">
        {messages.join(' ')}
      </p>
    </>
  );
}
