/**
 * Hydrates the login page (`/login`): every view of the login flow (src/stores/flows/login/). The
 * island reads the flow with `useStore` and writes only through its actions; the first paint is
 * the empty phone form.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { appleLogin, emailLogin, googleLogin, phoneLogin } from '../../api/login.ts';
import { sendOtp, verifyOtp } from '../../api/otp.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { pageAnalytics } from '../../api/analytics.ts';
import { currentQuery } from '../../lib/address.ts';
import { takeCsrf } from '../../lib/csrf.ts';
import { sessionWaits } from '../../lib/wait-store.ts';
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
import { OtpStep } from '../../ui/OtpStep.tsx';
import { ChallengeForm, NameConfirmation, PasswordForm } from './ChallengeViews.tsx';
import {
  BlockedUser,
  DashboardSelection,
  RedirectToIdp,
  RedirectToSignup,
} from './OutcomeViews.tsx';
import { EmailForm, PhoneForm, SocialForm } from './StartViews.tsx';
import type { ViewProps } from './view-props.ts';
import { island, useFlow } from '../../ui/island.tsx';
import { FlagsCard } from '../../ui/FlagsCard.tsx';

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
    wait: { waits: sessionWaits },
  };
}

export const Login = island<LoginMessages>(LoginScreen);

function LoginScreen({ locale }: { locale: Locale }) {
  const { flow, state, focus } = useFlow(() => createLoginFlow(browserDeps(locale)));
  const { flags } = useStore($flags);

  useEffect(() => {
    // The csrf leaves the address at once and waits in session storage for the final form post.
    takeCsrf();
    void loadFlags();
    void flow.init(parsePresets(currentQuery()));
    return () => flow.destroy();
  }, [flow]);

  const view: ViewProps = { flow, state, flags, locale };
  return (
    <FlagsCard className="card login" view={state.view} focus={focus}>
      <View {...view} />
    </FlagsCard>
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
      return <OtpStep otp={flow.otp} parent={state} flags={flags} onBack={flow.back} />;
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
