/**
 * Hydrates every page's header: the client's name and logo (or the product's), and the 'Close'
 * menu when the address carries a checkout (acr_values): ./CloseMenu.tsx.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../i18n/config.ts';
import type { I18nKey, Messages } from '../../i18n/types.ts';
import { queryAcrValues } from '../../lib/acr-values.ts';
import { currentQuery, queryClientId } from '../../lib/address.ts';
import { readPersisted, writePersisted } from '../../lib/persisted.ts';
import { $client, loadClient } from '../../stores/client.ts';
import { I18nProvider, useT } from '../../ui/i18n.tsx';
import { useLocationSearch } from '../../ui/use-query.ts';

import { CloseMenu } from './CloseMenu.tsx';

/** The strings the header draws: the only ones its props carry. */
export const SHELL_HEADER_KEYS = [
  'common:productName',
  'shell:close',
  'shell:logoAlt',
  'shell:menu',
] as const satisfies readonly I18nKey[];

export interface ShellHeaderProps {
  locale: Locale;
  messages: Partial<Messages>;
}

/** The header's live part: the client's name and logo, and the 'Close' menu for acr_values. */
export function ShellHeader(props: ShellHeaderProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <Brand />
      <Checkout />
    </I18nProvider>
  );
}

function Brand() {
  const t = useT();
  const client = useStore($client);
  const [logoFailed, setLogoFailed] = useState(false);

  useEffect(() => {
    const fromQuery = queryClientId(currentQuery());
    if (fromQuery) writePersisted('clientId', fromQuery);
    void loadClient(fromQuery ?? readPersisted('clientId'), location.origin);
  }, []);

  const name = client.status === 'client' ? client.name : t('common:productName');
  const logo = client.status === 'client' && !logoFailed ? client.logoUri : undefined;
  return (
    <span className="brand" aria-busy={client.status === 'loading'}>
      {logo ? (
        <img
          className="brand-logo"
          src={logo}
          alt={t('shell:logoAlt', { client: name })}
          width={32}
          height={32}
          referrerPolicy="no-referrer"
          onError={() => setLogoFailed(true)}
        />
      ) : (
        <span className="brand-mark" aria-hidden="true" />
      )}
      {/* The name's own direction on the element that cuts it: the ellipsis at its logical end. */}
      <span className="brand-name" dir="auto">
        {name}
      </span>
    </span>
  );
}

/** The 'Close' menu, for an address with acr_values. */
function Checkout() {
  const search = useLocationSearch();
  const acr = useMemo(() => queryAcrValues(new URLSearchParams(search)), [search]);
  if (!acr) return null;
  return <CloseMenu acr={acr} />;
}
