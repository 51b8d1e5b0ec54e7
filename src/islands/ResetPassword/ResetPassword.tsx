import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { resolveMessage } from '../../api/error-catalogue.ts';
import { resetPassword } from '../../api/recovery.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { pathToken } from '../../lib/address.ts';
import { analytics } from '../../lib/analytics-client.ts';
import { loadFlags } from '../../lib/flags.ts';
import { createResetPasswordFlow } from '../../stores/flows/reset-password.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { I18nProvider, useT } from '../../ui/i18n.tsx';
import { NewPasswordField, NewPasswordRecaptcha } from '../../ui/NewPasswordField.tsx';
import { usePageClientId } from '../../ui/use-query.ts';

export interface ResetPasswordProps {
  locale: Locale;
  messages: Pick<Messages, 'common' | 'error' | 'fields' | 'password' | 'recaptcha'>;
}

const HEADING_ID = 'password-title';

/** `/password/{token}`: a new password from a reset link (spec sections 2, 4, 5). */
export function ResetPassword(props: ResetPasswordProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <ResetPasswordView locale={props.locale} />
    </I18nProvider>
  );
}

function ResetPasswordView(props: { locale: Locale }) {
  const { locale } = props;
  const t = useT();
  const [flow] = useState(() =>
    createResetPasswordFlow({
      resetPassword,
      go: (path) => location.replace(localizedPath(locale, path)),
      track: (event) => {
        if (event === 'page') analytics().page('forgot_password');
        else analytics().track(`password_reset_${event}`, { page: 'forgot_password' });
      },
    }),
  );
  const state = useStore(flow.$reset);
  const clientId = usePageClientId(true);
  const mounted = useRef(false);

  useEffect(() => {
    flow.open(pathToken(location.pathname, -1));
    void loadFlags();
    return flow.exit;
  }, [flow]);

  const view = state.step === 'submitting' ? 'editing' : state.step;
  useEffect(() => {
    if (mounted.current) document.getElementById(HEADING_ID)?.focus();
    mounted.current = true;
  }, [view]);

  const withClient = (path: string) =>
    `${localizedPath(locale, path)}${clientId ? `?${new URLSearchParams({ clientId }).toString()}` : ''}`;

  if (state.step === 'expired') {
    return (
      <section className="card stack" aria-labelledby={HEADING_ID}>
        <h1 id={HEADING_ID} tabIndex={-1}>
          {t('password:expired.title')}
        </h1>
        <p role="alert">{t('password:expired.body')}</p>
        <a className="button button-primary" href={withClient('/recovery')}>
          {t('password:expired.action')}
        </a>
        <a className="button button-link" href={withClient('/login')}>
          {t('common:backToLogin')}
        </a>
      </section>
    );
  }

  if (state.step === 'changed') {
    return (
      <section className="card center stack" aria-labelledby={HEADING_ID}>
        <h1 id={HEADING_ID} tabIndex={-1}>
          {t('password:title')}
        </h1>
        <div className="spinner" aria-hidden="true" />
        <p className="muted" role="status">
          {t('common:pleaseWait')}
        </p>
      </section>
    );
  }

  const submitting = state.step === 'submitting';
  const error = state.step === 'editing' ? state.error : undefined;
  const message = error ? resolveMessage(t, error.message) : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submit();
  };
  return (
    <section className="card stack" aria-labelledby={HEADING_ID}>
      <h1 id={HEADING_ID} tabIndex={-1}>
        {t('password:title')}
      </h1>
      <p className="muted">{t('password:intro')}</p>
      <form className="stack" noValidate onSubmit={onSubmit}>
        {error && !error.atField && <ErrorAlert>{message}</ErrorAlert>}
        <NewPasswordField
          value={state.password}
          onChange={(password) => flow.setPassword(password)}
          failed={state.step === 'editing' ? state.failed : []}
          error={error?.atField ? message : undefined}
          disabled={submitting}
        />
        <NewPasswordRecaptcha flow={flow} token={state.recaptchaToken} />
        <Button
          type="submit"
          pending={submitting}
          pendingLabel={t('common:pleaseWait')}
          disabled={state.step === 'editing' && state.invalid}
        >
          {t('password:submit')}
        </Button>
      </form>
      <a className="button button-link" href={withClient('/login')}>
        {t('common:backToLogin')}
      </a>
    </section>
  );
}
