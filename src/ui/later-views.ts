/**
 * An island's later views: its views after the first ones, in one module (`LaterViews.ts`), with
 * the messages that are not in the page. The page's HTML carries the first views' keys only (a
 * key list next to the island, read by the page with `pickKeys`, src/i18n/messages.ts); the module
 * exports its views and `messages(locale)`: the island's catalogs of that language, the server
 * errors' too, in one chunk a language (src/integrations/catalog-chunks.ts).
 *
 *     const later = laterViews(() => import('./LaterViews.ts'));
 *     const OtpStep = later.view((views) => views.OtpStep);
 *     export const Login = island(Screen, { laterMessages: later.useMessages });
 *
 * The module loads when the browser is idle, when the flow opens one of its views (`lazyView`),
 * or with the page's first call (src/api/client.ts, `loadWithCalls`: a failure waits for it, its
 * message may be a server error's), and counts as loaded only once its messages are too. They are
 * set in a store that the island reads with `useStore`, whose update React renders at once (in a
 * microtask), before it retries a view that waited for the module and before the failure of a
 * call that waited for it reaches the flow. So no later view and no error renders without its
 * message, whichever view the flow opens first (a `view=` preset), in every language.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { loadWithCalls } from '../api/client.ts';
import type { Locale } from '../i18n/config.ts';
import type { Messages } from '../i18n/types.ts';
import { later } from '../lib/later.ts';
import { lazyView } from './lazy-view.tsx';

export interface LaterViewsModule {
  /** The island's catalogs in `locale`, the server errors' too. */
  messages: (locale: Locale) => Promise<Partial<Messages>>;
}

export function laterViews<M extends LaterViewsModule>(load: () => Promise<M>) {
  const $messages = atom<Partial<Messages> | undefined>();
  // The island's language, known once it renders (before anything is loaded: see above).
  let setLocale: (locale: Locale) => void = () => {};
  const locale = new Promise<Locale>((resolve) => (setLocale = resolve));
  const module = later(
    async () => {
      const views = await load();
      $messages.set(await views.messages(await locale));
      return views;
    },
    { when: 'demand' },
  );
  loadWithCalls(module.load);
  /** A view of the module: it suspends until the module and its messages are here. */
  function view<P extends object>(pick: (views: M) => ComponentType<P>): (props: P) => ReactNode {
    return lazyView(() => module.load().then(pick));
  }
  /** The island's messages (its `laterMessages`): the page's, and the module's once here. */
  function useMessages(pageLocale: Locale, messages: object): object {
    // Once (one island a page); while pre-rendering it settles a promise nothing reads there.
    useState(() => setLocale(pageLocale));
    const loaded = useStore($messages);
    return useMemo(() => ({ ...messages, ...loaded }), [messages, loaded]);
  }
  return { view, useMessages };
}
