import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { acceptCorporateInvitation, verifyCorporateEmail } from '../../api/links.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { pathToken } from '../../lib/address.ts';
import { reportError } from '../../lib/error-reporting.ts';
import {
  createCorporateLinkFlow,
  type CorporateLinkKind,
} from '../../stores/flows/corporate-link.ts';
import { I18nProvider, useT } from '../../ui/i18n.tsx';
import {
  ContactLine,
  LinkCard,
  LinkLoader,
  NetworkRetry,
  useFocusOnChange,
} from '../../ui/link-page.tsx';
import { StoreLinks } from '../../ui/StoreLinks.tsx';

export interface CorporateLinkProps {
  locale: Locale;
  messages: Pick<Messages, 'links' | 'common'>;
  /** invitation: `/corporate/invitation/{token}`; verify: `/corporate/verify/{token}`. */
  kind: CorporateLinkKind;
}

/** Corporate invitation and corporate e-mail verification: loading, then valid or invalid. */
export function CorporateLink(props: CorporateLinkProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <CorporateLinkPage kind={props.kind} />
    </I18nProvider>
  );
}

function CorporateLinkPage(props: { kind: CorporateLinkKind }) {
  const t = useT();
  const [flow] = useState(() =>
    createCorporateLinkFlow({
      token: () => pathToken(location.pathname, -1),
      check: props.kind === 'invitation' ? acceptCorporateInvitation : verifyCorporateEmail,
      report: reportError,
    }),
  );
  const state = useStore(flow.$state);
  const heading = useFocusOnChange(state.view);
  useEffect(() => {
    void flow.start();
  }, [flow]);
  const loadingTitle = t(
    props.kind === 'invitation'
      ? 'links:corporate.loadingInvitation'
      : 'links:corporate.loadingVerify',
  );
  const product = t('common:productName');

  switch (state.view) {
    case 'loading':
      return <LinkLoader headingRef={heading} title={loadingTitle} />;
    case 'network':
      return (
        <NetworkRetry
          headingRef={heading}
          title={loadingTitle}
          message={state.message}
          onRetry={() => void flow.start()}
        />
      );
    case 'invalid':
      return (
        <LinkCard
          view="invalid"
          illustration="error"
          title={t('links:corporate.invalidTitle')}
          headingRef={heading}
        >
          <p>{t('links:corporate.invalid')}</p>
          <ContactLine />
        </LinkCard>
      );
    case 'valid':
      return props.kind === 'invitation' ? (
        <LinkCard
          view="valid"
          illustration="welcome"
          title={t('links:corporate.welcomeTitle', { product })}
          headingRef={heading}
        >
          <p>{t('links:corporate.welcomeBody')}</p>
          <h2 className="benefits-title">{t('links:corporate.benefitsTitle')}</h2>
          <ul className="benefits">
            <li>{t('links:corporate.benefitRides')}</li>
            <li>{t('links:corporate.benefitReceipts')}</li>
            <li>{t('links:corporate.benefitProfiles')}</li>
          </ul>
          <StoreLinks />
        </LinkCard>
      ) : (
        <LinkCard
          view="valid"
          illustration="verified"
          title={t('links:corporate.verifiedTitle')}
          headingRef={heading}
        >
          <p>{t('links:corporate.verifiedBody')}</p>
          <StoreLinks />
        </LinkCard>
      );
  }
}
