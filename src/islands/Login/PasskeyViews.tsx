/**
 * Passkeys on the login page (src/stores/flows/passkey.ts), loaded with the sub-flow (./passkey-lazy.tsx): the 'Sign in with a passkey' button
 * under the phone form (whose field also offers saved passkeys in its autofill while it is shown),
 * and the offer to add one after a code login.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { PasskeyFlow } from '../../stores/flows/passkey.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { useT } from '../../ui/i18n.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';

/** The button and its message; mounting it lets the phone field's autofill offer passkeys. */
export function PasskeySignIn({ passkey }: { passkey: PasskeyFlow }) {
  const t = useT();
  const state = useStore(passkey.$state);
  useEffect(() => passkey.showField(), [passkey]);
  if (state.view !== 'sign_in') return null;
  return (
    <div className="stack login-passkey">
      <FormError error={state.error} />
      <Button
        variant="secondary"
        pending={state.submitting}
        pendingLabel={t('common:pleaseWait')}
        onClick={() => passkey.signIn()}
      >
        {t('login:passkey.button')}
      </Button>
    </div>
  );
}

/** passkey_offer: 'Use your fingerprint or face next time', one tap to add, or 'Not now'. */
export function PasskeyOffer({ passkey }: { passkey: PasskeyFlow }) {
  const t = useT();
  const state = useStore(passkey.$state);
  const submitting = state.view === 'offer' && state.submitting;
  return (
    <div className="stack">
      <ViewHeading>{t('login:passkey.offerTitle')}</ViewHeading>
      <p className="muted">{t('login:passkey.offerIntro')}</p>
      <FormError error={state.view === 'offer' ? state.error : undefined} />
      <Button
        pending={submitting}
        pendingLabel={t('common:pleaseWait')}
        onClick={() => void passkey.enrol()}
      >
        {t('login:passkey.add')}
      </Button>
      <Button variant="link" onClick={() => passkey.skip()}>
        {t('login:passkey.skip')}
      </Button>
    </div>
  );
}
