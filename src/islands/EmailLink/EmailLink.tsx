import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { unlinkEmail, verifyEmail } from '../../api/links.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { pathToken } from '../../lib/address.ts';
import { reportError } from '../../lib/error-reporting.ts';
import { createEmailLinkFlow, type EmailLinkAction } from '../../stores/flows/email-link.ts';
import { I18nProvider, useT } from '../../ui/i18n.tsx';
import type { IllustrationKind } from '../../ui/illustrations.tsx';
import {
  ContactLine,
  LinkCard,
  LinkLoader,
  NetworkRetry,
  useFocusOnChange,
} from '../../ui/link-page.tsx';
import { OpenAppButton } from '../../ui/OpenAppButton.tsx';

export interface EmailLinkProps {
  locale: Locale;
  messages: Pick<Messages, 'links' | 'common'>;
  /** verify: `/email/{id}/verify`; unlink: `/email/{id}/unlink`; expired: the plain `/email/{id}`. */
  action: EmailLinkAction;
}

/** The e-mail link pages: the call runs on load; each outcome has its picture, 'Open the app' and contact-us. */
export function EmailLink(props: EmailLinkProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <EmailLinkPage action={props.action} />
    </I18nProvider>
  );
}

const OUTCOMES = {
  verified: {
    illustration: 'verified',
    title: 'links:email.verifiedTitle',
    body: 'links:email.verifiedBody',
  },
  already_used: {
    illustration: 'used',
    title: 'links:email.alreadyUsedTitle',
    body: 'links:email.alreadyUsedBody',
  },
  expired: {
    illustration: 'expired',
    title: 'links:email.expiredTitle',
    body: 'links:email.expiredBody',
  },
  wrong_account: {
    illustration: 'removed',
    title: 'links:email.wrongAccountTitle',
    body: 'links:email.wrongAccountBody',
  },
} as const satisfies Record<
  string,
  { illustration: IllustrationKind; title: string; body: string }
>;

function EmailLinkPage(props: { action: EmailLinkAction }) {
  const t = useT();
  const [flow] = useState(() =>
    createEmailLinkFlow({
      action: props.action,
      // /email/{id}/verify and /email/{id}/unlink: the id is the second segment from the end.
      id: () => pathToken(location.pathname, props.action === 'expired' ? -1 : -2),
      verify: verifyEmail,
      unlink: unlinkEmail,
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
      return (
        <LinkLoader
          headingRef={heading}
          title={t(
            props.action === 'unlink' ? 'links:email.loadingUnlink' : 'links:email.loadingVerify',
          )}
        />
      );
    case 'network':
      return (
        <NetworkRetry
          headingRef={heading}
          title={t(
            props.action === 'unlink' ? 'links:email.loadingUnlink' : 'links:email.loadingVerify',
          )}
          message={state.message}
          onRetry={() => void flow.start()}
        />
      );
    default: {
      const outcome = OUTCOMES[state.view];
      return (
        <LinkCard
          key={state.view}
          view={state.view}
          illustration={outcome.illustration}
          title={t(outcome.title)}
          headingRef={heading}
        >
          <p>{t(outcome.body)}</p>
          <OpenAppButton />
          <ContactLine />
        </LinkCard>
      );
    }
  }
}
