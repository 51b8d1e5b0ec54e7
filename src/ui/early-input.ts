import { useEffect, useEffectEvent, useLayoutEffect } from 'react';
import { EARLY_ACTION } from './early-input-script.ts';

/**
 * Text typed into a pre-rendered field before its island hydrated stays on screen, but React does
 * not know it: the flow's state is still empty and the next render would wipe the field. When the
 * field is first mounted, this hands what was typed to `apply` (the field's change handler).
 */
export function useTypedBeforeHydration(
  id: string,
  value: unknown,
  apply: (typed: string, field: HTMLInputElement) => void,
): void {
  // A layout effect runs in the hydrating commit itself, before any re-render could wipe the
  // field (hydrated `useSyncExternalStore` values re-render at once, for instance). The handler
  // is called directly: a synthetic input event would be undone by React's controlled-input
  // restore, since the flow's store re-renders the field only later.
  useLayoutEffect(() => {
    const field = document.getElementById(id);
    if (!(field instanceof HTMLInputElement) || typeof value !== 'string') return;
    if (field.value !== value) apply(field.value, field);
    // Once, on the first mount: later values come from React itself.
  }, [id]);
}

/**
 * Whether the press or submit kept before hydration (./early-input-script.ts) is `action`; if
 * so it is taken, so that it is replayed once.
 */
export function takeEarlyAction(action: string): boolean {
  const page = window as unknown as Record<string, unknown>;
  if (page[EARLY_ACTION] !== action) return false;
  delete page[EARLY_ACTION];
  return true;
}

/**
 * Replays, as the view first runs, the press or submit `action` made before it hydrated: a
 * Continue pressed on the pre-rendered form goes out without a second press. (What was typed is
 * handed over before: layout effects run first.)
 */
export function useEarlyAction(action: string, replay: () => void): void {
  const run = useEffectEvent(replay);
  useEffect(() => {
    if (takeEarlyAction(action)) run();
  }, [action]);
}
