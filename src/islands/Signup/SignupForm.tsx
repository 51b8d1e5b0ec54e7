/**
 * The sign-up form, in its classic and enhanced layouts (the `enhancedForm` flag). Fields follow the presets: e-mail with showEmail, invitation code with
 * hideInvitationCode=false; a social token hides name, password and the social buttons; a
 * corporate token also hides e-mail and invitation code. A rate limit of the onboarding says how
 * long under the form's message and holds the button until then.
 */
import { PRODUCT } from '../../config.ts';
import type { Locale } from '../../i18n/config.ts';
import {
  isSubmitDisabled,
  MIN_PASSWORD_LENGTH,
  passwordProblem,
  type VisibleFields,
} from '../../lib/signup-rules.ts';
import type { SocialProvider } from '../../lib/social/index.ts';
import type { Flags } from '../../stores/flags.ts';
import {
  isCorporate,
  isRateLimited,
  linkedAccount,
  rulesValues,
  visibleOf,
  type SignupFlow,
  type SignupState,
  type SocialPrefill,
} from '../../stores/flows/signup/index.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { EmailField, TextField } from '../../ui/Field.tsx';
import { Ltr, RichText, useT } from '../../ui/i18n.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { UsernameField } from '../../ui/UsernameField.tsx';
import { SocialButtons } from '../../ui/SocialButtons.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';
import { Form } from '../../ui/Form.tsx';
import { WaitNotice } from '../../ui/WaitNotice.tsx';

export interface SignupViewProps {
  flow: SignupFlow;
  state: SignupState;
  flags: Flags;
  locale: Locale;
  /** The login page, with the client id. */
  loginHref: string;
}

/** The terms sentence, with its links where each language puts `{{terms}}` and `{{privacy}}`. */
function Terms() {
  const t = useT();
  const link = (href: string, text: string) => (
    <a href={href} rel="noopener noreferrer" target="_blank">
      {text}
    </a>
  );
  return (
    <p className="signup-terms muted">
      <RichText
        k="signup:terms"
        slots={{
          terms: link(PRODUCT.termsUrl, t('signup:termsLink')),
          privacy: link(PRODUCT.privacyUrl, t('signup:privacyLink')),
        }}
      />
    </p>
  );
}

/** Apple and Google, before the form (enhanced, 'or' after them) or after it. */
function SignupSocialButtons(props: {
  flow: SignupFlow;
  state: SignupState;
  apple: boolean;
  google: boolean;
  before: boolean;
}) {
  const t = useT();
  const { flow, state } = props;
  const providers: SocialProvider[] = [];
  if (props.apple) providers.push('apple');
  if (props.google) providers.push('google');
  return (
    <SocialButtons
      providers={providers}
      or={t('signup:or')}
      orAfter={props.before}
      label={(provider) =>
        provider === 'apple' ? t('signup:social.apple') : t('signup:social.google')
      }
      pending={(provider) => state.social === provider}
      disabled={(provider) => state.submitting && state.social !== provider}
      onSignIn={(provider) => void flow.socialSignIn(provider)}
      googleText="signup_with"
      onCredential={(provider, result) => void flow.socialSignIn(provider, result)}
    />
  );
}

/** The form's intro: for a social identity, a corporate invitation, or the layout. */
function introOf(t: ReturnType<typeof useT>, state: SignupState, enhanced: boolean): string {
  if (state.prefill) {
    return t('signup:socialIntro', {
      provider: state.prefill.provider === 'apple' ? 'Apple' : 'Google',
    });
  }
  if (isCorporate(state)) return t('signup:corporateIntro');
  return enhanced ? t('signup:enhancedIntro') : t('signup:intro');
}

/**
 * The Apple or Google account the new account will be linked to (what its token names), and
 * 'Don't link it', which goes on with the whole form (security review M3). Focus then moves to the
 * form's first field, as the button leaves.
 */
function LinkedAccount(props: { flow: SignupFlow; prefill: SocialPrefill; busy: boolean }) {
  const t = useT();
  const { email, name } = linkedAccount(props.prefill);
  const provider = props.prefill.provider === 'apple' ? 'Apple' : 'Google';
  return (
    <div className="signup-linked">
      <p>{t('signup:linked.intro', { provider })}</p>
      {(name || email) && (
        <p className="signup-linked-account">
          {name && <span>{name}</span>}
          {email && <Ltr>{email}</Ltr>}
        </p>
      )}
      <button
        type="button"
        className="button button-link"
        disabled={props.busy}
        onClick={(event) => {
          const form = event.currentTarget.form;
          props.flow.declineSocial();
          requestAnimationFrame(() => form?.querySelector<HTMLInputElement>('input')?.focus());
        }}
      >
        {t('signup:linked.decline')}
      </button>
    </div>
  );
}

