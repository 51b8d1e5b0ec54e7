/**
 * The code step: one field, verify, resend by SMS / voice / e-mail after the 60 s countdown, and
 * the reCAPTCHA check first when the flag asks for it. Reusable by sign-up: it only needs an
 * `OtpFlow` and the surrounding flow's busy state and error.
 */
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { resolveMessage } from '../../api/error-catalogue.ts';
import type { OtpType } from '../../contract/identity-api.ts';
import type { Text } from '../../i18n/types.ts';
import { recaptchaMode } from '../../lib/recaptcha.ts';
import { canResend, type OtpFlow } from '../../stores/flows/otp.ts';
import { Button } from '../../ui/Button.tsx';
import { useT } from '../../ui/i18n.tsx';
import { OtpInput } from '../../ui/OtpInput.tsx';
import { Recaptcha } from '../../ui/Recaptcha.tsx';
import { BackButton, FormError, ltr, ViewHeading } from './common.tsx';

export interface OtpStepProps {
  otp: OtpFlow;
  /** The surrounding flow is busy with the retry that uses the verified code. */
  busy: boolean;
  error: Text | undefined;
  enhanced: boolean;
  recaptchaFlag: boolean;
  focus: boolean;
  onBack: () => void;
}

const RESEND_KEYS = {
  SMS: 'login_otp:resendSms',
  VOICE: 'login_otp:resendVoice',
  EMAIL: 'login_otp:resendEmail',
} as const satisfies Record<OtpType, string>;

const SENT_KEYS = {
  SMS: 'login_otp:sentSms',
  VOICE: 'login_otp:sentVoice',
  EMAIL: 'login_otp:sentEmail',
} as const satisfies Record<OtpType, string>;

export function OtpStep(props: OtpStepProps) {
  const t = useT();
  const { otp } = props;
  const state = useStore(otp.$state);
  const identifier = state.identifier.includes('@')
    ? state.identifier
    : state.identifier
      ? `+${state.identifier}`
      : '';
  const onToken = useCallback((token: string) => void otp.recaptchaSolved(token), [otp]);
  const mode = recaptchaMode(props.recaptchaFlag);
  const resendable = canResend(state) && !props.busy;
  const verifying = state.status === 'verifying' || props.busy;

  return (
    <form
      className="stack login-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void otp.verify();
      }}
    >
      {props.enhanced && (
        <BackButton
          onClick={props.onBack}
          label={identifier.includes('@') ? t('login_otp:backEmail') : t('login_otp:back')}
        />
      )}
      <ViewHeading focus={props.focus}>{t('login_otp:title')}</ViewHeading>
      <p className="muted" role="status">
        {state.status === 'sending' || !state.sentVia
          ? state.status === 'sending'
            ? t('login_otp:sending', { identifier: ltr(identifier) })
            : ''
          : t(SENT_KEYS[state.sentVia], { identifier: ltr(identifier) })}
      </p>
      <OtpInput
        value={state.code}
        onChange={otp.changeCode}
        error={state.error ? resolveMessage(t, state.error) : undefined}
      />
      <FormError error={props.error} />
      <Button type="submit" pending={verifying} pendingLabel={t('common:pleaseWait')}>
        {t('login_otp:submit')}
      </Button>
      {state.status === 'recaptcha' && mode !== 'off' ? (
        <div
          className="stack login-recaptcha"
          role="group"
          aria-label={t('login_otp:recaptchaTitle')}
        >
          <p>{t('login_otp:recaptchaTitle')}</p>
          <Recaptcha mode={mode} onToken={onToken} />
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
    </form>
  );
}
