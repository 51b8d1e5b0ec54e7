/**
 * An island's later views: its views after the first ones, in one module (`LaterViews.ts`), with
 * the messages they use. The page's HTML carries the first views' keys only (a key list next to
 * the island, read by the page with `pickKeys`, src/i18n/messages.ts); the module exports its
 * views and `messages(locale)`, the island's catalogs of that language, whole, one chunk a language
 * (src/integrations/catalog-chunks.ts).
 *
 *     const later = laterViews(() => import('./LaterViews.ts'));
 *     const OtpStep = later.view((views) => views.OtpStep);
 *     island(Screen, { laterMessages: later.useMessages });
 *
 * The module loads as a view's does (`lazyView`: when the browser is idle, or when the flow opens
 * one of its views) and counts as loaded only once its messages are too; they are set in a store
 * that the island reads with `useStore`, whose update React renders at once (a microtask), before
 * it retries a view that waited for the module. So a later view never renders without its
 * messages, whichever view the flow opens first (a `view=` preset) and in every language.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { Locale } from '../i18n/config.ts';
import type { Messages } from '../i18n/types.ts';
import { later } from '../lib/later.ts';
import { lazyView } from './lazy-view.tsx';

export interface LaterViewsModule {
  /** The island's catalogs in `locale`, whole. */
  messages: (locale: Locale) => Promise<Partial<Messages>>;
}

export function laterViews<M extends LaterViewsModule>(load: () => Promise<M>) {
  const $messages = atom<Partial<Messages> | undefined>(undefined);
  // The island's language, known once it renders (before anything is loaded: see above).
  let setLocale: (locale: Locale) => void = () => {};
  const pageLocale = new Promise<Locale>((resolve) => (setLocale = resolve));
  const module = later(
    async () => {
      const views = await load();
      $messages.set(await views.messages(await pageLocale));
      return views;
    },
    { when: 'demand' },
  );
  return {
    /** A view of the module (`lazyView`: it suspends until the module and its messages are here). */
    view<P extends object>(pick: (views: M) => ComponentType<P>): (props: P) => ReactNode {
      return lazyView(() => module.load().then(pick));
    },
    /** The island's messages: the page's, then its catalogs, whole, once loaded (`laterMessages`). */
    useMessages(locale: Locale, messages: object): object {
      useState(() => setLocale(locale));
      const loaded = useStore($messages);
      return useMemo(() => (loaded ? { ...messages, ...loaded } : messages), [messages, loaded]);
    },
  };
}
