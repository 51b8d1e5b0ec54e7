import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from '../i18n/config.ts';
import { createT, type Translate } from '../i18n/t.ts';

const TContext = createContext<Translate | null>(null);

/** Gives an island's components the `t()` of its locale and the namespaces it was handed. */
export function I18nProvider(props: { locale: Locale; messages: object; children: ReactNode }) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  return <TContext.Provider value={t}>{props.children}</TContext.Provider>;
}

export function useT(): Translate {
  const t = useContext(TContext);
  if (!t) throw new Error('useT() outside <I18nProvider>');
  return t;
}
