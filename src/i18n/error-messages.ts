/**
 * The messages of the server's errors (the `spring_security_error` namespace, about 3 KB a
 * language) are not in the HTML of the pages that show them (login, sign-up, one-click): an island
 * that shows them (`island(Screen, { laterMessages: useErrorMessages })`, src/ui/island.tsx) loads
 * them, one file a language, when the browser is idle or with the page's first call
 * (src/api/client.ts, `loadWithCalls`), whichever comes first, so an error's message is always
 * here before the answer that needs it. English fills any gap, as in the pages' catalogs
 * (src/i18n/messages.ts).
 */
import { atom } from 'nanostores';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { loadWithCalls } from '../api/client.ts';
import { later } from '../lib/later.ts';
import type { Locale } from './config.ts';
import type { Messages } from './types.ts';

export type ErrorMessages = Messages['spring_security_error'];

const FILES = import.meta.glob<ErrorMessages>('../../i18n/*/spring_security_error.json', {
  import: 'default',
});

function file(locale: Locale): Promise<ErrorMessages> {
  const load = FILES[`../../i18n/${locale}/spring_security_error.json`];
  if (!load) return Promise.reject(new Error(`No error messages for ${locale}`));
  return load();
}

/** The messages of `locale`, English filling any gap. */
export async function errorMessages(locale: Locale): Promise<ErrorMessages> {
  const [english, local] = await Promise.all([file('en'), file(locale)]);
  return { ...english, ...local };
}

/** The messages, once here (the islands read them with `useStore`). */
export const $errorMessages = atom<ErrorMessages | undefined>(undefined);

let started = false;

/** Starts loading the messages of `locale` (once a page; never while pre-rendering). */
export function loadErrorMessages(locale: Locale): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const messages = later(async () => {
    const merged = await errorMessages(locale);
    $errorMessages.set(merged);
    return merged;
  });
  loadWithCalls(messages.load);
}

/** The page's messages with the errors' once they are here (an island's `laterMessages`). */
export function useErrorMessages(locale: Locale, messages: object): object {
  // Started as the island is first rendered (before its flow's first call), once.
  useState(() => loadErrorMessages(locale));
  // New messages re-render the whole island: in a transition, which yields to the browser between
  // parts (a store read with useStore would re-render it in one blocking task).
  const [errors, setErrors] = useState(() => $errorMessages.get());
  useEffect(() => $errorMessages.subscribe((value) => startTransition(() => setErrors(value))), []);
  return useMemo(
    () => (errors ? { ...messages, spring_security_error: errors } : messages),
    [messages, errors],
  );
}
