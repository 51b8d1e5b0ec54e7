import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BACKEND_URL } from '../config.ts';
import { IDP_LOGIN_FIELDS, IDP_LOGIN_PATH } from '../contract/identity-service.ts';
import { analytics } from '../lib/analytics-client.ts';
import { flushErrors } from '../lib/error-reporting.ts';
import { REDIRECT_COUNTDOWN_FROM, shouldSubmit } from '../lib/idp-redirect.ts';
import { readPersisted, removePersisted } from '../lib/persisted.ts';
import type { RecaptchaMode } from '../lib/recaptcha.ts';
import { $client } from '../stores/client.ts';
import { useT } from './i18n.tsx';
import { Recaptcha } from './Recaptcha.tsx';
import { useCountdown } from './use-countdown.ts';

export interface IdpRedirectProps {
  /** The token the login or onboarding call returned. */
  token: string;
  /** 'welcome' after a login, 'registered' after a sign-up. */
  kind: 'welcome' | 'registered';
  remember?: boolean;
  recaptcha?: RecaptchaMode;
}

/**
 * The success screen that finishes a sign-in: 'Welcome to {client}', a countdown from 5, and a
 * hidden form auto-posted to the identity service's /login when the count drops below 2 (or on
 * Continue). Analytics and error reports are flushed first; the csrf is used once, then deleted.
 * Needs the `common`, `redirect` and `recaptcha` namespaces.
 */
export function IdpRedirect(props: IdpRedirectProps) {
  const t = useT();
  const client = useStore($client);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [recaptchaToken, setRecaptchaToken] = useState<string | undefined>(
    props.recaptcha && props.recaptcha !== 'off' ? undefined : '',
  );
  const [submitting, setSubmitting] = useState(false);
  const [csrf] = useState(() => readPersisted('csrf') ?? '');
  const ready = recaptchaToken !== undefined;
  const left = useCountdown(REDIRECT_COUNTDOWN_FROM, ready && !submitting);

  useEffect(() => heading.current?.focus(), []);

  const submit = useCallback(async () => {
    if (submitting || !form.current) return;
    setSubmitting(true);
    await Promise.allSettled([analytics().flush(), flushErrors()]);
    removePersisted('csrf');
    form.current.submit();
  }, [submitting]);

  useEffect(() => {
    if (ready && shouldSubmit(left)) void submit();
  }, [left, ready, submit]);

  const clientName = client.status === 'client' ? client.name : t('common:productName');
  const fields = IDP_LOGIN_FIELDS;
  return (
    <section
      className="card center stack"
      aria-labelledby="idp-redirect-title"
      data-view="redirect_to_idp"
    >
      <h1 id="idp-redirect-title" ref={heading} tabIndex={-1}>
        {t(props.kind === 'welcome' ? 'redirect:welcome' : 'redirect:registered', {
          client: clientName,
        })}
      </h1>
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
            onClick={() => void submit()}
          >
            {submitting ? t('common:pleaseWait') : t('redirect:continue')}
          </button>
        </>
      ) : (
        props.recaptcha &&
        props.recaptcha !== 'off' && (
          <>
            <p>{t('redirect:recaptchaPrompt')}</p>
            <Recaptcha mode={props.recaptcha} onToken={setRecaptchaToken} />
          </>
        )
      )}
      <form
        ref={form}
        method="post"
        action={`${BACKEND_URL.identityService}${IDP_LOGIN_PATH}`}
        hidden
      >
        <input type="hidden" name={fields.token} value={props.token} />
        <input type="hidden" name={fields.csrf} value={csrf} />
        <input type="hidden" name={fields.recaptcha} value={recaptchaToken ?? ''} />
        <input type="hidden" name={fields.remember} value={props.remember ? 'true' : 'false'} />
      </form>
    </section>
  );
}
