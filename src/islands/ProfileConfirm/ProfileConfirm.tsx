import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { confirmProfileUpdate } from '../../api/links.ts';
import { PRODUCT } from '../../config.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { pathToken } from '../../lib/address.ts';
import { reportError } from '../../lib/error-reporting.ts';
import { createProfileConfirmFlow } from '../../stores/flows/profile-confirm.ts';
import { I18nProvider, useT } from '../../ui/i18n.tsx';
import {
  ContactLine,
  LinkCard,
  LinkLoader,
  NetworkRetry,
  SupportCode,
  useFocusOnChange,
} from '../../ui/link-page.tsx';

export interface ProfileConfirmProps {
  locale: Locale;
  messages: Pick<Messages, 'links' | 'common'>;
}

/** `/profile/update/confirm/{token}`: loader, then success, invalid link (US-0002) or a support code. */
export function ProfileConfirm(props: ProfileConfirmProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <ProfileConfirmPage />
    </I18nProvider>
  );
}

function ProfileConfirmPage() {
  const t = useT();
  const [flow] = useState(() =>
    createProfileConfirmFlow({
      token: () => pathToken(location.pathname, -1),
      confirm: confirmProfileUpdate,
      report: reportError,
    }),
  );
  const state = useStore(flow.$state);
  const heading = useFocusOnChange(state.view);
  useEffect(() => {
    void flow.start();
  }, [flow]);
  const product = t('common:productName');

  switch (state.view) {
    case 'loading':
      return <LinkLoader headingRef={heading} title={t('links:profile.loading')} />;
    case 'network':
      return (
        <NetworkRetry
          headingRef={heading}
          title={t('links:profile.loading')}
          message={state.message}
          onRetry={() => void flow.start()}
        />
      );
    case 'success':
      return (
        <LinkCard
          view="success"
          illustration="thanks"
          title={t('links:profile.successTitle')}
          headingRef={heading}
        >
          <p>{t('links:profile.successBody')}</p>
          <a className="button button-primary" href={PRODUCT.site} rel="noopener noreferrer">
            {t('links:profile.backToSite', { product })}
          </a>
        </LinkCard>
      );
    case 'invalid':
      return (
        <LinkCard
          view="invalid"
          illustration="expired"
          title={t('links:profile.invalidTitle')}
          headingRef={heading}
        >
          <p>{t('links:profile.invalidBody')}</p>
          <ContactLine />
        </LinkCard>
      );
    case 'error':
      return (
        <LinkCard
          view="error"
          illustration="error"
          title={t('links:profile.errorTitle')}
          headingRef={heading}
        >
          <p>{t('links:errorBody')}</p>
          <SupportCode code={state.code} />
          <ContactLine />
        </LinkCard>
      );
  }
}
