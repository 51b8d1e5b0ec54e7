/**
 * The browser's side of the login's passkey deps (src/stores/flows/login/passkeys.ts): nothing of
 * it is in /login's first load. Once the page runs, the support check, the ceremonies, the calls
 * and the views (./passkey-browser.ts) load in one module.
 */
import { later } from '../../lib/later.ts';
import type { LoginPasskeyDeps } from '../../stores/flows/login/index.ts';

export const passkeyCode = later(() => import('./passkey-browser.ts'), { when: 'demand' });

export const browserPasskeys: LoginPasskeyDeps = { load: passkeyCode.load };
