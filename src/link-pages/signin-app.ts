/** `/signin/{id}` in the browser: the store by device, at once. */
import { createSigninAppFlow } from '../stores/flows/signin-app.ts';
import { createViews, linkRoot } from './dom.ts';

export function mountSigninApp(root = linkRoot()): void {
  const flow = createSigninAppFlow({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    // Replaces the page: no history entry to come back to.
    navigate: (url) => location.replace(url),
  });
  const show = createViews(root);
  flow.$state.subscribe((state) => {
    if (state.view === 'store') {
      // The link to this device's store (both are pre-rendered, hidden).
      for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-store-link]')) {
        link.hidden = link.getAttribute('href') !== state.url;
      }
    }
    show(state.view);
  });
  flow.start();
}
