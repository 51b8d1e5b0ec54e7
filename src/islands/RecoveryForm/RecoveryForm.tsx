/**
 * Hydrates `/recovery`: the wider recovery form behind 'Forgot your password?' (mobile number and
 * one fact, then the code sent by SMS, then a new password). The order of the steps is explained
 * in src/stores/flows/recovery-form/state.ts.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { pageAnalytics } from '../../api/analytics.ts';
import {
  createRecoveryToken,
  resetPassword,
  sendRecoveryCode,
  verifyRecoveryCode,
} from '../../api/recovery.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Messages, Text } from '../../i18n/types.ts';
import { currentQuery, queryClientId } from '../../lib/address.ts';
import { deviceIdentity } from '../../lib/device.ts';
import { loginHref } from '../../lib/hrefs.ts';
import { readPersisted, writePersisted } from '../../lib/persisted.ts';
import { sessionWaits } from '../../lib/wait-store.ts';
import { loadPhoneMetadata, presetField, toPhone } from '../../lib/phone.ts';
import { loadFlags } from '../../stores/flags.ts';
import {
  createRecoveryFormFlow,
  isWaiting,
  RECOVERY_METHODS,
  RESEND_AFTER_S,
  type RecoveryFormDeps,
  type RecoveryFormFlow,
  type RecoveryFormState,
  type RecoveryMethod,
} from '../../stores/flows/recovery-form/index.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { TextField, type TextFieldProps } from '../../ui/Field.tsx';
import { ltr, useT } from '../../ui/i18n.tsx';
import { NewPasswordField, NewPasswordRecaptcha } from '../../ui/NewPasswordField.tsx';
import { UsernameField } from '../../ui/UsernameField.tsx';
import { OtpInput } from '../../ui/OtpInput.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { useCountdown } from '../../ui/use-countdown.ts';
import { useHydrated, usePageClientId } from '../../ui/use-query.ts';
import { ViewFocus, ViewHeading } from '../../ui/ViewHeading.tsx';
import { Form } from '../../ui/Form.tsx';
import { island, useFlow } from '../../ui/island.tsx';
import { WaitCard } from '../../ui/WaitCard.tsx';
import { WaitNotice } from '../../ui/WaitNotice.tsx';

export type RecoveryFormMessages = Pick<
  Messages,
  'common' | 'error' | 'fields' | 'otp' | 'password' | 'recaptcha' | 'recovery'
>;

const STEPS = 3;
const HEADING_ID = 'recovery-title';

export const RecoveryForm = island<RecoveryFormMessages>(RecoveryFormView);

/** Recovery needs the client: the link's, or this tab's login page's. */
const recoveryClient = () => queryClientId(currentQuery(), readPersisted('clientId'));

function browserDeps(locale: Locale, clientId: string): RecoveryFormDeps {
  return {
    parsePhone: async (country, input) => {
      const phone = toPhone(input, country, await loadPhoneMetadata());
      return { fullPhoneNumber: phone.fullPhoneNumber, isValid: phone.isValid };
    },
    sendCode: (phoneNumber) => {
      const { deviceId, sessionId } = deviceIdentity();
      return sendRecoveryCode(phoneNumber, clientId, { deviceId, sessionId });
    },
    verifyCode: (phoneNumber, code) => verifyRecoveryCode(phoneNumber, code, clientId),
    createToken: (body) => createRecoveryToken(clientId, body),
    resetPassword,
    now: () => Date.now(),
    go: (path) => location.replace(localizedPath(locale, path)),
    track: (event) => pageAnalytics.track(`recovery_form_${event}`, { page: 'forgot_password' }),
    wait: { waits: sessionWaits },
  };
}

function RecoveryFormView(props: { locale: Locale }) {
  const { locale } = props;
  const { flow, state, focus } = useFlow(() =>
    createRecoveryFormFlow(browserDeps(locale, recoveryClient() ?? '')),
  );
  // The link's client or this tab's login page's; null when there is none.
  const clientId = usePageClientId(true);

  useEffect(() => {
    const id = recoveryClient();
    if (!id) return flow.destroy;
    writePersisted('clientId', id);
    // The number the address carries (a security alert's next step) fills the phone field.
    const preset = presetField(currentQuery().get('phoneNumber'));
    const state = flow.$state.get();
    if (preset && state.view === 'details') {
      flow.dispatch({ type: 'detailsChanged', details: { ...state.details, ...preset } });
    }
    pageAnalytics.page('forgot_password');
    void loadFlags();
    void loadPhoneMetadata();
    return flow.destroy;
  }, [flow]);

  const login = loginHref(locale, clientId);
  if (clientId === null) return <NoClient loginHref={login} />;
  return (
    <ViewFocus focus={focus} view={state.view}>
      <Step flow={flow} state={state} loginHref={login} />
    </ViewFocus>
  );
}

function Step(props: { flow: RecoveryFormFlow; state: RecoveryFormState; loginHref: string }) {
  const { flow, state, loginHref } = props;
  switch (state.view) {
    case 'details':
      return <DetailsStep flow={flow} state={state} loginHref={loginHref} />;
    case 'code':
      return <CodeStep flow={flow} state={state} loginHref={loginHref} />;
    case 'password':
      return <PasswordStep flow={flow} state={state} loginHref={loginHref} />;
    case 'done':
      return <Done />;
  }
}

