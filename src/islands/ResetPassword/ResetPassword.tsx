/**
 * Hydrates `/password/{token}`: a new password from a reset link (its rules shown while typing,
 * the robot check when the flag asks for it), or the expired link with a way to ask for another.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { pageAnalytics } from '../../api/analytics.ts';
import { resetPassword } from '../../api/recovery.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { pathToken } from '../../lib/address.ts';
import { loginHref, pageHref } from '../../lib/hrefs.ts';
import { $flags, loadFlags } from '../../stores/flags.ts';
import { breachCheck } from '../../stores/flows/browser-deps.ts';
import { sessionWaits } from '../../lib/wait-store.ts';
import { createResetPasswordFlow, isWaiting } from '../../stores/flows/reset-password.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { useT } from '../../ui/i18n.tsx';
import { NewPasswordField, NewPasswordRecaptcha } from '../../ui/NewPasswordField.tsx';
import { usePageClientId } from '../../ui/use-query.ts';
import { ViewFocus, ViewHeading } from '../../ui/ViewHeading.tsx';
import { Form } from '../../ui/Form.tsx';
import { island, useFlow } from '../../ui/island.tsx';
import { WaitCard } from '../../ui/WaitCard.tsx';
import { WaitNotice } from '../../ui/WaitNotice.tsx';

export type ResetPasswordMessages = Pick<
  Messages,
  'common' | 'error' | 'fields' | 'password' | 'recaptcha'
>;

const HEADING_ID = 'password-title';

export const ResetPassword = island<ResetPasswordMessages>(ResetPasswordView);

function ResetPasswordView(props: { locale: Locale }) {
  const { locale } = props;
  const t = useT();
  const { flow, state, focus } = useFlow(() =>
    createResetPasswordFlow({
      resetPassword,
      checkPassword: breachCheck,
      go: (path) => location.replace(localizedPath(locale, path)),
      track: (event) => {
        if (event === 'page') pageAnalytics.page('forgot_password');
        else pageAnalytics.track(`password_reset_${event}`, { page: 'forgot_password' });
      },
      wait: { waits: sessionWaits },
    }),
  );
  const clientId = usePageClientId(true);
  const flagsLoading = useStore($flags).status === 'loading';
  // A submit while the flags load (whether the robot check is needed is not known yet) waits for
  // them, then goes once: one pressed before the page ran, replayed at once, is not lost.
  const [queued, setQueued] = useState(false);

  // Opened in the hydrating commit, before the form's effect replays a submit pressed early.
  useLayoutEffect(() => {
    flow.open(pathToken(location.pathname, -1));
    void loadFlags();
    return flow.destroy;
  }, [flow]);
  // After the robot check's own effect has told the flow whether it is required. The flags load
  // once: this runs once for a queued submit.
  useEffect(() => {
    if (queued && !flagsLoading) void flow.submit();
  }, [flow, queued, flagsLoading]);

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
        <WaitCard id={HEADING_ID} title={t('password:title')} status={t('common:pleaseWait')} />
      </ViewFocus>
    );
  }

  const submitting = state.view === 'submitting';
  const editing = state.view === 'editing' ? state : undefined;
  // The button refuses a password that breaks a rule, and a robot check not passed; while the
  // flags load, whether a check is needed is not known, and a press is queued, not refused.
  const refused = editing && (editing.failed.length > 0 || (editing.invalid && !flagsLoading));
  return (
    <ViewFocus focus={focus} view={screen}>
      <section className="card stack" aria-labelledby={HEADING_ID}>
        <ViewHeading id={HEADING_ID}>{t('password:title')}</ViewHeading>
        <p className="muted">{t('password:intro')}</p>
        <Form className="stack" onSubmit={() => (flagsLoading ? setQueued(true) : flow.submit())}>
          <FormError error={editing?.error} />
          <NewPasswordField
            value={state.password}
            onChange={(password) => flow.setPassword(password)}
            failed={editing?.failed ?? []}
            error={editing?.fieldError ? t.text(editing.fieldError) : undefined}
            disabled={submitting}
          />
          <NewPasswordRecaptcha flow={flow} token={state.recaptchaToken} />
          <WaitNotice wait={editing?.wait} />
          <Button
            type="submit"
            pending={submitting || (queued && flagsLoading)}
            pendingLabel={t('common:pleaseWait')}
            disabled={refused === true || isWaiting(state)}
          >
            {t('password:submit')}
          </Button>
        </Form>
        <a className="button button-link" href={login}>
          {t('common:backToLogin')}
        </a>
      </section>
    </ViewFocus>
  );
}
