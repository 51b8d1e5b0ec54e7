/**
 * What every island does the same way: it renders its screen inside the i18n of its language
 * (the page hands over only the namespaces the island needs), and creates its flow once.
 */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useState, type ComponentType } from 'react';
import type { Locale } from '../i18n/config.ts';
import { I18nProvider } from './i18n.tsx';

export interface IslandProps<M extends object> {
  locale: Locale;
  messages: M;
}

/** Messages an island adds to the page's once they have loaded (src/i18n/error-messages.ts). */
export type MessagesHook = (locale: Locale, messages: object) => object;

const pageMessages: MessagesHook = (_locale, messages) => messages;

/**
 * The island a page hydrates: `Screen` inside `<I18nProvider>`. `laterMessages` adds messages
 * that are not among the page's props (the server errors', `useErrorMessages`) once loaded.
 */
export function island<M extends object>(
  Screen: ComponentType<{ locale: Locale }>,
  options: { laterMessages?: MessagesHook } = {},
) {
  const useMessages = options.laterMessages ?? pageMessages;
  return function Island(props: IslandProps<M>) {
    const messages = useMessages(props.locale, props.messages);
    return (
      <I18nProvider locale={props.locale} messages={messages}>
        <Screen locale={props.locale} />
      </I18nProvider>
    );
  };
}

type StateOf<F> = F extends { $state: ReadableAtom<infer S> } ? S : never;

/** The island's flow (created once), its state, and whether a new view's heading takes focus. */
export function useFlow<
  F extends { $state: ReadableAtom<unknown>; $viewChanged: ReadableAtom<boolean> },
>(create: () => F): { flow: F; state: StateOf<F>; focus: boolean } {
  const [flow] = useState(create);
  const state = useStore(flow.$state) as StateOf<F>;
  const focus = useStore(flow.$viewChanged);
  return { flow, state, focus };
}