/** A step: its count and title, what it asks, its form (the form's error first), what follows. */
function StepCard(props: {
  current: number;
  title: string;
  intro: ReactNode;
  error: Text | undefined;
  onSubmit: () => unknown;
  children: ReactNode;
  after: ReactNode;
}) {
  const t = useT();
  return (
    <section className="card stack" aria-labelledby={HEADING_ID}>
      <p className="step-count muted">
        {t('recovery:form.step', { current: props.current, total: STEPS })}
      </p>
      <ViewHeading id={HEADING_ID}>{props.title}</ViewHeading>
      {props.intro}
      <Form className="stack" onSubmit={props.onSubmit}>
        <FormError error={props.error} />
        {props.children}
      </Form>
      {props.after}
    </section>
  );
}

/** The answer's input for each fact: its name, keyboard, autofill and direction. */
const ANSWER_INPUTS = {
  full_name: { name: 'name', autoComplete: 'name', dir: 'auto' },
  email: { name: 'email', type: 'email', inputMode: 'email', autoComplete: 'email', dir: 'ltr' },
  national_id: { name: 'national-id', inputMode: 'numeric', autoComplete: 'off', dir: 'ltr' },
} as const satisfies Record<RecoveryMethod, Partial<TextFieldProps>>;

const ANSWER_KEYS = {
  full_name: 'fullName',
  email: 'email',
  national_id: 'nationalId',
} as const satisfies Record<RecoveryMethod, string>;

/** What a step is given: the flow, its state in that step, the login page's address. */
interface StepProps<V extends RecoveryFormState['view']> {
  flow: RecoveryFormFlow;
  state: Extract<RecoveryFormState, { view: V }>;
  loginHref: string;
}

function DetailsStep(props: StepProps<'details'>) {
  const t = useT();
  const { flow, state } = props;
  const { details, fieldErrors } = state;
  const { submitting } = state;
  // A choice made before the island runs would be undone by it: the choice waits for it.
  const hydrated = useHydrated();
  const groupId = useId();
  const answerError = fieldErrors.answer ? t.text(fieldErrors.answer) : undefined;
  const setMethod = (method: RecoveryMethod) => flow.setDetails({ method, answer: '' });
  const setAnswer = (answer: string) => flow.setDetails({ answer });

  return (
    <StepCard
      current={1}
      title={t('recovery:form.title')}
      intro={<p className="muted">{t('recovery:form.intro')}</p>}
      error={state.error}
      onSubmit={() => flow.submitDetails()}
      after={<BackToLogin href={props.loginHref} />}
    >
      <PhoneInput
        value={{ country: details.country, input: details.phoneInput }}
        onChange={(phone) => flow.setDetails({ country: phone.country, phoneInput: phone.input })}
        error={fieldErrors.phone ? t.text(fieldErrors.phone) : undefined}
        disabled={submitting}
      />
      <fieldset className="method-choice" disabled={submitting || !hydrated}>
        <legend>{t('recovery:form.method.legend')}</legend>
        {RECOVERY_METHODS.map((method) => (
          <div className="radio" key={method}>
            <input
              type="radio"
              id={`${groupId}-${method}`}
              name="recovery-method"
              value={method}
              checked={details.method === method}
              onChange={() => setMethod(method)}
            />
            <label htmlFor={`${groupId}-${method}`}>{t(`recovery:form.method.${method}`)}</label>
          </div>
        ))}
      </fieldset>
      <TextField
        key={details.method}
        {...ANSWER_INPUTS[details.method]}
        label={t(`recovery:form.${ANSWER_KEYS[details.method]}.label`)}
        hint={details.method === 'national_id' ? t('recovery:form.nationalId.hint') : undefined}
        required
        value={details.answer}
        readOnly={submitting}
        error={answerError}
        onChange={(event) => setAnswer(event.target.value)}
      />
      <WaitNotice wait={state.wait} />
      <Button
        type="submit"
        pending={submitting}
        pendingLabel={t('common:pleaseWait')}
        disabled={isWaiting(state)}
      >
        {t('recovery:form.sendCode')}
      </Button>
    </StepCard>
  );
}

function CodeStep(props: StepProps<'code'>) {
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

function PasswordStep(props: StepProps<'password'>) {
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

/** Back to the login page (of the same client). */
function BackToLogin(props: { href: string }) {
  const t = useT();
  return (
    <a className="button button-link" href={props.href}>
      {t('common:backToLogin')}
    </a>
  );
}

/** Opened without a client (not from a login page): recovery cannot start here. */
function NoClient(props: { loginHref: string }) {
  const t = useT();
  return (
    <section className="card stack" aria-labelledby={HEADING_ID}>
      <ViewHeading id={HEADING_ID}>{t('recovery:form.title')}</ViewHeading>
      <p role="status">{t('recovery:form.noClient')}</p>
      <a className="button button-primary" href={props.loginHref}>
        {t('common:backToLogin')}
      </a>
    </section>
  );
}

function Done() {
  const t = useT();
  return (
    <WaitCard
      id={HEADING_ID}
      title={t('recovery:form.passwordTitle')}
      status={t('common:pleaseWait')}
    />
  );
}
