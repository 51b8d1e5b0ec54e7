import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { createSigninAppFlow } from '../../stores/flows/signin-app.ts';
import { I18nProvider, useT } from '../../ui/i18n.tsx';
import { LinkCard, LinkLoader, useFocusOnChange } from '../../ui/link-page.tsx';
import { StoreLinks } from '../../ui/StoreLinks.tsx';

export interface SigninAppProps {
  locale: Locale;
  messages: Pick<Messages, 'links' | 'common'>;
}

/** `/signin/{id}`: the Android or iOS store by device; otherwise 'install the app and try again'. */
export function SigninApp(props: SigninAppProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <SigninAppPage />
    </I18nProvider>
  );
}

function SigninAppPage() {
  const t = useT();
  const [flow] = useState(() =>
    createSigninAppFlow({
      userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
      maxTouchPoints: typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints,
      navigate: (url) => location.replace(url),
    }),
  );
  const state = useStore(flow.$state);
  const heading = useFocusOnChange(state.view);
  useEffect(() => flow.start(), [flow]);

  switch (state.view) {
    case 'checking':
      return <LinkLoader headingRef={heading} title={t('links:signin.checking')} />;
    case 'store':
      return (
        <LinkCard
          view="store"
          illustration="phone"
          title={t('links:signin.storeTitle')}
          headingRef={heading}
        >
          <a className="button button-primary" href={state.url} rel="noopener noreferrer">
            {t('links:signin.storeLink')}
          </a>
        </LinkCard>
      );
    case 'unsupported':
      return (
        <LinkCard
          view="unsupported"
          illustration="phone"
          title={t('links:signin.unsupported')}
          headingRef={heading}
        >
          <StoreLinks />
        </LinkCard>
      );
  }
}
