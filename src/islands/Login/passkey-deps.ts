/**
 * The browser's side of the login's passkey deps (src/stores/flows/login/passkeys.ts): nothing of
 * it is in /login's first load. Once the page runs, the support check, the ceremonies and calls
 * (./passkey-browser.ts) and the views (./PasskeyViews.tsx) load beside it.
 */
import { later } from '../../lib/later.ts';
import type { LoginPasskeyDeps } from '../../stores/flows/login/index.ts';

const passkeyBrowser = later(() => import('./passkey-browser.ts'), { when: 'demand' });
export const passkeyViews = later(() => import('./PasskeyViews.tsx'), { when: 'demand' });

export const browserPasskeys: LoginPasskeyDeps = {
  load: async () => (await Promise.all([passkeyBrowser.load(), passkeyViews.load()]))[0],
};
