/**
 * Hydrates `/password/{token}`: a new password from a reset link (its rules shown while typing,
 * the robot check when the flag asks for it), or the expired link with a way to ask for another.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { pageAnalytics } from '../../api/analytics.ts';
import { resetPassword } from '../../api/recovery.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { pathToken } from '../../lib/address.ts';
import { loginHref, pageHref } from '../../lib/hrefs.ts';
import { loadFlags } from '../../stores/flags.ts';
import { createResetPasswordFlow } from '../../stores/flows/reset-password.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { I18nProvider, useT } from '../../ui/i18n.tsx';
import { NewPasswordField, NewPasswordRecaptcha } from '../../ui/NewPasswordField.tsx';
import { usePageClientId } from '../../ui/use-query.ts';
import { ViewFocus, ViewHeading } from '../../ui/ViewHeading.tsx';

export interface ResetPasswordProps {
  locale: Locale;
  messages: Pick<Messages, 'common' | 'error' | 'fields' | 'password' | 'recaptcha'>;
}

const HEADING_ID = 'password-title';

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
        if (event === 'page') pageAnalytics.page('forgot_password');
        else pageAnalytics.track(`password_reset_${event}`, { page: 'forgot_password' });
      },
    }),
  );
  const state = useStore(flow.$state);
  const focus = useStore(flow.$viewChanged);
  const clientId = usePageClientId(true);

  useEffect(() => {
    flow.open(pathToken(location.pathname, -1));
    void loadFlags();
    return flow.destroy;
  }, [flow]);

  // The form stays the same screen while it is sent.
  const screen = state.view === 'submitting' ? 'editing' : state.view;
  const login = loginHref(locale, clientId);

  if (state.view === 'expired') {
    return (
      <ViewFocus focus={focus} view={screen}>
        <section className="card stack" aria-labelledby={HEADING_ID}>
          <ViewHeading id={HEADING_ID}>{t('password:expired.title')}</ViewHeading>
          <p role="alert">{t('password:expired.body')}</p>
          <a className="button button-primary" href={pageHref(locale, '/recovery', clientId)}>
            {t('password:expired.action')}
          </a>
          <a className="button button-link" href={login}>
            {t('common:backToLogin')}
          </a>
        </section>
      </ViewFocus>
    );
  }

  if (state.view === 'changed') {
    return (
      <ViewFocus focus={focus} view={screen}>
        <section className="card center stack" aria-labelledby={HEADING_ID}>
          <ViewHeading id={HEADING_ID}>{t('password:title')}</ViewHeading>
          <div className="spinner" aria-hidden="true" />
          <p className="muted" role="status">
            {t('common:pleaseWait')}
          </p>
        </section>
      </ViewFocus>
    );
  }

  const submitting = state.view === 'submitting';
  const editing = state.view === 'editing' ? state : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submit();
  };
  return (
    <ViewFocus focus={focus} view={screen}>
      <section className="card stack" aria-labelledby={HEADING_ID}>
        <ViewHeading id={HEADING_ID}>{t('password:title')}</ViewHeading>
        <p className="muted">{t('password:intro')}</p>
        <form className="stack" noValidate onSubmit={onSubmit}>
          <FormError error={editing?.error} />
          <NewPasswordField
            value={state.password}
            onChange={(password) => flow.setPassword(password)}
            failed={editing?.failed ?? []}
            error={editing?.fieldError ? t.text(editing.fieldError) : undefined}
            disabled={submitting}
          />
          <NewPasswordRecaptcha flow={flow} token={state.recaptchaToken} />
          <Button
            type="submit"
            pending={submitting}
            pendingLabel={t('common:pleaseWait')}
            disabled={editing?.invalid === true}
          >
            {t('password:submit')}
          </Button>
        </form>
        <a className="button button-link" href={login}>
          {t('common:backToLogin')}
        </a>
      </section>
    </ViewFocus>
  );
}