/** The fields after the phone, as the presets show them: e-mail, password, invitation code. */
function MoreFields(props: SignupViewProps & { visible: VisibleFields; busy: boolean }) {
  const t = useT();
  const { flow, state, flags, visible, busy } = props;
  const { values, fieldErrors } = state;
  const passwordError = passwordProblem(values.password, flags) ?? fieldErrors.password;
  return (
    <>
      {visible.email && (
        <EmailField
          label={t('fields:email.label')}
          value={values.email}
          disabled={busy}
          error={fieldErrors.email ? t.text(fieldErrors.email) : undefined}
          onChange={(event) => flow.change('email', event.target.value)}
          onBlur={() => void flow.blur('email')}
        />
      )}
      {visible.password && (
        <UsernameField
          value={state.phoneDigits ? `+${state.phoneDigits}` : values.email.trim() || undefined}
        />
      )}
      {visible.password && (
        <PasswordField
          label={t('fields:password.label')}
          autoComplete="new-password"
          name="new-password"
          required
          value={values.password}
          disabled={busy}
          hint={
            flags.enhancedForm ? t('signup:password.hint', { min: MIN_PASSWORD_LENGTH }) : undefined
          }
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
          error={fieldErrors.invitationCode ? t.text(fieldErrors.invitationCode) : undefined}
          onChange={(event) => flow.change('invitationCode', event.target.value)}
          onBlur={() => void flow.blur('invitationCode')}
        />
      )}
    </>
  );
}

export function SignupForm(props: SignupViewProps) {
  const t = useT();
  const { flow, state, flags } = props;
  const enhanced = flags.enhancedForm;
  const visible = visibleOf(state, flags.googleEnabled);
  const { values, fieldErrors } = state;
  const blocked = isSubmitDisabled(rulesValues(state), visible, flags, false);
  const busy = state.submitting || state.social !== undefined;
  const socialButtons = (before: boolean) => (
    <SignupSocialButtons
      flow={flow}
      state={state}
      apple={visible.apple}
      google={visible.google}
      before={before}
    />
  );

  return (
    <Form
      className={`stack login-form signup-form ${enhanced ? 'login-enhanced' : 'login-classic'}`}
      onSubmit={() => flow.submit()}
    >
      <ViewHeading>{enhanced ? t('signup:enhancedTitle') : t('signup:title')}</ViewHeading>
      <p className="muted">{introOf(t, state, enhanced)}</p>
      {state.prefill && <LinkedAccount flow={flow} prefill={state.prefill} busy={busy} />}
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
          error={fieldErrors.fullName ? t.text(fieldErrors.fullName) : undefined}
          onChange={(event) => flow.change('fullName', event.target.value)}
          onBlur={() => void flow.blur('fullName')}
        />
      )}
      <div
        className="signup-phone"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) void flow.blur('phone');
        }}
      >
        <PhoneInput
          value={values.phone}
          onChange={(value) => flow.changePhone(value)}
          error={fieldErrors.phone}
          disabled={busy}
        />
        {enhanced && <p className="field-hint muted">{t('signup:phoneHint')}</p>}
      </div>
      <MoreFields {...props} visible={visible} busy={busy} />
      <FormError
        error={state.error}
        action={
          state.contact ? (
            <a href={PRODUCT.contactUrl} rel="noopener noreferrer" target="_blank">
              {t('common:contactUs')}
            </a>
          ) : undefined
        }
      />
      <WaitNotice wait={state.wait} />
      <Button
        type="submit"
        pending={state.submitting && !state.social}
        pendingLabel={t('common:pleaseWait')}
        disabled={
          !state.submitting && (blocked || state.social !== undefined || isRateLimited(state))
        }
      >
        {t('signup:submit')}
      </Button>
      {!enhanced && socialButtons(false)}
      <Terms />
      <p className="signup-login">
        {t('signup:haveAccount')} <a href={props.loginHref}>{t('signup:login')}</a>
      </p>
    </Form>
  );
}
