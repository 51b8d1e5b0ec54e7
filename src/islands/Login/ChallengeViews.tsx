/**
 * The login's answer views: the code, the password, the name (classic and enhanced), the four
 * challenges.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { localizedPath } from '../../i18n/config.ts';
import {
  codeIdentifier,
  currentChallenge,
  isTryAnotherWayVisible,
  isWaiting,
  signupHref,
  type Answers,
} from '../../stores/flows/login/index.ts';
import { BackButton } from '../../ui/BackButton.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { WaitNotice } from '../../ui/WaitNotice.tsx';
import { EmailField, TextField } from '../../ui/Field.tsx';
import { ltr, useT } from '../../ui/i18n.tsx';
import { PasswordField, ShowToggle } from '../../ui/PasswordField.tsx';
import { StaySignedIn } from '../../ui/StaySignedIn.tsx';
import { OtpStep } from '../../ui/OtpStep.tsx';
import { UsernameField } from '../../ui/UsernameField.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';
import { shownIdentifier, type ViewProps } from './view-props.ts';
import { Form } from '../../ui/Form.tsx';

/** The recovery page, with what it can use (client and phone) when known. */
function recoveryHref(props: ViewProps): string {
  const query = new URLSearchParams();
  const { presets, attempt } = props.state;
  if (presets.clientId) query.set('clientId', presets.clientId);
  if (attempt?.kind === 'phone') query.set('phoneNumber', `+${attempt.phone}`);
  const search = query.toString();
  return `${localizedPath(props.locale, '/recovery')}${search ? `?${search}` : ''}`;
}

/** An input tied to one answer of the flow, with the view's field error. */
function answerInput(
  t: ReturnType<typeof useT>,
  { flow, state }: Pick<ViewProps, 'flow' | 'state'>,
  field: keyof Answers,
) {
  return {
    value: state.answers[field],
    error: state.fieldError ? t.text(state.fieldError) : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      flow.changeAnswer(field, event.target.value),
  };
}

/** The account's password (the password view and the enhanced name view). */
function PasswordAnswer(props: Pick<ViewProps, 'flow' | 'state'>) {
  const t = useT();
  return (
    <>
      <UsernameField value={shownIdentifier(props.state)} />
      <PasswordField
        label={t('fields:password.label')}
        autoComplete="current-password"
        name="password"
        required
        {...answerInput(t, props, 'password')}
      />
    </>
  );
}

function AnswerActions(props: ViewProps & { submitLabel: string }) {
  const t = useT();
  const { flow, state } = props;
  return (
    <>
      <FormError error={state.error} />
      <WaitNotice wait={state.wait} />
      <Button
        type="submit"
        pending={state.submitting}
        pendingLabel={t('common:pleaseWait')}
        disabled={isWaiting(state)}
      >
        {props.submitLabel}
      </Button>
      {isTryAnotherWayVisible(state) && (
        <Button variant="link" onClick={flow.tryAnotherWay} disabled={state.submitting}>
          {t('login:challenge.tryAnotherWay')}
        </Button>
      )}
    </>
  );
}

function AnswerForm(props: ViewProps & { children: React.ReactNode }) {
  return (
    <Form className="stack login-form" onSubmit={() => props.flow.submitAnswer()}>
      {props.children}
    </Form>
  );
}

/** The code step (src/ui/OtpStep.tsx), with 'Stay signed in on this browser' under the code. */
export function CodeStep({ flow, state, flags }: ViewProps) {
  return (
    <OtpStep
      deps={flow.codeStep}
      identifier={codeIdentifier(state)}
      parent={state}
      flags={flags}
      onBack={flow.back}
    >
      <StaySignedIn
        checked={state.remember}
        disabled={state.submitting}
        onChange={flow.changeRemember}
      />
    </OtpStep>
  );
}

export function PasswordForm(props: ViewProps) {
  const t = useT();
  const { flow, state } = props;
  return (
    <AnswerForm {...props}>
      <ViewHeading>{t('login:password.title')}</ViewHeading>
      <p className="muted">
        {t('login:password.intro', { identifier: ltr(shownIdentifier(state)) })}
      </p>
      <PasswordAnswer flow={flow} state={state} />
      <StaySignedIn
        checked={state.remember}
        disabled={state.submitting}
        onChange={flow.changeRemember}
      />
      <AnswerActions {...props} submitLabel={t('login:password.submit')} />
      <p className="login-links">
        <a href={recoveryHref(props)}>{t('login:password.forgot')}</a>
        <a href={signupHref(props.locale, state.presets, {})}>
          {t('login:password.createAccount')}
        </a>
      </p>
      <BackButton onClick={flow.back} label={t('login:password.notYou')} />
    </AnswerForm>
  );
}

/**
 * password_breached: signed in with a password that has appeared in a data breach. The offer of a
 * new one (the recovery page, with the phone), or 'Not now' and on to the app.
 */
export function PasswordBreached(props: ViewProps) {
  const t = useT();
  return (
    <div className="stack">
      <ViewHeading>{t('login:breached.title')}</ViewHeading>
      <p className="muted">{t('login:breached.intro')}</p>
      <a className="button button-primary" href={recoveryHref(props)}>
        {t('login:breached.change')}
      </a>
      <Button variant="link" onClick={props.flow.closeOffer}>
        {t('login:breached.skip')}
      </Button>
    </div>
  );
}

