/**
 * The sign-up form, in its classic and enhanced layouts (the `enhancedForm` flag), and the
 * corporate sign-up error. Fields follow the presets: e-mail with showEmail, invitation code with
 * hideInvitationCode=false; a social token hides name, password and the social buttons; a
 * corporate token also hides e-mail and invitation code.
 */
import type { ReactNode } from 'react';
import { PRODUCT } from '../../config.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Flags } from '../../lib/flags.ts';
import { isSubmitDisabled, MIN_PASSWORD_LENGTH, passwordProblem } from '../../lib/signup-rules.ts';
import { warmSocial, type SocialProvider } from '../../lib/social/index.ts';
import {
  isCorporate,
  visibleOf,
  type SignupFlow,
  type SignupState,
} from '../../stores/flows/signup.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { useT } from '../../ui/i18n.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { ViewHeading } from '../Login/common.tsx';

export interface SignupViewProps {
  flow: SignupFlow;
  state: SignupState;
  flags: Flags;
  locale: Locale;
  /** Focus the heading when the view opens (not on the page's first paint). */
  focus: boolean;
  /** The login page, with the client id. */
  loginHref: string;
}

const MARK = '\u0000';

/** A translated sentence with links put where its `{{terms}}` and `{{privacy}}` stand. */
function Terms() {
  const t = useT();
  const sentence = t('signup:terms', {
    terms: `${MARK}terms${MARK}`,
    privacy: `${MARK}privacy${MARK}`,
  });
  const links: Record<string, ReactNode> = {
    terms: (
      <a key="terms" href={PRODUCT.termsUrl} rel="noopener noreferrer" target="_blank">
        {t('signup:termsLink')}
      </a>
    ),
    privacy: (
      <a key="privacy" href={PRODUCT.privacyUrl} rel="noopener noreferrer" target="_blank">
        {t('signup:privacyLink')}
      </a>
    ),
  };
  const parts = sentence.split(MARK);
  return (
    <p className="signup-terms muted">
      {parts.map((part, index) => (index % 2 === 1 ? (links[part] ?? part) : part))}
    </p>
  );
}

function SocialButton(props: { provider: SocialProvider; flow: SignupFlow; state: SignupState }) {
  const t = useT();
  const { provider, flow, state } = props;
  return (
    <Button
      variant="secondary"
      className={`social-button social-${provider}`}
      pending={state.socialPending === provider}
      pendingLabel={t('common:pleaseWait')}
      disabled={state.submitting && state.socialPending !== provider}
      onPointerEnter={() => warmSocial(provider)}
      onFocus={() => warmSocial(provider)}
      onClick={() => void flow.socialSignIn(provider)}
    >
      <span className={`social-mark social-mark-${provider}`} aria-hidden="true" />
      {provider === 'apple' ? t('signup:social.apple') : t('signup:social.google')}
    </Button>
  );
}

function SocialButtons(props: {
  flow: SignupFlow;
  state: SignupState;
  apple: boolean;
  google: boolean;
  before: boolean;
}) {
  const t = useT();
  if (!props.apple && !props.google) return null;
  const or = (
    <p className="login-or" aria-hidden="true">
      <span>{t('signup:or')}</span>
    </p>
  );
  return (
    <div className="stack login-social">
      {!props.before && or}
      {props.apple && <SocialButton provider="apple" flow={props.flow} state={props.state} />}
      {props.google && <SocialButton provider="google" flow={props.flow} state={props.state} />}
      {props.before && or}
    </div>
  );
}

