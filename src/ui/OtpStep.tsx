/**
 * The code step of the login and sign-up pages: one field, verify, resend by SMS / voice / e-mail
 * after the 60 s countdown, and the reCAPTCHA check first when the flag asks for it; a rate limit
 * on sending or checking codes says how long it lasts and holds Verify and resend until then. The view
 * makes its own sub-flow (src/stores/flows/otp.ts) from what the surrounding flow hands it
 * (`codeStep`), sends the first code as it opens and drops the sub-flow as it closes; it reads
 * the surrounding flow's `submitting` and `error`; the `login_otp`, `otp`, `common`,
 * `recaptcha` and `spring_security_error` namespaces.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { errorKey } from '../api/error-catalogue.ts';
import type { OtpType } from '../contract/identity-api.ts';
import type { Text } from '../i18n/types.ts';
import { recaptchaMode } from '../lib/recaptcha-mode.ts';
import type { Flags } from '../stores/flags.ts';
import { canResend, createOtpFlow, isWaiting, type OtpDeps } from '../stores/flows/otp.ts';
import { WaitNotice } from './WaitNotice.tsx';
import { BackButton } from './BackButton.tsx';
import { Button } from './Button.tsx';
import { FormError } from './ErrorAlert.tsx';
import { ltr, useT } from './i18n.tsx';
import { OtpInput } from './OtpInput.tsx';
import { Recaptcha } from './Recaptcha.tsx';
import { ViewHeading } from './ViewHeading.tsx';
import { Form } from './Form.tsx';

export interface OtpStepProps {
  /** The surrounding flow's `codeStep`: the calls, the client, what a verified code does. */
  deps: OtpDeps;
  /** International digits of the phone, or the e-mail, the codes go to. */
  identifier: string;
  /** The surrounding flow: its retry with the verified code in flight, its error. */
  parent: { submitting: boolean; error: Text | undefined };
  flags: Pick<Flags, 'enhancedForm' | 'recaptchaV2'>;
  onBack: () => void;
  /** What the surrounding flow adds under the code field (the login's 'Stay signed in'). */
  children?: ReactNode;
}

const RESEND_KEYS = {
  SMS: 'login_otp:resendSms',
  VOICE: 'login_otp:resendVoice',
  EMAIL: 'login_otp:resendEmail',
} as const satisfies Record<OtpType, string>;

/** A failed or expired check before a resend: the login and sign-up codes' message. */
const RECAPTCHA_FAILURE = { key: errorKey('RECAPTCHA_FAILED_VERIFICATION') } as const;

const SENT_KEYS = {
  SMS: 'login_otp:sentSms',
  VOICE: 'login_otp:sentVoice',
  EMAIL: 'login_otp:sentEmail',
} as const satisfies Record<OtpType, string>;

export function OtpStep(props: OtpStepProps) {
  const t = useT();
  const [otp] = useState(() => createOtpFlow(props.deps));
  const { identifier: to } = props;
  useEffect(() => {
    if (to) void otp.start(to);
    return otp.stop;
  }, [otp, to]);
  useEffect(() => otp.destroy, [otp]);
  const state = useStore(otp.$state);
  const identifier = state.identifier.includes('@')
    ? state.identifier
    : state.identifier
      ? `+${state.identifier}`
      : '';
  const onToken = useCallback((token: string) => void otp.recaptchaSolved(token), [otp]);
  const mode = recaptchaMode(props.flags.recaptchaV2);
  const resendable = canResend(state) && !props.parent.submitting;
  const verifying = state.view === 'verifying' || props.parent.submitting;

  return (
    <Form className="stack login-form" onSubmit={() => otp.verify()}>
      {props.flags.enhancedForm && (
        <BackButton
          onClick={props.onBack}
          label={identifier.includes('@') ? t('login_otp:backEmail') : t('login_otp:back')}
        />
      )}
      <ViewHeading>{t('login_otp:title')}</ViewHeading>
      <p className="muted" role="status">
        {state.view === 'sending' || !state.sentVia
          ? state.view === 'sending'
            ? t('login_otp:sending', { identifier: ltr(identifier) })
            : ''
          : t(SENT_KEYS[state.sentVia], { identifier: ltr(identifier) })}
      </p>
      <OtpInput
        value={state.code}
        onChange={otp.changeCode}
        error={state.error ? t.text(state.error) : undefined}
      />
      {props.children}
      <FormError error={props.parent.error} />
      {/* A rate limit on sending or checking codes: how long, and Verify and resend held. */}
      <WaitNotice wait={state.wait} />
      {/* Held while a code is being sent (a press then would check nothing) and while a rate
          limit lasts. */}
      <Button
        type="submit"
        pending={verifying}
        pendingLabel={t('common:pleaseWait')}
        disabled={state.view === 'sending' || isWaiting(state)}
      >
        {t('login_otp:submit')}
      </Button>
      {state.view === 'recaptcha' && mode !== 'off' ? (
        <div
          className="stack login-recaptcha"
          role="group"
          aria-label={t('login_otp:recaptchaTitle')}
        >
          <p>{t('login_otp:recaptchaTitle')}</p>
          <Recaptcha mode={mode} onToken={onToken} failure={RECAPTCHA_FAILURE} />
          <Button variant="link" onClick={otp.cancelRecaptcha}>
            {t('login_otp:cancel')}
          </Button>
        </div>
      ) : (
        <div className="stack login-resend">
          <p className="login-resend-title">{t('login_otp:resendTitle')}</p>
          {state.resendIn > 0 && (
            <p className="muted" role="timer">
              {t('login_otp:resendIn', { count: state.resendIn })}
            </p>
          )}
          <div className="login-resend-actions">
            {state.channels.map((channel) => (
              <Button
                key={channel}
                variant="secondary"
                disabled={!resendable}
                onClick={() => void otp.resend(channel)}
              >
                {t(RESEND_KEYS[channel])}
              </Button>
            ))}
          </div>
        </div>
      )}
    </Form>
  );
}
