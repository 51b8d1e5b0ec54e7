import { useId } from 'react';
import { STORES } from '../config.ts';
import { useT } from './i18n.tsx';

/** Links to the app in both stores (destinations only from src/config.ts). */
export function StoreLinks() {
  const t = useT();
  const id = useId();
  return (
    <nav className="store-links" aria-labelledby={id}>
      <h2 id={id} className="store-links-title">
        {t('links:stores.label', { product: t('common:productName') })}
      </h2>
      <a
        className="button button-secondary"
        href={STORES.ios}
        rel="noopener noreferrer"
        data-store="ios"
      >
        {t('links:stores.ios')}
      </a>
      <a
        className="button button-secondary"
        href={STORES.android}
        rel="noopener noreferrer"
        data-store="android"
      >
        {t('links:stores.android')}
      </a>
    </nav>
  );
}
