/**
 * The browser side of the link pages, without a framework: the outcomes are pre-rendered
 * sections (src/components/links/*.astro), hidden but the first; these helpers show the one for
 * the flow's state, move focus to its heading, and drive the few live bits. Text only through
 * `textContent` and attributes (Trusted Types are enforced).
 */
import type { Text } from '../i18n/types.ts';
import { textOf } from './text.ts';

/** The page's root (`data-link-page`); throws when the page has none (a build mistake). */
export function linkRoot(): HTMLElement {
  const root = document.querySelector<HTMLElement>('[data-link-page]');
  if (!root) throw new Error('No link page on this page');
  return root;
}

/** `value` when it is one of `allowed`, otherwise `fallback`. */
export function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  return (allowed as readonly (string | undefined)[]).includes(value) ? (value as T) : fallback;
}

export type ShowView = (view: string, variant?: string) => HTMLElement | undefined;

/**
 * Returns `show(view, variant?)`: un-hides the section of that view (and variant), hides the
 * others and moves focus to its heading, so screen readers announce the new outcome. The section
 * painted first does not take focus (the page's own load does not steal it).
 */
export function createViews(root: HTMLElement): ShowView {
  const sections = [...root.querySelectorAll<HTMLElement>('section[data-view]')];
  let current = sections.find((section) => !section.hidden);
  return (view, variant) => {
    const next = sections.find(
      (section) =>
        section.dataset['view'] === view &&
        (variant === undefined || section.dataset['variant'] === variant),
    );
    if (!next || next === current) return next;
    for (const section of sections) section.hidden = section !== next;
    current = next;
    next.querySelector<HTMLElement>('h1')?.focus();
    return next;
  };
}

/** Writes text into the element matching `selector` inside `scope` (if any). */
export function setText(scope: ParentNode, selector: string, text: string): void {
  const element = scope.querySelector(selector);
  if (element) element.textContent = text;
}

/** The 'no answer' view: its message (role=alert, announced as it changes). */
export function showMessage(root: HTMLElement, section: HTMLElement | undefined, message: Text) {
  if (section) setText(section, '[data-message]', textOf(root, message));
}

/** Every 'Try again' button of the page calls `retry`. */
export function onRetry(root: HTMLElement, retry: () => void): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-retry]')) {
    button.addEventListener('click', retry);
  }
}

/**
 * The confirm button of a page whose link spends a token: pre-rendered disabled (a press before
 * the script runs would do nothing), enabled here, and the only thing that runs the call. A
 * second press while the first runs is ignored (the button is busy and the flow runs one call).
 */
export function onConfirm(root: HTMLElement, run: () => Promise<void>): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-confirm]')) {
    button.addEventListener('click', () => {
      if (isPending(button)) return;
      setPending(button, true);
      void run().finally(() => setPending(button, false));
    });
    button.disabled = false;
  }
}

/**
 * A button that is busy: it says its `data-pending-label`, is marked busy and disabled for
 * assistive technology, and its handler ignores clicks meanwhile (no double submit).
 */
export function setPending(button: HTMLButtonElement, pending: boolean): void {
  const label = (button.dataset['label'] ??= (button.textContent ?? '').trim());
  button.textContent = pending ? (button.dataset['pendingLabel'] ?? label) : label;
  for (const name of ['aria-busy', 'aria-disabled']) {
    if (pending) button.setAttribute(name, 'true');
    else button.removeAttribute(name);
  }
}

export function isPending(button: HTMLButtonElement): boolean {
  return button.getAttribute('aria-busy') === 'true';
}
