import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { errorKey } from '../api/error-catalogue.ts';
import { handOff } from '../api/idp-handoff.ts';
import { REDIRECT_COUNTDOWN_FROM, shouldSubmit } from '../lib/idp-redirect.ts';
import type { RecaptchaMode } from '../lib/recaptcha-mode.ts';
import { $client } from '../stores/client.ts';
import { useT } from './i18n.tsx';
import { Recaptcha } from './Recaptcha.tsx';
import { useCountdown } from './use-countdown.ts';
import { ViewFocus, ViewHeading } from './ViewHeading.tsx';

export interface IdpRedirectProps {
  /** The token the login or onboarding call returned. */
  token: string;
  /** 'welcome' after a login, 'registered' after a sign-up. */
  kind: 'welcome' | 'registered';
  remember?: boolean;
  recaptcha?: RecaptchaMode;
}

/** A failed or expired check on the redirect (spec section 8): RECAPTCHA_FAILED_VERIFICATION. */
const RECAPTCHA_FAILURE = { key: errorKey('RECAPTCHA_FAILED_VERIFICATION') } as const;

/**
 * The success screen that finishes a sign-in: 'Welcome to {client}', the robot check when the
 * flag asks for one, then a countdown from 5 that hands off to the identity service
 * (src/api/idp-handoff.ts) when it drops below 2, or on Continue. A page restored from the
 * back/forward cache on this screen loads afresh. Needs the `common`, `redirect`,
 * `recaptcha` and `spring_security_error` namespaces.
 */
export function IdpRedirect(props: IdpRedirectProps) {
  const t = useT();
  const client = useStore($client);
  const [recaptchaToken, setRecaptchaToken] = useState<string | undefined>(
    props.recaptcha && props.recaptcha !== 'off' ? undefined : '',
  );
  const [continued, setContinued] = useState(false);
  const ready = recaptchaToken !== undefined;
  const left = useCountdown(REDIRECT_COUNTDOWN_FROM, ready && !continued);
  // Continue, or the countdown below 2: the hand-off starts, once.
  const submitting = ready && (continued || shouldSubmit(left));
  const { token, remember } = props;

  // Back from the identity service can restore this page from the back/forward cache as it was
  // left: signing in, the button disabled, no form. Such a page loads afresh instead (a GET of the
  // page's own address, which the csrf and secrets have already left): nothing is posted again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent): void => {
      if (event.persisted) location.reload();
    };
    addEventListener('pageshow', onPageShow);
    return () => removeEventListener('pageshow', onPageShow);
  }, []);

  useEffect(() => {
    // handOff posts once per page, whoever asks again (src/api/idp-handoff.ts).
    if (!submitting || recaptchaToken === undefined) return;
    void handOff({ token, recaptchaToken, remember: remember === true });
  }, [submitting, recaptchaToken, token, remember]);

  const clientName = client.status === 'client' ? client.name : t('common:productName');
  return (
    <section
      className="card center stack"
      aria-labelledby="idp-redirect-title"
      data-view="redirect_to_idp"
    >
      {/* It always follows another view: its heading takes focus as it appears. */}
      <ViewFocus focus view="redirect_to_idp">
        <ViewHeading id="idp-redirect-title">
          {t(props.kind === 'welcome' ? 'redirect:welcome' : 'redirect:registered', {
            client: clientName,
          })}
        </ViewHeading>
      </ViewFocus>
      {ready ? (
        <>
          <div className="spinner" aria-hidden="true" />
          <p className="muted" role="status">
            {submitting ? t('redirect:signingIn') : t('redirect:countdown', { count: left })}
          </p>
          <button
            type="button"
            className="button button-primary"
            disabled={submitting}
            onClick={() => setContinued(true)}
          >
            {submitting ? t('common:pleaseWait') : t('redirect:continue')}
          </button>
        </>
      ) : (
        props.recaptcha &&
        props.recaptcha !== 'off' && (
          <>
            <p>{t('redirect:recaptchaPrompt')}</p>
            <Recaptcha
              mode={props.recaptcha}
              onToken={setRecaptchaToken}
              failure={RECAPTCHA_FAILURE}
            />
          </>
        )
      )}
    </section>
  );
}
