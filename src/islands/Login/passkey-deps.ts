/**
 * The browser's side of the login's passkey deps (src/stores/flows/login/passkeys.ts): nothing of
 * it is in /login's first load. Once the page runs, the support check, the ceremonies and calls
 * (./passkey-browser.ts) and the views (./PasskeyViews.tsx) load beside it.
 */
import type { LoginPasskeyDeps } from '../../stores/flows/login/index.ts';

export const browserPasskeys: LoginPasskeyDeps = {
  load: async () =>
    (await Promise.all([import('./passkey-browser.ts'), import('./PasskeyViews.tsx')]))[0],
};
