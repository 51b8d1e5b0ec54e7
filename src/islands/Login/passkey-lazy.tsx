/**
 * The passkey views, as /login's first load knows them: nothing until the passkey sub-flow is
 * there (it loads only where the browser runs passkeys), then ./PasskeyViews.tsx, fetched with it.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import type { ViewProps } from './view-props.ts';

const views = () => import('./PasskeyViews.tsx');
const SignIn = lazy(() => views().then((module) => ({ default: module.PasskeySignIn })));
const Offer = lazy(() => views().then((module) => ({ default: module.PasskeyOffer })));

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