export function SignupForm(props: SignupViewProps) {
  const t = useT();
  const { flow, state, flags, focus } = props;
  const enhanced = flags.enhancedForm;
  const visible = visibleOf(state, flags.googleEnabled);
  const { values, fieldErrors } = state;
  const live = passwordProblem(values.password, flags);
  const passwordError = live ?? fieldErrors.password;
  const blocked = isSubmitDisabled(
    {
      fullName: values.fullName,
      email: values.email,
      password: values.password,
      invitationCode: values.invitationCode,
      phoneInput: values.phone.input,
      phoneDigits: state.phoneDigits,
    },
    visible,
    flags,
    false,
  );
  const busy = state.submitting || state.socialPending !== undefined;
  const provider = state.social?.provider === 'apple' ? 'Apple' : 'Google';
  const intro = state.social
    ? t('signup:socialIntro', { provider })
    : isCorporate(state)
      ? t('signup:corporateIntro')
      : enhanced
        ? t('signup:enhancedIntro')
        : t('signup:intro');
  const socialButtons = (before: boolean) => (
    <SocialButtons
      flow={flow}
      state={state}
      apple={visible.apple}
      google={visible.google}
      before={before}
    />
  );
  const text = (value: SignupState['fieldErrors'][keyof SignupState['fieldErrors']]) =>
    value ? t.text(value) : undefined;

  return (
    <form
      className={`stack login-form signup-form ${enhanced ? 'login-enhanced' : 'login-classic'}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void flow.submit();
      }}
    >
      <ViewHeading focus={focus}>
        {enhanced ? t('signup:enhancedTitle') : t('signup:title')}
      </ViewHeading>
      <p className="muted">{intro}</p>
      {enhanced && socialButtons(true)}
      {visible.fullName && (
        <TextField
          label={t('signup:fullName.label')}
          autoComplete="name"
          autoCapitalize="words"
          required
          value={values.fullName}
          disabled={busy}
          hint={enhanced ? t('signup:fullName.hint') : undefined}
          error={text(fieldErrors.fullName)}
          onChange={(event) => flow.change('fullName', event.target.value)}
          onBlur={() => flow.blur('fullName')}
        />
      )}
      <div
        className="signup-phone"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) flow.blur('phone');
        }}
      >
        <PhoneInput
          value={values.phone}
          onChange={(value) => flow.changePhone(value)}
          error={text(fieldErrors.phone)}
          disabled={busy}
        />
        {enhanced && <p className="field-hint muted">{t('signup:phoneHint')}</p>}
      </div>
      {visible.email && (
        <TextField
          label={t('fields:email.label')}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          required
          spellCheck={false}
          autoCapitalize="off"
          value={values.email}
          disabled={busy}
          error={text(fieldErrors.email)}
          onChange={(event) => flow.change('email', event.target.value)}
          onBlur={() => flow.blur('email')}
        />
      )}
      {visible.password && (
        <PasswordField
          label={t('fields:password.label')}
          autoComplete="new-password"
          required
          value={values.password}
          disabled={busy}
          hint={enhanced ? t('signup:password.hint', { min: MIN_PASSWORD_LENGTH }) : undefined}
          error={passwordError ? t.text(passwordError) : undefined}
          onChange={(event) => flow.change('password', event.target.value)}
        />
      )}
      {visible.invitationCode && (
        <TextField
          label={t('signup:invitationCode.label')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          value={values.invitationCode}
          disabled={busy}
          error={text(fieldErrors.invitationCode)}
          onChange={(event) => flow.change('invitationCode', event.target.value)}
          onBlur={() => flow.blur('invitationCode')}
        />
      )}
      {state.error && (
        <ErrorAlert
          action={
            state.error.contact ? (
              <a href={PRODUCT.contactUrl} rel="noopener noreferrer" target="_blank">
                {t('common:contactUs')}
              </a>
            ) : undefined
          }
        >
          {t.text(state.error.message)}
        </ErrorAlert>
      )}
      <Button
        type="submit"
        pending={state.submitting && !state.socialPending}
        pendingLabel={t('common:pleaseWait')}
        disabled={!state.submitting && (blocked || state.socialPending !== undefined)}
      >
        {t('signup:submit')}
      </Button>
      {!enhanced && socialButtons(false)}
      <Terms />
      <p className="signup-login">
        {t('signup:haveAccount')} <a href={props.loginHref}>{t('signup:login')}</a>
      </p>
    </form>
  );
}

export function CorporateError({ flow, state, focus }: SignupViewProps) {
  const t = useT();
  if (state.view !== 'corporate_error') return null;
  return (
    <div className="stack center signup-corporate-error">
      <ViewHeading focus={focus}>{t('signup:error.corporateTitle')}</ViewHeading>
      <div className="alert-error" role="alert">
        <p>{t.text(state.message)}</p>
        <p>{t('signup:error.corporateBody')}</p>
      </div>
      <Button variant="secondary" onClick={() => flow.back()}>
        {t('signup:error.tryAgain')}
      </Button>
    </div>
  );
}
