import { createContext, Fragment, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from '../i18n/config.ts';
import { fillSentence } from '../i18n/rich.ts';
import { createT, type Translate } from '../i18n/t.ts';
import type { I18nKey, Params } from '../i18n/types.ts';

const TContext = createContext<Translate | null>(null);

/**
 * An island's text: `t()` for its locale and namespaces, elements inside a translated sentence
 * (`RichText`), and left-to-right isolation of numbers, codes, phones and e-mails (`ltr`, `Ltr`).
 */

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

/**
 * A translated sentence (`k`) with elements where its placeholders stand (`slots`: a link, an
 * amount or a number in `<Ltr>`), in the order each language puts them.
 */
export function RichText(props: {
  k: I18nKey;
  slots: Readonly<Record<string, ReactNode>>;
  params?: Params;
}) {
  const t = useT();
  return (
    <>
      {fillSentence(t(props.k, props.params), props.slots).map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

/**
 * Numbers, codes, phones and e-mails stay left-to-right inside a sentence of any direction, one
 * way: as a first-strong left-to-right isolate. `ltr()` isolates a string handed to `t()` as a
 * parameter (Unicode LRI … PDI); `<Ltr>` isolates an element put in a sentence (`<bdi dir="ltr">`,
 * the same isolate in markup).
 */
export function ltr(value: string): string {
  return `\u2066${value}\u2069`;
}

export function Ltr(props: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={props.className}>
      {props.children}
    </bdi>
  );
}
