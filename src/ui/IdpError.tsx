import { useStore } from '@nanostores/react';
import type { IdpLoginError } from '../contract/identity-service.ts';
import { startAgainAddress } from '../lib/identity-service.ts';
import { $client } from '../stores/client.ts';
import { useT } from './i18n.tsx';
import { ViewHeading } from './ViewHeading.tsx';

/**
 * The login page when the identity service refused to finish a sign-in (`/login?error=`): what
 * happened, and the way back: the app (through the identity service's 'start again', which sends
 * a new authorize request), or the previous page when the app is not known. Signing in here again
 * could not finish: the sign-in the app asked for is over. Needs the `login` namespace.
 */
export function IdpError(props: { error: IdpLoginError; clientId: string | undefined }) {
  const t = useT();
  const client = useStore($client);
  const { clientId } = props;
  return (
    <div className="stack center" data-view="idp_error">
      <ViewHeading>{t('login:idpError.title')}</ViewHeading>
      <p role="alert">{t(`login:idpError.${props.error}`)}</p>
      {clientId ? (
        <a className="button button-primary" href={startAgainAddress(clientId)}>
          {client.status === 'client'
            ? t('login:idpError.backTo', { client: client.name })
            : t('login:idpError.backToApp')}
        </a>
      ) : (
        <button type="button" className="button button-primary" onClick={() => history.back()}>
          {t('login:idpError.goBack')}
        </button>
      )}
    </div>
  );
}
