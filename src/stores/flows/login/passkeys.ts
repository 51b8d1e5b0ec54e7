/**
 * The login's passkey sub-flow (../passkey.ts), created once the page runs and the browser is known
 * to run passkeys: its module and the browser's side load then, so /login's first load carries
 * neither. Until it is there (or where passkeys do not run), `$passkey` is undefined and nothing
 * is offered.
 */
import { atom } from 'nanostores';
import { later } from '../../../lib/later.ts';
import type { PasskeyDeps, PasskeyFlow, PasskeySupport } from '../passkey.ts';

/** What the island hands the login flow for passkeys. */
export interface LoginPasskeyDeps {
  /** What the browser supports, its ceremonies and calls, and the device memory: loaded later. */
  load: () => Promise<
    Pick<PasskeyDeps, 'signIn' | 'enrol' | 'device'> & { support: () => Promise<PasskeySupport> }
  >;
}

const passkeyFlow = later(() => import('../passkey.ts'), { when: 'demand' });

type Hooks = Pick<PasskeyDeps, 'analytics' | 'clientId' | 'onSignedIn' | 'onOfferClosed'>;

export function loginPasskeys(
  deps: LoginPasskeyDeps | undefined,
  hooks: Hooks,
  isDestroyed: () => boolean,
) {
  const $passkey = atom<PasskeyFlow | undefined>(undefined);
  let started: Promise<void> | undefined;

  async function load(): Promise<void> {
    if (!deps) return;
    const browser = await deps.load();
    const support = await browser.support().catch(() => undefined);
    if (!support?.passkeys || isDestroyed()) return;
    const { createPasskeyFlow } = await passkeyFlow.load();
    if (isDestroyed()) return;
    const passkey = createPasskeyFlow({ ...browser, ...hooks });
    passkey.init(support);
    $passkey.set(passkey);
  }

  return {
    $passkey,
    /** Reads the support, then loads and starts the sub-flow where passkeys run (once). */
    start(): Promise<void> {
      started ??= load().catch(() => undefined);
      return started;
    },
    /** Whether to offer a passkey to `phone` (once the support is known: a moment at most). */
    async shouldOffer(phone: string): Promise<boolean> {
      await started;
      return $passkey.get()?.shouldOffer(phone) ?? false;
    },
    offer: (token: string, phone: string): void => $passkey.get()?.offer(token, phone),
    destroy: (): void => $passkey.get()?.destroy(),
  };
}
