/** The header's 'Close' menu (./ShellHeader.tsx), loaded when the address carries acr_values. */
import { useEffect, useId, useRef, useState } from 'react';
import { PRODUCT, surveyUrl } from '../../config.ts';
import { hasInvoice, type AcrValues } from '../../lib/acr-values.ts';
import { useT } from '../../ui/i18n.tsx';

/** The 'Close' menu of a checkout: its survey for an invoice, else leave for the product site. */
export function CloseMenu({ acr }: { acr: AcrValues }) {
  const t = useT();
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
