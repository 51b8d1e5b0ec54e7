/**
 * Hydrates `/recovery`: the wider recovery form behind 'Forgot your password?' (mobile number and
 * one fact, then the code sent by SMS, then a new password). The order of the steps is explained
 * in src/stores/flows/recovery-form/index.ts.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { pageAnalytics } from '../../api/analytics.ts';
import {
  createRecoveryToken,
  resetPassword,
  sendRecoveryCode,
  verifyRecoveryCode,
} from '../../api/recovery.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { currentQuery, queryClientId } from '../../lib/address.ts';
import { deviceIdentity } from '../../lib/device.ts';
import { loginHref } from '../../lib/hrefs.ts';
import { readPersisted, writePersisted } from '../../lib/persisted.ts';
import { loadPhoneMetadata, toPhone } from '../../lib/phone.ts';
import { loadFlags } from '../../stores/flags.ts';
import {
  createRecoveryFormFlow,
  RECOVERY_METHODS,
  RESEND_AFTER_S,
  type RecoveryFormDeps,
  type RecoveryFormFlow,
  type RecoveryFormState,
  type RecoveryMethod,
} from '../../stores/flows/recovery-form/index.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { I18nProvider, ltr, useT } from '../../ui/i18n.tsx';
import { NewPasswordField, NewPasswordRecaptcha } from '../../ui/NewPasswordField.tsx';
import { OtpInput } from '../../ui/OtpInput.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { useCountdown } from '../../ui/use-countdown.ts';
import { useHydrated, usePageClientId } from '../../ui/use-query.ts';
import { ViewFocus, ViewHeading } from '../../ui/ViewHeading.tsx';

export interface RecoveryFormProps {
  locale: Locale;
  messages: Pick<
    Messages,
    'common' | 'error' | 'fields' | 'otp' | 'password' | 'recaptcha' | 'recovery'
  >;
}

const STEPS = 3;
const HEADING_ID = 'recovery-title';

export function RecoveryForm(props: RecoveryFormProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <RecoveryFormView locale={props.locale} />
    </I18nProvider>
  );
}

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
  };
}

function RecoveryFormView(props: { locale: Locale }) {
  const { locale } = props;
  const [flow] = useState(() =>
    createRecoveryFormFlow(browserDeps(locale, recoveryClient() ?? '')),
  );
  const state = useStore(flow.$state);
  const focus = useStore(flow.$viewChanged);
  // The link's client or this tab's login page's; null when there is none.
  const clientId = usePageClientId(true);

  useEffect(() => {
    const id = recoveryClient();
    if (!id) return flow.destroy;
    writePersisted('clientId', id);
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
      return <CodeStep flow={flow} state={state} />;
    case 'password':
      return <PasswordStep flow={flow} state={state} loginHref={loginHref} />;
    case 'done':
      return <Done />;
  }
}

function StepHeader(props: { title: string; current: number }) {
  const t = useT();
  return (
    <>
      <p className="step-count muted">
        {t('recovery:form.step', { current: props.current, total: STEPS })}
      </p>
      <ViewHeading id={HEADING_ID}>{props.title}</ViewHeading>
    </>
  );
}

function DetailsStep(props: {
  flow: RecoveryFormFlow;
  state: Extract<RecoveryFormState, { view: 'details' }>;
  loginHref: string;
}) {
  const t = useT();
  const { flow, state } = props;
  const { details, fieldErrors } = state;
  const { submitting } = state;
  // A choice made before the island runs would be undone by it: the choice waits for it.
  const hydrated = useHydrated();
  const groupId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submitDetails();
  };
  const answerError = fieldErrors.answer ? t.text(fieldErrors.answer) : undefined;
  const setMethod = (method: RecoveryMethod) => flow.setDetails({ method, answer: '' });
  const setAnswer = (answer: string) => flow.setDetails({ answer });

  return (
    <section className="card stack" aria-labelledby={HEADING_ID}>
      <StepHeader title={t('recovery:form.title')} current={1} />
      <p className="muted">{t('recovery:form.intro')}</p>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <FormError error={state.error} />
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
        {details.method === 'full_name' && (
          <TextField
            key="full_name"
            label={t('recovery:form.fullName.label')}
            name="name"
            autoComplete="name"
            dir="auto"
            required
            value={details.answer}
            readOnly={submitting}
            error={answerError}
            onChange={(event) => setAnswer(event.target.value)}
          />
        )}
        {details.method === 'email' && (
          <TextField
            key="email"
            label={t('recovery:form.email.label')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            required
            value={details.answer}
            readOnly={submitting}
            error={answerError}
            onChange={(event) => setAnswer(event.target.value)}
          />
        )}
        {details.method === 'national_id' && (
          <TextField
            key="national_id"
            label={t('recovery:form.nationalId.label')}
            hint={t('recovery:form.nationalId.hint')}
            name="national-id"
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            required
            value={details.answer}
            readOnly={submitting}
            error={answerError}
            onChange={(event) => setAnswer(event.target.value)}
          />
        )}
        <Button type="submit" pending={submitting} pendingLabel={t('common:pleaseWait')}>
          {t('recovery:form.sendCode')}
        </Button>
      </form>
      <a className="button button-link" href={props.loginHref}>
        {t('common:backToLogin')}
      </a>
    </section>
  );
}

function CodeStep(props: {
  flow: RecoveryFormFlow;
  state: Extract<RecoveryFormState, { view: 'code' }>;
}) {
  const t = useT();
  const { flow, state } = props;
  const left = useCountdown(RESEND_AFTER_S, true, state.sentAt);
  const [firstSentAt] = useState(state.sentAt);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submitCode();
  };
  return (
    <section className="card stack" aria-labelledby={HEADING_ID}>
      <StepHeader title={t('recovery:form.codeTitle')} current={2} />
      <p>{t('recovery:form.codeSentTo', { phone: ltr(`+${state.phoneNumber}`) })}</p>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <FormError error={state.error} />
        <OtpInput
          value={state.code}
          onChange={(code) => flow.setCode(code)}
          error={state.fieldError ? t.text(state.fieldError) : undefined}
        />
        <Button type="submit" pending={state.submitting} pendingLabel={t('common:pleaseWait')}>
          {t('recovery:form.verify')}
        </Button>
      </form>
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
          disabled={left > 0 || state.submitting}
          onClick={() => void flow.resend()}
        >
          {t('recovery:form.resend')}
        </Button>
        <Button variant="link" disabled={state.submitting} onClick={() => flow.back()}>
          {t('recovery:form.changeDetails')}
        </Button>
      </div>
    </section>
  );
}

function PasswordStep(props: {
  flow: RecoveryFormFlow;
  state: Extract<RecoveryFormState, { view: 'password' }>;
  loginHref: string;
}) {
  const t = useT();
  const { flow, state } = props;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void flow.submitPassword();
  };
  return (
    <section className="card stack" aria-labelledby={HEADING_ID}>
      <StepHeader title={t('recovery:form.passwordTitle')} current={3} />
      <p className="muted">{t('password:intro')}</p>
      <form className="stack" noValidate onSubmit={onSubmit}>
        <FormError error={state.error} />
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
      </form>
      <a className="button button-link" href={props.loginHref}>
        {t('common:backToLogin')}
      </a>
    </section>
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
    <section className="card center stack" aria-labelledby={HEADING_ID}>
      <ViewHeading id={HEADING_ID}>{t('recovery:form.passwordTitle')}</ViewHeading>
      <div className="spinner" aria-hidden="true" />
      <p className="muted" role="status">
        {t('common:pleaseWait')}
      </p>
    </section>
  );
}
