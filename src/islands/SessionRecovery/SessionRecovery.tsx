/**
 * Hydrates `/session_init` and `/`: recovery from a session link (the full-name challenge, then
 * 'link sent'), or the session-expired screen when the address carries no recovery request.
 */
import { useEffect, type ReactNode } from 'react';
import { pageAnalytics } from '../../api/analytics.ts';
import { fetchRecoveryChallenges, sendRecoveryNotification } from '../../api/recovery.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { currentQuery, takeQueryParams } from '../../lib/address.ts';
import { takeCsrf } from '../../lib/csrf.ts';
import { loginHref } from '../../lib/hrefs.ts';
import {
  createRecoveryFlow,
  readRecoveryParams,
  RECOVERY_SECRET_PARAMS,
  type RecoveryState,
} from '../../stores/flows/recovery.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert, FormError } from '../../ui/ErrorAlert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { useT } from '../../ui/i18n.tsx';
import { usePageClientId } from '../../ui/use-query.ts';
import { ViewFocus, ViewHeading } from '../../ui/ViewHeading.tsx';
import { Form } from '../../ui/Form.tsx';
import { island, useFlow } from '../../ui/island.tsx';

export type SessionRecoveryMessages = Pick<Messages, 'common' | 'error' | 'recovery' | 'session'>;

const HEADING_ID = 'recovery-title';

/** The session-expired screen sends the person to the login after 2 s. */
const SESSION_REDIRECT_MS = 2000;

export const SessionRecovery = island<SessionRecoveryMessages>(SessionRecoveryView);

/** The screen a view shows: the loader stands for the address not read yet and a redirect too. */
function screenOf(state: RecoveryState): string {
  switch (state.view) {
    case 'idle':
    case 'loading':
    case 'redirect':
      return 'loading';
    case 'challenge':
    case 'submitting':
    case 'error':
      return 'challenge';
    default:
      return state.view;
  }
}

function SessionRecoveryView(props: { locale: Locale }) {
  const { locale } = props;
  const { flow, state, focus } = useFlow(() =>
    createRecoveryFlow({
      fetchChallenges: fetchRecoveryChallenges,
      sendNotification: sendRecoveryNotification,
      go: (path) => location.replace(localizedPath(locale, path)),
      track: (event) => {
        if (event === 'page') pageAnalytics.page('forgot_password');
        else pageAnalytics.track('recovery_link_sent', { page: 'forgot_password' });
      },
    }),
  );
  const clientId = usePageClientId();

  useEffect(() => {
    // Codes, the phone number and the e-mail leave the address at once; the csrf moves to session
    // storage.
    const csrf = takeCsrf();
    const params = readRecoveryParams(currentQuery());
    takeQueryParams(RECOVERY_SECRET_PARAMS);
    void flow.open({ ...params, csrf: csrf.value });
    return flow.destroy;
  }, [flow]);

  return (
    <ViewFocus focus={focus} view={screenOf(state)}>
      <Screen
        state={state}
        retry={() => void flow.retry()}
        setAnswer={flow.setAnswer}
        submit={() => void flow.submit()}
        login={loginHref(locale, clientId)}
        expiredLogin={localizedPath(locale, '/login')}
      />
    </ViewFocus>
  );
}

function Screen(props: {
  state: RecoveryState;
  retry: () => void;
  setAnswer: (answer: string) => void;
  submit: () => void;
  login: string;
  expiredLogin: string;
}) {
  const t = useT();
  const { state, login } = props;
  switch (state.view) {
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
      return <SessionExpired loginHref={props.expiredLogin} />;
    case 'unreachable':
      return (
        <Card heading={t('recovery:unreachable.title')}>
          <ErrorAlert>{t.text(state.error)}</ErrorAlert>
          <Button onClick={props.retry}>{t('common:retry')}</Button>
        </Card>
      );
    case 'not_configured':
      return (
        <Card heading={t('recovery:notConfigured.title')}>
          <p role="status">{t('recovery:notConfigured.body')}</p>
          <a className="button button-secondary" href={login}>
            {t('common:backToLogin')}
          </a>
        </Card>
      );
    case 'link_sent':
      return <LinkSent loginHref={login} />;
    case 'challenge':
    case 'submitting':
    case 'error': {
      const submitting = state.view === 'submitting';
      const fieldError = state.view === 'submitting' ? undefined : state.fieldError;
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
          <Form className="stack" onSubmit={props.submit}>
            <FormError error={state.view === 'error' ? state.error : undefined} />
            <TextField
              label={t('recovery:challenge.label')}
              name="name"
              autoComplete="name"
              dir={state.hint.dir ?? 'auto'}
              required
              value={state.answer}
              readOnly={submitting}
              error={fieldError ? t.text(fieldError) : undefined}
              onChange={(event) => props.setAnswer(event.target.value)}
            />
            <Button type="submit" pending={submitting} pendingLabel={t('common:pleaseWait')}>
              {t('recovery:challenge.submit')}
            </Button>
          </Form>
          <a className="button button-link" href={login}>
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
      <ViewHeading id={HEADING_ID}>{props.heading}</ViewHeading>
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
      <ViewHeading id={HEADING_ID}>{t('recovery:linkSent.title')}</ViewHeading>
      <p role="status">{t('recovery:linkSent.body')}</p>
      <a className="button button-primary" href={props.loginHref}>
        {t('common:backToLogin')}
      </a>
    </section>
  );
}

/** The session-expired screen (no recovery request in the address): to the login in 2 s. */
function SessionExpired(props: { loginHref: string }) {
  const t = useT();
  const { loginHref } = props;
  useEffect(() => {
    const timer = setTimeout(() => location.replace(loginHref), SESSION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [loginHref]);
  return (
    <section className="card center stack" aria-labelledby={HEADING_ID}>
      <ViewHeading id={HEADING_ID}>{t('session:unknownTitle')}</ViewHeading>
      <p className="muted" role="status">
        {t('session:unknownBody')}
      </p>
      <a className="button button-secondary" href={loginHref}>
        {t('session:redirectNow')}
      </a>
    </section>
  );
}
