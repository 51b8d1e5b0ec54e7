/**
 * Hydrates the login page (`/login`): every view of the login flow (src/stores/flows/login/). The
 * island reads the flow with `useStore` and writes only through its actions; the first paint is
 * the empty phone form.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { appleLogin, emailLogin, googleLogin, phoneLogin } from '../../api/login.ts';
import { sendOtp, verifyOtp } from '../../api/otp.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { pageAnalytics } from '../../api/analytics.ts';
import { currentQuery } from '../../lib/address.ts';
import { takeCsrf } from '../../lib/csrf.ts';
import { socialSignIn } from '../../lib/social/index.ts';
import { $flags, loadFlags } from '../../stores/flags.ts';
import {
  persistedName,
  presetPhone,
  profiling,
  recaptchaRequired,
  shieldParams,
  validatePhone,
} from '../../stores/flows/browser-deps.ts';
import { createLoginFlow, parsePresets, type LoginDeps } from '../../stores/flows/login/index.ts';
import { I18nProvider } from '../../ui/i18n.tsx';
import { OtpStep } from '../../ui/OtpStep.tsx';
import { ViewFocus } from '../../ui/ViewHeading.tsx';
import { ChallengeForm, NameConfirmation, PasswordForm } from './ChallengeViews.tsx';
import {
  BlockedUser,
  DashboardSelection,
  RedirectToIdp,
  RedirectToSignup,
} from './OutcomeViews.tsx';
import { EmailForm, PhoneForm, SocialForm } from './StartViews.tsx';
import type { ViewProps } from './view-props.ts';

export type LoginMessages = Pick<
  Messages,
  | 'common'
  | 'error'
  | 'fields'
  | 'login'
  | 'login_otp'
  | 'otp'
  | 'recaptcha'
  | 'redirect'
  | 'spring_security_error'
>;

export interface LoginProps {
  locale: Locale;
  messages: LoginMessages;
}

function browserDeps(locale: Locale): LoginDeps {
  return {
    locale,
    phoneLogin,
    emailLogin,
    appleLogin,
    googleLogin,
    sendOtp,
    verifyOtp,
    socialSignIn,
    validatePhone,
    presetPhone,
    navigate: (href) => location.assign(href),
    analytics: pageAnalytics,
    profiling,
    recaptchaRequired,
    shieldParams,
    persisted: persistedName,
  };
}

export function Login(props: LoginProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <LoginScreen locale={props.locale} />
    </I18nProvider>
  );
}

function LoginScreen({ locale }: { locale: Locale }) {
  const [flow] = useState(() => createLoginFlow(browserDeps(locale)));
  const state = useStore(flow.$state);
  const { flags, status } = useStore($flags);
  const focus = useStore(flow.$viewChanged);

  useEffect(() => {
    // The csrf leaves the address at once and waits in session storage for the final form post.
    takeCsrf();
    void loadFlags();
    void flow.init(parsePresets(currentQuery()));
    return () => flow.destroy();
  }, [flow]);

  const view: ViewProps = { flow, state, flags, locale };
  // The flags choose the layout: the form is laid out but not shown until they are known, so it
  // never jumps under the user's finger (see `data-flags` in global.css).
  return (
    <section
      className="card login"
      data-view={state.view}
      aria-busy={status === 'loading' || undefined}
      data-flags={status}
    >
      <ViewFocus focus={focus} view={state.view}>
        <View {...view} />
      </ViewFocus>
    </section>
  );
}

function View(props: ViewProps) {
  const { state, flow, flags } = props;
  switch (state.view) {
    case 'phone_form':
      return <PhoneForm key="phone" {...props} />;
    case 'email_form':
      return <EmailForm key="email" {...props} />;
    case 'otp':
      return (
        <OtpStep
          otp={flow.otp}
          submitting={state.submitting}
          error={state.error}
          enhanced={flags.enhancedForm}
          recaptchaFlag={flags.recaptchaV2}
          onBack={flow.back}
        />
      );
    case 'password_form':
      return <PasswordForm key="password" {...props} />;
    case 'name_confirmation':
      return <NameConfirmation {...props} />;
    case 'apple_form':
    case 'google_form':
      return <SocialForm key={state.view} {...props} />;
    case 'verify__card_challenge':
    case 'verify_full_name_challenge':
    case 'verify_email_challenge':
    case 'verify_pin_challenge':
      return <ChallengeForm key={state.view} {...props} />;
    case 'redirect_to_idp':
      return <RedirectToIdp {...props} />;
    case 'redirect_to_signup':
      return <RedirectToSignup {...props} />;
    case 'redirect_to_blocked_user':
      return <BlockedUser {...props} />;
    case 'dashboard_selection':
      return <DashboardSelection {...props} />;
  }
}
