/** The login's first views: phone (enhanced and classic), e-mail, and Apple's and Google's. */
import type { SocialProvider } from '../../lib/social/index.ts';
import { BackButton } from '../../ui/BackButton.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { WaitNotice } from '../../ui/WaitNotice.tsx';
import { EmailField } from '../../ui/Field.tsx';
import { useT } from '../../ui/i18n.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { ProviderButton, SocialButtons } from '../../ui/SocialButtons.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';
import { PasskeySignIn } from './passkey-lazy.tsx';
import { isWaiting } from '../../stores/flows/login/index.ts';
import type { ViewProps } from './view-props.ts';
import { Form } from '../../ui/Form.tsx';

export function PhoneForm({ flow, state, flags }: ViewProps) {
  const t = useT();
  const enhanced = flags.enhancedForm;
  const empty = state.phoneInput.input.trim() === '';
  return (
    <Form
      className={`stack login-form ${enhanced ? 'login-enhanced' : 'login-classic'}`}
      onSubmit={() => flow.submitPhone()}
    >
      <ViewHeading>
        {enhanced ? t('login:phone.enhancedTitle') : t('login:phone.title')}
      </ViewHeading>
      <p className="muted">{enhanced ? t('login:phone.enhancedIntro') : t('login:phone.intro')}</p>
      <PhoneInput
        value={state.phoneInput}
        onChange={flow.changePhone}
        passkeys
        error={state.fieldError}
        disabled={state.submitting}
      />
      <FormError error={state.error} />
      <WaitNotice wait={state.wait} />
      <Button
        type="submit"
        pending={state.submitting}
        pendingLabel={t('common:pleaseWait')}
        disabled={(enhanced && empty) || isWaiting(state)}
      >
        {t('login:phone.continue')}
      </Button>
      {state.presets.showEmail && (
        <Button variant="link" onClick={() => flow.switchMethod('email')}>
          {t('login:phone.useEmail')}
        </Button>
      )}
      <LoginSocialButtons flow={flow} state={state} flags={flags} />
      {/* Last: it appears once the passkey code has loaded, and moves nothing above it. */}
      <PasskeySignIn flow={flow} />
    </Form>
  );
}

export function EmailForm({ flow, state, flags }: ViewProps) {
  const t = useT();
  return (
    <Form className="stack login-form" onSubmit={() => flow.submitEmail()}>
      <ViewHeading>{t('login:email.title')}</ViewHeading>
      <p className="muted">{t('login:email.intro')}</p>
      <EmailField
        label={t('fields:email.label')}
        autoComplete="username"
        name="email"
        value={state.emailInput}
        disabled={state.submitting}
        error={state.fieldError ? t.text(state.fieldError) : undefined}
        onChange={(event) => flow.changeEmail(event.target.value)}
      />
      <FormError error={state.error} />
      <WaitNotice wait={state.wait} />
      <Button
        type="submit"
        pending={state.submitting}
        pendingLabel={t('common:pleaseWait')}
        disabled={(flags.enhancedForm && state.emailInput.trim() === '') || isWaiting(state)}
      >
        {t('login:phone.continue')}
      </Button>
      <Button variant="link" onClick={() => flow.switchMethod('phone')}>
        {t('login:email.usePhone')}
      </Button>
      <LoginSocialButtons flow={flow} state={state} flags={flags} />
    </Form>
  );
}

/** Apple and Google, as the presets (showApple, showGoogle) and the google flag say. */
function LoginSocialButtons({ flow, state, flags }: Pick<ViewProps, 'flow' | 'state' | 'flags'>) {
  const t = useT();
  const providers: SocialProvider[] = [];
  if (state.presets.showApple) providers.push('apple');
  if (state.presets.showGoogle && flags.googleEnabled) providers.push('google');
  return (
    <SocialButtons
      providers={providers}
      or={t('login:phone.or')}
      label={(provider) => socialLabel(t, provider)}
      pending={(provider) => socialPending(state, provider)}
      onSignIn={(provider) => void flow.socialSignIn(provider)}
      googleText="signin_with"
      onCredential={(provider, result) => void flow.socialSignIn(provider, result)}
    />
  );
}

const socialLabel = (t: ReturnType<typeof useT>, provider: SocialProvider) =>
  provider === 'apple' ? t('login:social.apple') : t('login:social.google');

/** The provider's window is open, or its login is on its way. */
const socialPending = (state: ViewProps['state'], provider: SocialProvider) =>
  state.social === provider || (state.submitting && state.attempt?.kind === provider);

/** apple_form and google_form: the account signs in with that provider only. */
export function SocialForm({ flow, state }: ViewProps) {
  const t = useT();
  const provider: SocialProvider = state.view === 'apple_form' ? 'apple' : 'google';
  return (
    <div className="stack">
      <ViewHeading>
        {provider === 'apple' ? t('login:social.appleTitle') : t('login:social.googleTitle')}
      </ViewHeading>
      <p className="muted">
        {provider === 'apple' ? t('login:social.appleIntro') : t('login:social.googleIntro')}
      </p>
      <FormError error={state.error} />
      <ProviderButton
        provider={provider}
        label={socialLabel(t, provider)}
        pending={socialPending(state, provider)}
        onSignIn={(chosen) => void flow.socialSignIn(chosen)}
        googleText="signin_with"
        onCredential={(chosen, result) => void flow.socialSignIn(chosen, result)}
      />
      <BackButton onClick={flow.back} label={t('common:back')} />
    </div>
  );
}
