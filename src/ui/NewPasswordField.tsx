import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $flags } from '../stores/flags.ts';
import type { ResetRule } from '../lib/password-rules.ts';
import { recaptchaMode } from '../lib/recaptcha-mode.ts';
import { useT } from './i18n.tsx';
import { PasswordField } from './PasswordField.tsx';
import { Recaptcha } from './Recaptcha.tsx';

/**
 * A new password under the reset rules (src/lib/password-rules.ts): the show-password toggle, the hint, and
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

/**
 * The robot check before a new password is sent, when the recaptchaV2 flag asks for one: tells
 * the flow whether it is required, then shows the widget until it is passed. Needs `password` and `error`.
 */
export function NewPasswordRecaptcha(props: {
  flow: { requireRecaptcha: (required: boolean) => void; passRecaptcha: (token: string) => void };
  token: string | undefined;
}) {
  const t = useT();
  const { flow } = props;
  const flags = useStore($flags);
  const mode = flags.status === 'ready' ? recaptchaMode(flags.flags.recaptchaV2) : 'off';
  // Until the flags answer (3 s at most), nobody knows whether the check is needed: the submit
  // waits, so a quick password cannot skip it.
  const required = flags.status === 'loading' || mode !== 'off';
  useEffect(() => {
    flow.requireRecaptcha(required);
  }, [flow, required]);
  if (mode === 'off') return null;
  if (props.token) {
    return (
      <p className="muted" role="status">
        {t('password:recaptchaDone')}
      </p>
    );
  }
  return (
    <div className="stack">
      <p>{t('password:recaptchaPrompt')}</p>
      <Recaptcha
        mode={mode}
        onToken={(token) => flow.passRecaptcha(token)}
        failure={{ key: 'error:INVALID_RECAPTCHA' }}
      />
    </div>
  );
}
