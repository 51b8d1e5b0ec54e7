import { useEffect } from 'react';

/**
 * Text typed into a pre-rendered field before its island hydrated stays on screen, but React does
 * not know it: the flow's state is still empty and the next render would wipe the field. Once the
 * field is mounted, this hands what was typed to its `onChange`, as if it had just been typed.
 */
export function useTypedBeforeHydration(id: string, value: unknown): void {
  useEffect(() => {
    const field = document.getElementById(id);
    if (!(field instanceof HTMLInputElement) || typeof value !== 'string') return;
    const typed = field.value;
    if (typed === value) return;
    // React tracks the value it rendered through the element's own `value` setter; the
    // prototype's setter changes the field without telling it, so the input event is a change.
    field.value = value;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // Once, on the first mount: later values come from React itself.
  }, [id]);
}
