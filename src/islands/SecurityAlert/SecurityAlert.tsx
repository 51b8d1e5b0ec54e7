import { useStore } from '@nanostores/react';
import { useEffect, useState, type Ref } from 'react';
import { acknowledgeAlert, fetchAlert } from '../../api/links.ts';
import type { Alert } from '../../contract/identity-api.ts';
import { INTL_LOCALE, type Locale } from '../../i18n/config.ts';
import type { Messages, Text } from '../../i18n/types.ts';
import { pathToken } from '../../lib/address.ts';
import { reportError } from '../../lib/error-reporting.ts';
import { createSecurityAlertFlow } from '../../stores/flows/security-alert.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { I18nProvider, useT } from '../../ui/i18n.tsx';
import {
  ContactLine,
  LinkCard,
  LinkLoader,
  NetworkRetry,
  Sentence,
  SupportCode,
  useFocusOnChange,
} from '../../ui/link-page.tsx';

export interface SecurityAlertProps {
  locale: Locale;
  messages: Pick<Messages, 'links' | 'common'>;
}

/** `/alerts/{alert}`: the alert, 'click here' to report it, then thank you; acknowledged and error pages. */
export function SecurityAlert(props: SecurityAlertProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <SecurityAlertPage />
    </I18nProvider>
  );
}

function SecurityAlertPage() {
  const t = useT();
  const [flow] = useState(() =>
    createSecurityAlertFlow({
      id: () => pathToken(location.pathname, -1),
      load: fetchAlert,
      acknowledge: acknowledgeAlert,
      report: reportError,
    }),
  );
  const state = useStore(flow.$state);
  const heading = useFocusOnChange(state.view);
  useEffect(() => {
    void flow.start();
  }, [flow]);

  switch (state.view) {
    case 'loading':
      return <LinkLoader headingRef={heading} title={t('links:alert.loading')} />;
    case 'network':
      return (
        <NetworkRetry
          headingRef={heading}
          title={t('links:alert.loading')}
          message={state.message}
          onRetry={() => void flow.start()}
        />
      );
    case 'shown':
      return (
        <AlertDetails
          alert={state.alert}
          reporting={state.reporting}
          error={state.error}
          headingRef={heading}
          onReport={() => void flow.reportAlert()}
        />
      );
    case 'thanks':
      return (
        <LinkCard
          view="thanks"
          illustration="thanks"
          title={t('links:alert.thanksTitle')}
          headingRef={heading}
        >
          <p>{t('links:alert.thanksBody')}</p>
          <ContactLine />
        </LinkCard>
      );
    case 'acknowledged':
      return (
        <LinkCard
          view="acknowledged"
          illustration="thanks"
          title={t('links:alert.acknowledgedTitle')}
          headingRef={heading}
        >
          <p>{t('links:alert.acknowledgedBody')}</p>
          <ContactLine />
        </LinkCard>
      );
    case 'error':
      return (
        <LinkCard
          view="error"
          illustration="error"
          title={t(
            state.stage === 'load' ? 'links:alert.loadErrorTitle' : 'links:alert.reportErrorTitle',
          )}
          headingRef={heading}
        >
          <p>{t('links:errorBody')}</p>
          <SupportCode code={state.code} />
          <ContactLine />
        </LinkCard>
      );
  }
}

function formatTime(at: string | undefined, locale: Locale): string | undefined {
  if (!at) return undefined;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

function AlertDetails(props: {
  alert: Alert;
  reporting: boolean;
  error: Text | undefined;
  headingRef: Ref<HTMLHeadingElement>;
  onReport: () => void;
}) {
  const t = useT();
  const product = t('common:productName');
  const login = props.alert.operation === 'LOGIN';
  const when = formatTime(props.alert.at, t.locale);
  const rows = [
    { label: t('links:alert.when'), value: when },
    { label: t('links:alert.device'), value: props.alert.device },
    { label: t('links:alert.location'), value: props.alert.location },
  ].filter((row): row is { label: string; value: string } => Boolean(row.value));

  return (
    <LinkCard
      view="shown"
      illustration="alert"
      title={t(login ? 'links:alert.loginTitle' : 'links:alert.profileTitle')}
      headingRef={props.headingRef}
    >
      <p>{t(login ? 'links:alert.loginBody' : 'links:alert.profileBody', { product })}</p>
      {rows.length > 0 && (
        <dl className="alert-details">
          {rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>
                <bdi>{row.value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="muted">{t('links:alert.ifYou')}</p>
      <p>
        <Sentence template="links:alert.report" name="link">
          <Button
            variant="link"
            className="inline-link"
            pending={props.reporting}
            pendingLabel={t('links:alert.reporting')}
            onClick={props.onReport}
          >
            {t('links:alert.reportLink')}
          </Button>
        </Sentence>
      </p>
      {props.error && <ErrorAlert>{t.text(props.error)}</ErrorAlert>}
    </LinkCard>
  );
}
