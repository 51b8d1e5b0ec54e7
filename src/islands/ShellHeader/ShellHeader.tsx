/**
 * Hydrates every page's header: the client's name and logo (or the product's), and the 'Close'
 * menu when the address carries a checkout (acr_values).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { PRODUCT, surveyUrl } from '../../config.ts';
import type { Locale } from '../../i18n/config.ts';
import type { I18nKey, Messages } from '../../i18n/types.ts';
import { hasInvoice, queryAcrValues } from '../../lib/acr-values.ts';
import { currentQuery, queryClientId } from '../../lib/address.ts';
import { readPersisted, writePersisted } from '../../lib/persisted.ts';
import { $client, loadClient } from '../../stores/client.ts';
import { I18nProvider, useT } from '../../ui/i18n.tsx';
import { useLocationSearch } from '../../ui/use-query.ts';

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
      <CloseMenu />
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

function CloseMenu() {
  const t = useT();
  const search = useLocationSearch();
  const acr = useMemo(() => queryAcrValues(new URLSearchParams(search)), [search]);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (!acr) return null;

  const closeWithoutInvoice = () => {
    window.close();
    // Still here: the page was not opened by a script, so leave for the product site.
    location.assign(PRODUCT.site);
  };

  return (
    <div className="close-menu">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <span className="menu-icon" aria-hidden="true" />
        <span className="menu-text">{t('shell:menu')}</span>
      </button>
      <div id={menuId} className="close-menu-list" hidden={!open}>
        {hasInvoice(acr) ? (
          <a className="menu-item" href={surveyUrl(acr.invoiceId)}>
            {t('shell:close')}
          </a>
        ) : (
          <button type="button" className="menu-item" onClick={closeWithoutInvoice}>
            {t('shell:close')}
          </button>
        )}
      </div>
    </div>
  );
}
