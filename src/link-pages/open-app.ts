/**
 * 'Open the app' on the pre-rendered e-mail outcomes: waits 1000 ms (src/lib/open-app.ts), then
 * the Android or iOS store by device; on a computer no store opens and the hint says to open the
 * app on the phone. A second tap while waiting does nothing; leaving the page cancels the wait.
 */
import { openApp } from '../lib/open-app.ts';
import { isPending, setPending } from './dom.ts';

export function wireOpenApp(root: HTMLElement): void {
  let cancel: (() => void) | undefined;
  addEventListener('pagehide', () => cancel?.());
  for (const button of root.querySelectorAll<HTMLButtonElement>('.open-app')) {
    const hint = button.parentElement?.querySelector<HTMLElement>('.open-app-hint');
    button.addEventListener('click', () => {
      if (isPending(button)) return;
      setPending(button, true);
      if (hint) hint.textContent = '';
      cancel = openApp({
        userAgent: navigator.userAgent,
        maxTouchPoints: navigator.maxTouchPoints,
        navigate: (url) => {
          setPending(button, false);
          location.assign(url);
        },
        onNoStore: () => {
          setPending(button, false);
          if (hint) hint.textContent = hint.dataset['hint'] ?? '';
        },
      });
    });
  }
}
