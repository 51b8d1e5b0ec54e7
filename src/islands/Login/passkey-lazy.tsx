/**
 * The passkey views, as /login's first load knows them: nothing until the passkey sub-flow is
 * there (it loads only where the browser runs passkeys), then ./PasskeyViews.tsx, fetched with it
 * (./passkey-deps.ts).
 */
import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { lazyView } from '../../ui/lazy-view.tsx';
import { passkeyCode } from './passkey-deps.ts';
import type { ViewProps } from './view-props.ts';

const SignIn = lazyView(() => passkeyCode.load().then((module) => module.PasskeySignIn), {
  when: 'demand',
});
const Offer = lazyView(() => passkeyCode.load().then((module) => module.PasskeyOffer), {
  when: 'demand',
});

/** The 'Sign in with a passkey' button under the phone form (and the field's autofill). */
export function PasskeySignIn({ flow }: Pick<ViewProps, 'flow'>) {
  const passkey = useStore(flow.$passkey);
  if (!passkey) return null;
  return (
    <Suspense fallback={null}>
      <SignIn passkey={passkey} />
    </Suspense>
  );
}

/** passkey_offer: 'Use your fingerprint or face next time'. */
export function PasskeyOffer({ flow }: Pick<ViewProps, 'flow'>) {
  const passkey = useStore(flow.$passkey);
  if (!passkey) return null;
  return (
    <Suspense fallback={null}>
      <Offer passkey={passkey} />
    </Suspense>
  );
}
