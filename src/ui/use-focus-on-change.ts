import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves focus to `ref`'s element when it appears, or when `view` changes under it, while `focus`
 * is on (the flow's `$viewChanged`: the page has left its first view). A screen reader then
 * announces each new step; the page's own load never takes focus, and neither does a change that
 * keeps the same view (a field error, a call in flight).
 */
export function useFocusOnChange(
  ref: RefObject<HTMLElement | null>,
  focus: boolean,
  view: string,
): void {
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (focus && shown.current !== view) ref.current?.focus();
    shown.current = view;
  }, [ref, focus, view]);
}
