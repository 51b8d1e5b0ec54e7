/** The first steps: phone (enhanced and classic), e-mail, and the Apple and Google buttons. */
import { warmSocial, type SocialProvider } from '../../lib/social/index.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/Field.tsx';
import { useT } from '../../ui/i18n.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { BackButton, FormError, ViewHeading, type ViewProps } from './common.tsx';

export function PhoneForm({ flow, state, flags, focus }: ViewProps) {
  const t = useT();
  const enhanced = flags.enhancedForm;
  const empty = state.phoneInput.input.trim() === '';
  return (
    <form
      className={`stack login-form ${enhanced ? 'login-enhanced' : 'login-classic'}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void flow.submitPhone();
      }}
    >
      <ViewHeading focus={focus}>
        {enhanced ? t('login:phone.enhancedTitle') : t('login:phone.title')}
      </ViewHeading>
      <p className="muted">{enhanced ? t('login:phone.enhancedIntro') : t('login:phone.intro')}</p>
      <PhoneInput
        value={state.phoneInput}
        onChange={flow.changePhone}
        error={state.fieldError ? t.text(state.fieldError) : undefined}
        disabled={state.submitting}
      />
      <FormError error={state.error} />
      <Button
        type="submit"
        pending={state.submitting}
        pendingLabel={t('common:pleaseWait')}
        disabled={enhanced && empty}
      >
        {t('login:phone.continue')}
      </Button>
      {state.presets.showEmail && (
        <Button variant="link" onClick={() => flow.switchMethod('email')}>
          {t('login:phone.useEmail')}
        </Button>
      )}
      <SocialButtons flow={flow} state={state} flags={flags} />
    </form>
  );
}

export function EmailForm({ flow, state, flags, focus }: ViewProps) {
  const t = useT();
  return (
    <form
      className="stack login-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void flow.submitEmail();
      }}
    >
      <ViewHeading focus={focus}>{t('login:email.title')}</ViewHeading>
      <p className="muted">{t('login:email.intro')}</p>
      <TextField
        label={t('fields:email.label')}
        type="email"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        required
        spellCheck={false}
        autoCapitalize="off"
        value={state.emailInput}
        disabled={state.submitting}
        error={state.fieldError ? t.text(state.fieldError) : undefined}
        onChange={(event) => flow.changeEmail(event.target.value)}
      />
      <FormError error={state.error} />
      <Button
        type="submit"
        pending={state.submitting}
        pendingLabel={t('common:pleaseWait')}
        disabled={flags.enhancedForm && state.emailInput.trim() === ''}
      >
        {t('login:phone.continue')}
      </Button>
      <Button variant="link" onClick={() => flow.switchMethod('phone')}>
        {t('login:email.usePhone')}
      </Button>
      <SocialButtons flow={flow} state={state} flags={flags} />
    </form>
  );
}

/** Apple and Google, as the presets (showApple, showGoogle) and the google flag say. */
function SocialButtons({ flow, state, flags }: Pick<ViewProps, 'flow' | 'state' | 'flags'>) {
  const t = useT();
  const apple = state.presets.showApple;
  const google = state.presets.showGoogle && flags.googleEnabled;
  if (!apple && !google) return null;
  return (
    <div className="stack login-social">
      <p className="login-or" aria-hidden="true">
        <span>{t('login:phone.or')}</span>
      </p>
      {apple && <SocialButton provider="apple" flow={flow} state={state} />}
      {google && <SocialButton provider="google" flow={flow} state={state} />}
    </div>
  );
}

export function SocialButton(props: {
  provider: SocialProvider;
  flow: ViewProps['flow'];
  state: ViewProps['state'];
}) {
  const t = useT();
  const { provider, flow, state } = props;
  const busy = state.social === provider || (state.submitting && state.attempt?.kind === provider);
  return (
    <Button
      variant="secondary"
      className={`social-button social-${provider}`}
      pending={busy}
      pendingLabel={t('common:pleaseWait')}
      onPointerEnter={() => warmSocial(provider)}
      onFocus={() => warmSocial(provider)}
      onClick={() => void flow.socialSignIn(provider)}
    >
      <span className={`social-mark social-mark-${provider}`} aria-hidden="true" />
      {provider === 'apple' ? t('login:social.apple') : t('login:social.google')}
    </Button>
  );
}

/** apple_form and google_form: the account signs in with that provider only. */
export function SocialForm({ flow, state, focus }: ViewProps) {
  const t = useT();
  const provider: SocialProvider = state.view === 'apple_form' ? 'apple' : 'google';
  return (
    <div className="stack">
      <ViewHeading focus={focus}>
        {provider === 'apple' ? t('login:social.appleTitle') : t('login:social.googleTitle')}
      </ViewHeading>
      <p className="muted">
        {provider === 'apple' ? t('login:social.appleIntro') : t('login:social.googleIntro')}
      </p>
      <FormError error={state.error} />
      <SocialButton provider={provider} flow={flow} state={state} />
      <BackButton onClick={flow.back} label={t('common:back')} />
    </div>
  );
}
