/**
 * Hydrates `/recovery`: the wider recovery form behind 'Forgot your password?' (mobile number and
 * one fact, then the code sent by SMS, then a new password). The order of the steps is explained
 * in src/stores/flows/recovery-form/state.ts.
 */
import { useEffect, useId } from 'react';
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
import { sessionWaits } from '../../lib/wait-store.ts';
import { readPersisted, writePersisted } from '../../lib/persisted.ts';
import { loadPhoneRules, presetField } from '../../lib/phone.ts';
import { loadFlags } from '../../stores/flags.ts';
import { breachCheck, validatePhone } from '../../stores/flows/browser-deps.ts';
import {
  createRecoveryFormFlow,
  type RecoveryFormDeps,
  type RecoveryFormFlow,
} from '../../stores/flows/recovery-form/flow.ts';
import {
  isWaiting,
  RECOVERY_METHODS,
  type RecoveryFormState,
  type RecoveryMethod,
} from '../../stores/flows/recovery-form/state.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField, type TextFieldProps } from '../../ui/Field.tsx';
import { useT } from '../../ui/i18n.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { useHydrated, usePageClientId } from '../../ui/use-query.ts';
import { ViewFocus, ViewHeading } from '../../ui/ViewHeading.tsx';
import { island, useFlow } from '../../ui/island.tsx';
import { lazyView, ViewSuspense } from '../../ui/lazy-view.tsx';
import { WaitNotice } from '../../ui/WaitNotice.tsx';
import { BackToLogin, HEADING_ID, StepCard, type StepProps } from './StepCard.tsx';

// The first step comes with the page; the others load when the browser is idle, or when the flow
// opens them (src/ui/lazy-view.tsx).
const laterSteps = () => import('./LaterSteps.tsx');
const CodeStep = lazyView(() => laterSteps().then((m) => m.CodeStep));
const PasswordStep = lazyView(() => laterSteps().then((m) => m.PasswordStep));
const Done = lazyView(() => laterSteps().then((m) => m.Done));

export type RecoveryFormMessages = Pick<
  Messages,
  'common' | 'error' | 'fields' | 'otp' | 'password' | 'recaptcha' | 'recovery'
>;

export const RecoveryForm = island<RecoveryFormMessages>(RecoveryFormView);

/** Recovery needs the client: the link's, or this tab's login page's. */
const recoveryClient = () => queryClientId(currentQuery(), readPersisted('clientId'));

function browserDeps(locale: Locale, clientId: string): RecoveryFormDeps {
  return {
    parsePhone: (country, input) => validatePhone({ country, input }),
    sendCode: (phoneNumber) => {
      const { deviceId, sessionId } = deviceIdentity();
      return sendRecoveryCode(phoneNumber, clientId, { deviceId, sessionId });
    },
    verifyCode: (phoneNumber, code) => verifyRecoveryCode(phoneNumber, code, clientId),
    createToken: (body) => createRecoveryToken(clientId, body),
    resetPassword,
    checkPassword: breachCheck,
    now: () => Date.now(),
    go: (path) => location.replace(localizedPath(locale, path)),
    track: (event) => pageAnalytics.track(`recovery_form_${event}`, { page: 'forgot_password' }),
    // Waits kept in this tab's session storage: a reload still waits.
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
    void loadPhoneRules();
    return flow.destroy;
  }, [flow]);

  const login = loginHref(locale, clientId);
  if (clientId === null) return <NoClient loginHref={login} />;
  return (
    <ViewFocus focus={focus} view={state.view}>
      <ViewSuspense>
        <Step flow={flow} state={state} loginHref={login} />
      </ViewSuspense>
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
        error={fieldErrors.phone}
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
