import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { resolveMessage } from '../../api/error-catalogue.ts';
import { fetchRecoveryChallenges, sendRecoveryNotification } from '../../api/recovery.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { currentQuery, takeQueryParams } from '../../lib/address.ts';
import { analytics } from '../../lib/analytics-client.ts';
import { writePersisted } from '../../lib/persisted.ts';
import {
  createRecoveryFlow,
  readRecoveryParams,
  RECOVERY_SECRET_PARAMS,
  type RecoveryState,
} from '../../stores/flows/recovery.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { I18nProvider, useT } from '../../ui/i18n.tsx';
import { usePageClientId } from '../../ui/use-query.ts';

export interface SessionRecoveryProps {
  locale: Locale;
  messages: Pick<Messages, 'common' | 'error' | 'recovery' | 'session'>;
}

const HEADING_ID = 'recovery-title';

/** Spec section 8: the session-expired screen sends the person to login after 2 s. */
const SESSION_REDIRECT_MS = 2000;

/**
 * `/session_init` and `/`: recovery from a session link (the full-name challenge, then 'link
 * sent'), or the session-expired screen when the address carries no recovery request.
 */
export function SessionRecovery(props: SessionRecoveryProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <SessionRecoveryView locale={props.locale} />
    </I18nProvider>
  );
}

/** Which screen a state shows: focus moves to the heading only when this changes. */
function viewOf(state: RecoveryState): string {
  switch (state.step) {
    case 'idle':
    case 'loading':
    case 'redirect':
      return 'loading';
    case 'challenge':
    case 'submitting':
    case 'error':
      return 'challenge';
    default:
      return state.step;
  }
}

function SessionRecoveryView(props: { locale: Locale }) {
  const { locale } = props;
  const t = useT();
  const [flow] = useState(() =>
    createRecoveryFlow({
      fetchChallenges: fetchRecoveryChallenges,
      sendNotification: sendRecoveryNotification,
      go: (path) => location.replace(localizedPath(locale, path)),
      track: (event) => {
        if (event === 'page') analytics().page('forgot_password');
        else analytics().track('recovery_link_sent', { page: 'forgot_password' });
      },
    }),
  );
  const state = useStore(flow.$recovery);
  const clientId = usePageClientId();
  const view = viewOf(state);
  const firstView = useRef(view);

  useEffect(() => {
    // Codes and the phone number leave the address at once; the csrf moves to session storage.
    const params = readRecoveryParams(currentQuery());
    takeQueryParams(RECOVERY_SECRET_PARAMS);
    if (params.csrf) writePersisted('csrf', params.csrf);
    void flow.open(params);
    return flow.exit;
  }, [flow]);

  useEffect(() => {
    if (view !== firstView.current) {
      firstView.current = '';
      document.getElementById(HEADING_ID)?.focus();
    }
  }, [view]);

  const loginHref = `${localizedPath(locale, '/login')}${
    clientId ? `?${new URLSearchParams({ clientId }).toString()}` : ''
  }`;

  switch (state.step) {
    case 'idle':
    case 'loading':
    case 'redirect':
      return (
        <Card heading={t('recovery:title')}>
          <div className="spinner" aria-hidden="true" />
          <p className="muted center" role="status">
            {t('recovery:loading')}
          </p>
        </Card>
      );
    case 'no_session':
      return <SessionExpired loginHref={localizedPath(locale, '/login')} />;
    case 'unreachable':
      return (
        <Card heading={t('recovery:unreachable.title')}>
          <ErrorAlert>{resolveMessage(t, state.message)}</ErrorAlert>
          <Button onClick={() => void flow.retry()}>{t('common:retry')}</Button>
        </Card>
      );
    case 'not_configured':
      return (
        <Card heading={t('recovery:notConfigured.title')}>
          <p role="status">{t('recovery:notConfigured.body')}</p>
          <a className="button button-secondary" href={loginHref}>
            {t('common:backToLogin')}
          </a>
        </Card>
      );
    case 'link_sent':
      return <LinkSent loginHref={loginHref} />;
    case 'challenge':
    case 'submitting':
    case 'error': {
      const submitting = state.step === 'submitting';
      const message = state.step === 'error' ? resolveMessage(t, state.message) : undefined;
      const fieldError =
        state.step === 'challenge' && state.required
          ? t('recovery:challenge.required')
          : state.step === 'error' && state.atField
            ? message
            : undefined;
      const onSubmit = (event: FormEvent) => {
        event.preventDefault();
        void flow.submit();
      };
      return (
        <Card heading={t('recovery:challenge.title')}>
          <p>{t('recovery:challenge.intro')}</p>
          {state.hint.maskedFullName && (
            <p className="recovery-hint">
              <span>{t('recovery:challenge.hint')}</span>{' '}
              <bdi dir={state.hint.dir ?? 'auto'} className="masked-name">
                {state.hint.maskedFullName}
              </bdi>
            </p>
          )}
          <form className="stack" noValidate onSubmit={onSubmit}>
            {state.step === 'error' && !state.atField && <ErrorAlert>{message}</ErrorAlert>}
            <TextField
              label={t('recovery:challenge.label')}
              name="name"
              autoComplete="name"
              dir={state.hint.dir ?? 'auto'}
              required
              value={state.answer}
              readOnly={submitting}
              error={fieldError}
              onChange={(event) => flow.setAnswer(event.target.value)}
            />
            <Button type="submit" pending={submitting} pendingLabel={t('common:pleaseWait')}>
              {t('recovery:challenge.submit')}
            </Button>
          </form>
          <a className="button button-link" href={loginHref}>
            {t('common:backToLogin')}
          </a>
        </Card>
      );
    }
  }
}

function Card(props: { heading: string; children: ReactNode }) {
  return (
    <section className="card stack" aria-labelledby={HEADING_ID}>
      <h1 id={HEADING_ID} tabIndex={-1}>
        {props.heading}
      </h1>
      {props.children}
    </section>
  );
}

/** 'A link to reset your password has been sent to you', with back to login. */
export function LinkSent(props: { loginHref: string }) {
  const t = useT();
  return (
    <section className="card center stack" aria-labelledby={HEADING_ID}>
      <div className="success-mark" aria-hidden="true">
        ✓
      </div>
      <h1 id={HEADING_ID} tabIndex={-1}>
        {t('recovery:linkSent.title')}
      </h1>
      <p role="status">{t('recovery:linkSent.body')}</p>
      <a className="button button-primary" href={props.loginHref}>
        {t('common:backToLogin')}
      </a>
    </section>
  );
}

/** The session-expired screen of spec section 8 (no recovery request in the address). */
function SessionExpired(props: { loginHref: string }) {
  const t = useT();
  const { loginHref } = props;
  useEffect(() => {
    const timer = setTimeout(() => location.replace(loginHref), SESSION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [loginHref]);
  return (
    <section className="card center stack" aria-labelledby={HEADING_ID}>
      <h1 id={HEADING_ID} tabIndex={-1}>
        {t('session:unknownTitle')}
      </h1>
      <p className="muted" role="status">
        {t('session:unknownBody')}
      </p>
      <a className="button button-secondary" href={loginHref}>
        {t('session:redirectNow')}
      </a>
    </section>
  );
}
