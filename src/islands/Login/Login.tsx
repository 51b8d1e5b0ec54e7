/**
 * Hydrates the login page (`/login`): every view of the login flow (src/stores/flows/login/). The
 * island reads the flow with `useStore` and writes only through its actions; the first paint is
 * the empty phone form.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { pageAnalytics } from '../../api/analytics.ts';
import type { IdpLoginError } from '../../contract/identity-service.ts';
import { appleLogin, emailLogin, googleLogin, phoneLogin } from '../../api/login.ts';
import { sendOtp, verifyOtp } from '../../api/otp.ts';
import { deviceAutoCodes } from '../../lib/auto-codes.ts';
import { browserVisibility } from '../../lib/page-visibility.ts';
import { sessionWaits } from '../../lib/wait-store.ts';
import { trustedDevice } from '../../lib/trusted-device.ts';
import { cleanClientId, currentQuery } from '../../lib/address.ts';
import { takeCsrf } from '../../lib/csrf.ts';
import { handToSignup, takeSignupHandoff } from '../../lib/signup-handoff.ts';
import { googleOneTap, socialSignIn, takeGoogleRedirect } from '../../lib/social/index.ts';
import { $flags, loadFlags } from '../../stores/flags.ts';
import {
  breachCheck,
  persistedName,
  presetPhone,
  profiling,
  recaptchaRequired,
  shieldParams,
  validatePhone,
} from '../../stores/flows/browser-deps.ts';
import { createLoginFlow, parsePresets, type LoginDeps } from '../../stores/flows/login/index.ts';
import { browserPasskeys } from './passkey-deps.ts';
import { PasskeyOffer } from './passkey-lazy.tsx';
import { EmailForm, PhoneForm, SocialForm } from './StartViews.tsx';
import type { ViewProps } from './view-props.ts';
import { island, useFlow } from '../../ui/island.tsx';
import { FlagsCard } from '../../ui/FlagsCard.tsx';
import { ViewFocus } from '../../ui/ViewHeading.tsx';
import { IdpError } from '../../ui/IdpError.tsx';
import { idpLoginError } from '../../lib/identity-service.ts';
import { ViewSuspense } from '../../ui/lazy-view.tsx';
import { laterViews } from '../../ui/later-views.ts';

// The start views (phone, e-mail, social: the presets pick the first) come with the page; the
// others, in one module with the rest of the login's messages, when the browser is idle or when
// the flow opens them (src/ui/later-views.ts). The page's HTML has the first views' messages only
// (./first-keys.ts).
const later = laterViews(() => import('./LaterViews.ts'));
const CodeStep = later.view((m) => m.CodeStep);
const PasswordForm = later.view((m) => m.PasswordForm);
const ChallengeForm = later.view((m) => m.ChallengeForm);
const PasswordBreached = later.view((m) => m.PasswordBreached);
const NameConfirmation = later.view((m) => m.NameConfirmation);
const RedirectToIdp = later.view((m) => m.RedirectToIdp);
const RedirectToSignup = later.view((m) => m.RedirectToSignup);
const BlockedUser = later.view((m) => m.BlockedUser);
const DashboardSelection = later.view((m) => m.DashboardSelection);

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
    oneTap: googleOneTap,
    validatePhone,
    checkPassword: breachCheck,
    presetPhone,
    navigate: (href) => location.assign(href),
    handToSignup: (handoff) => void handToSignup(handoff),
    analytics: pageAnalytics,
    profiling,
    recaptchaRequired,
    shieldParams,
    persisted: persistedName,
    passkeys: browserPasskeys,
    // Waits kept in this tab's session storage: a reload still waits.
    wait: { waits: sessionWaits },
    // What the identity API said of this browser's trusted device ('Stay signed in').
    trustedDevice,
    // The code an address asks for: once the page is shown, once a minute a number (L1).
    addressCode: { codes: deviceAutoCodes, visibility: browserVisibility },
  };
}

export const Login = island<Partial<Messages>>(LoginScreen, { laterMessages: later.useMessages });

/** The identity service refused to finish a sign-in (`?error=`): that, and the way back only. */
const $refused = atom<{ error: IdpLoginError; clientId?: string } | undefined>(undefined);

function LoginScreen({ locale }: { locale: Locale }) {
  const { flow, state, focus } = useFlow(() => createLoginFlow(browserDeps(locale)));
  const { flags } = useStore($flags);
  const refused = useStore($refused);

  useEffect(() => {
    // Google's OAuth popup coming back: it hands its answer over and closes, nothing else.
    if (takeGoogleRedirect()) return () => flow.destroy();
    const query = currentQuery();
    const error = idpLoginError(query);
    if (error) {
      const clientId = cleanClientId(query.get('clientId'));
      $refused.set(clientId ? { error, clientId } : { error });
      return () => flow.destroy();
    }
    // The csrf leaves the address at once and waits in session storage for the final form post.
    takeCsrf();
    // A hand-off to sign-up that was never taken (that navigation did not happen) goes now.
    takeSignupHandoff();
    void flow.init(parsePresets(currentQuery()));
    void loadFlags().then((loaded) =>
      flow.offerOneTap(loaded.googleOneTap && loaded.googleEnabled),
    );
    return () => flow.destroy();
  }, [flow]);

  const view: ViewProps = { flow, state, flags, locale };
  if (refused) {
    // Nothing here is laid out by the flags, which this view does not ask for.
    return (
      <section className="card login" data-view="idp_error">
        <ViewFocus focus view="idp_error">
          <IdpError error={refused.error} clientId={refused.clientId} />
        </ViewFocus>
      </section>
    );
  }
  return (
    <FlagsCard className="card login" view={state.view} focus={focus}>
      <ViewSuspense>
        <View {...view} />
      </ViewSuspense>
    </FlagsCard>
  );
}

function View(props: ViewProps) {
  const { state, flow } = props;
  switch (state.view) {
    case 'phone_form':
      return <PhoneForm key="phone" {...props} />;
    case 'email_form':
      return <EmailForm key="email" {...props} />;
    case 'otp':
      return <CodeStep {...props} />;
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
    case 'passkey_offer':
      return <PasskeyOffer flow={flow} />;
    case 'password_breached':
      return <PasswordBreached {...props} />;
  }
}
