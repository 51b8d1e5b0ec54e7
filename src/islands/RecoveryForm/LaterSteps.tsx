/**
 * The steps of `/recovery`'s form after the first (the code sent by SMS, the new password, the
 * wait after it): lazy views of the island (src/ui/lazy-view.tsx), not in the first load.
 */
import { useState } from 'react';
import { isWaiting, RESEND_AFTER_S } from '../../stores/flows/recovery-form/state.ts';
import { Button } from '../../ui/Button.tsx';
import { ltr, useT } from '../../ui/i18n.tsx';
import { NewPasswordField, NewPasswordRecaptcha } from '../../ui/NewPasswordField.tsx';
import { OtpInput } from '../../ui/OtpInput.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { useCountdown } from '../../ui/use-countdown.ts';
import { UsernameField } from '../../ui/UsernameField.tsx';
import { WaitCard } from '../../ui/WaitCard.tsx';
import { WaitNotice } from '../../ui/WaitNotice.tsx';
import { BackToLogin, HEADING_ID, StepCard, type StepProps } from './StepCard.tsx';

export function CodeStep(props: StepProps<'code'>) {
  const t = useT();
  const { flow, state } = props;
  const left = useCountdown(RESEND_AFTER_S, true, state.sentAt);
  const [firstSentAt] = useState(state.sentAt);
  const waiting = isWaiting(state);
  return (
    <StepCard
      current={2}
      title={t('recovery:form.codeTitle')}
      intro={<p>{t('recovery:form.codeSentTo', { phone: ltr(`+${state.phoneNumber}`) })}</p>}
      error={state.error}
      onSubmit={() => flow.submitCode()}
      after={
        <>
          {state.sentAt !== firstSentAt && !state.submitting && (
            <p className="muted" role="status">
              {t('recovery:form.codeResent')}
            </p>
          )}
          <div className="stack">
            {left > 0 && (
              <p className="muted" aria-live="off">
                {t('recovery:form.resendIn', { count: left })}
              </p>
            )}
            <Button
              variant="secondary"
              disabled={left > 0 || state.submitting || waiting}
              onClick={() => void flow.resend()}
            >
              {t('recovery:form.resend')}
            </Button>
            <Button variant="link" disabled={state.submitting} onClick={() => flow.back()}>
              {t('recovery:form.changeDetails')}
            </Button>
          </div>
        </>
      }
    >
      <OtpInput
        value={state.code}
        onChange={(code) => flow.setCode(code)}
        error={state.fieldError ? t.text(state.fieldError) : undefined}
      />
      <WaitNotice wait={state.wait} />
      <Button
        type="submit"
        pending={state.submitting}
        pendingLabel={t('common:pleaseWait')}
        disabled={waiting}
      >
        {t('recovery:form.verify')}
      </Button>
    </StepCard>
  );
}

export function PasswordStep(props: StepProps<'password'>) {
  const t = useT();
  const { flow, state } = props;
  return (
    <StepCard
      current={3}
      title={t('recovery:form.passwordTitle')}
      intro={<p className="muted">{t('password:intro')}</p>}
      error={state.error}
      onSubmit={() => flow.submitPassword()}
      after={<BackToLogin href={props.loginHref} />}
    >
      <UsernameField value={state.phoneNumber ? `+${state.phoneNumber}` : undefined} />
      <NewPasswordField
        value={state.password}
        onChange={(password) => flow.setPassword(password)}
        failed={state.failed}
        error={state.fieldError ? t.text(state.fieldError) : undefined}
        disabled={state.submitting}
      />
      <PasswordField
        label={t('password:confirmLabel')}
        autoComplete="new-password"
        name="confirm-password"
        value={state.confirm}
        disabled={state.submitting}
        error={state.mismatch ? t('password:mismatch') : undefined}
        onChange={(event) => flow.setConfirm(event.target.value)}
      />
      <NewPasswordRecaptcha flow={flow} token={state.recaptchaToken} />
      <Button
        type="submit"
        pending={state.submitting}
        pendingLabel={t('common:pleaseWait')}
        disabled={state.invalid && !state.submitting}
      >
        {t('password:submit')}
      </Button>
    </StepCard>
  );
}

export function Done() {
  const t = useT();
  return (
    <WaitCard
      id={HEADING_ID}
      title={t('recovery:form.passwordTitle')}
      status={t('common:pleaseWait')}
    />
  );
}