/**
 * Card and PIN: 4 digits, masked with CSS rather than `type=password` so that no password
 * manager offers to save them as the account's password (and the managers that read them are
 * told to ignore them), with a show toggle.
 */
function DigitsField(props: {
  label: string;
  field: Extract<keyof Answers, 'pin' | 'card'>;
  view: ViewProps;
}) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={props.label}
      type="text"
      name={props.field === 'pin' ? 'pin' : 'card-last4'}
      inputMode="numeric"
      autoComplete="off"
      data-1p-ignore=""
      data-lpignore="true"
      data-bwignore=""
      pattern="[0-9]*"
      maxLength={4}
      dir="ltr"
      required
      spellCheck={false}
      className={visible ? 'login-digits' : 'login-digits masked-digits'}
      {...answerInput(t, props.view, props.field)}
      addon={
        <ShowToggle
          visible={visible}
          onToggle={() => setVisible(!visible)}
          labels={[t('login:challenge.show'), t('login:challenge.hide')]}
        />
      }
    />
  );
}

export function ChallengeForm(props: ViewProps) {
  const t = useT();
  const { flow, state } = props;
  const masked = ltr(currentChallenge(state)?.masked_value ?? '');
  let title: string;
  let intro: string;
  let field: React.ReactNode;
  switch (state.view) {
    case 'verify__card_challenge':
      title = t('login:challenge.cardTitle');
      intro = t('login:challenge.cardIntro');
      field = <DigitsField label={t('login:challenge.cardLabel')} field="card" view={props} />;
      break;
    case 'verify_pin_challenge':
      title = t('login:challenge.pinTitle');
      intro = t('login:challenge.pinIntro');
      field = <DigitsField label={t('login:challenge.pinLabel')} field="pin" view={props} />;
      break;
    case 'verify_full_name_challenge':
      title = t('login:challenge.fullNameTitle');
      intro = t('login:challenge.fullNameIntro', { masked });
      field = (
        <TextField
          label={t('login:challenge.fullNameLabel')}
          autoComplete="name"
          required
          {...answerInput(t, props, 'fullName')}
        />
      );
      break;
    default:
      title = t('login:challenge.emailTitle');
      intro = t('login:challenge.emailIntro', { masked });
      field = <EmailField label={t('fields:email.label')} {...answerInput(t, props, 'email')} />;
  }
  return (
    <AnswerForm {...props}>
      <ViewHeading>{title}</ViewHeading>
      <p className="muted">{intro}</p>
      {field}
      <AnswerActions {...props} submitLabel={t('login:challenge.submit')} />
      <BackButton onClick={flow.back} label={t('common:back')} />
    </AnswerForm>
  );
}

export function NameConfirmation(props: ViewProps) {
  return props.flags.enhancedForm ? <NameEnhanced {...props} /> : <NameClassic {...props} />;
}

function NameClassic({ flow, state }: ViewProps) {
  const t = useT();
  const name = state.view === 'name_confirmation' ? state.name : '';
  return (
    <div className="stack">
      <ViewHeading>{t('login:name.title')}</ViewHeading>
      <p className="login-name">
        <bdi>{name}</bdi>
      </p>
      <FormError error={state.error} />
      <Button
        pending={state.submitting && state.nameConfirmed === true}
        pendingLabel={t('common:pleaseWait')}
        disabled={state.submitting && state.nameConfirmed !== true}
        onClick={() => void flow.answerName(true)}
      >
        {t('login:name.yes')}
      </Button>
      <Button
        variant="secondary"
        pending={state.submitting && state.nameConfirmed === false}
        pendingLabel={t('common:pleaseWait')}
        disabled={state.submitting && state.nameConfirmed !== false}
        onClick={() => void flow.answerName(false)}
      >
        {t('login:name.no')}
      </Button>
    </div>
  );
}

function NameEnhanced(props: ViewProps) {
  const t = useT();
  const { flow, state } = props;
  const name = state.view === 'name_confirmation' ? state.name : '';
  const [open, setOpen] = useState(false);
  const titleId = useId();

  return (
    <>
      <AnswerForm {...props}>
        <ViewHeading>{t('login:name.enhancedTitle', { name })}</ViewHeading>
        <p className="muted">{t('login:name.enhancedIntro')}</p>
        <PasswordAnswer flow={flow} state={state} />
        <FormError error={state.error} />
        <WaitNotice wait={state.wait} />
        <Button
          type="submit"
          pending={state.submitting && state.nameConfirmed === true}
          pendingLabel={t('common:pleaseWait')}
          disabled={isWaiting(state)}
        >
          {t('login:name.submit')}
        </Button>
        <p className="login-links">
          <a href={recoveryHref(props)}>{t('login:password.forgot')}</a>
        </p>
        <button
          type="button"
          className="button button-link"
          disabled={state.submitting}
          onClick={() => setOpen(true)}
        >
          {t('login:name.reset', { name })}
        </button>
      </AnswerForm>
      <Dialog
        open={open}
        onCancel={() => setOpen(false)}
        labelledBy={titleId}
        className="login-dialog"
      >
        <div className="stack">
          <h2 id={titleId}>{t('login:name.resetTitle')}</h2>
          <p>{t('login:name.resetBody', { name })}</p>
          <Button
            pending={state.submitting && state.nameConfirmed === false}
            pendingLabel={t('common:pleaseWait')}
            onClick={() => void flow.answerName(false)}
          >
            {t('login:name.resetConfirm')}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('common:cancel')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
