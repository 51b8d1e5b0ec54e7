/**
 * Hydrates the sign-up page (`/signup/`): the form, the code step, the identity-service redirect,
 * the corporate sign-up error and the blocked page, driven by the sign-up flow
 * (src/stores/flows/signup/). The island reads the flow with `useStore` and writes only through
 * its actions; the first paint is the empty form.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pageAnalytics } from '../../api/analytics.ts';
import { appleLogin, googleLogin } from '../../api/login.ts';
import { sendOtp, verifyOtp } from '../../api/otp.ts';
import { onboard } from '../../api/signup.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { currentQuery, takeQueryParams } from '../../lib/address.ts';
import { takeCsrf } from '../../lib/csrf.ts';
import { deviceIdentity } from '../../lib/device.ts';
import { reportError } from '../../lib/error-reporting.ts';
import { loginHref } from '../../lib/hrefs.ts';
import { sessionWaits } from '../../lib/wait-store.ts';
import { readPersisted } from '../../lib/persisted.ts';
import { takeSignupHandoff } from '../../lib/signup-handoff.ts';
import { loadPhoneRules, phoneRules } from '../../lib/phone.ts';
import { recaptchaMode } from '../../lib/recaptcha-mode.ts';
import { googleOneTap, socialSignIn } from '../../lib/social/index.ts';
import { $flags, loadFlags } from '../../stores/flags.ts';
import {
  breachCheck,
  persistedName,
  phoneCountries,
  presetPhone,
  profiling,
  recaptchaRequired,
  shieldParams,
} from '../../stores/flows/browser-deps.ts';
import {
  createSignupFlow,
  parseSignupPresets,
  presetsQuery,
  SIGNUP_SECRET_PARAMS,
  visibleOf,
  type SignupDeps,
} from '../../stores/flows/signup/index.ts';
import { SignupForm, type SignupViewProps } from './SignupForm.tsx';
import { island, useFlow } from '../../ui/island.tsx';
import { FlagsCard } from '../../ui/FlagsCard.tsx';
import { ViewSuspense } from '../../ui/lazy-view.tsx';
import { laterViews } from '../../ui/later-views.ts';

// The form comes with the page; the views after it, in one module with the rest of the
// sign-up's messages, when the browser is idle or when the flow opens them
// (src/ui/later-views.ts). The page's HTML has the form's messages only (./first-keys.ts).
const later = laterViews(() => import('./LaterViews.ts'));
const OtpStep = later.view((m) => m.OtpStep);
const BlockedNotice = later.view((m) => m.BlockedNotice);
const IdpRedirect = later.view((m) => m.IdpRedirect);
const CorporateError = later.view((m) => m.CorporateError);

let fallbackReported = false;

/** The device id sent in the body; a missing one falls back to a random uuid, reported once. */
function deviceId(): string {
  const identity = deviceIdentity();
  if (identity.fallback && !fallbackReported) {
    fallbackReported = true;
    reportError(new Error('Device id unavailable: a random uuid was sent'));
  }
  return identity.deviceId;
}

function browserDeps(locale: Locale): SignupDeps {
  return {
    locale,
    // In the page's language, with this browser's device id and session.
    onboard: (body, context) =>
      onboard(body, { clientId: context.clientId, language: locale, device: deviceIdentity() }),
    appleLogin,
    googleLogin,
    sendOtp,
    verifyOtp,
    socialSignIn,
    oneTap: googleOneTap,
    parsePhone: (value) => phoneRules()?.checkPhone(value, phoneCountries()),
    loadPhone: loadPhoneRules,
    presetPhone,
    flags: () => $flags.get().flags,
    checkPassword: breachCheck,
    analytics: pageAnalytics,
    deviceId,
    profiling,
    fallbackClientId: () => readPersisted('clientId'),
    recaptchaRequired,
    shieldParams,
    persisted: persistedName,
    // Waits kept in this tab's session storage: a reload still waits.
    wait: { waits: sessionWaits },
  };
}

/**
 * The presets: secrets and personal data leave the address at once (csrf waits in storage); what
 * the login handed over is taken from session storage, once (a reload finds none).
 */
function readPresets() {
  takeCsrf();
  const fromAddress = takeQueryParams(SIGNUP_SECRET_PARAMS);
  return parseSignupPresets(presetsQuery(currentQuery(), fromAddress, takeSignupHandoff()));
}

export const Signup = island<Partial<Messages>>(SignupScreen, { laterMessages: later.useMessages });

function SignupScreen({ locale }: { locale: Locale }) {
  const { flow, state, focus } = useFlow(() => createSignupFlow(browserDeps(locale)));
  const { flags } = useStore($flags);

  useEffect(() => {
    void flow.init(readPresets());
    void loadFlags().then((loaded) => {
      const state = flow.$state.get();
      flow.offerOneTap(loaded.googleOneTap && visibleOf(state, loaded.googleEnabled).google);
    });
    return () => flow.destroy();
  }, [flow]);

  const login = loginHref(locale, state.presets.clientId);
  const view: SignupViewProps = { flow, state, flags, locale, loginHref: login };

  switch (state.view) {
    case 'redirect_to_idp':
      return (
        <ViewSuspense>
          <IdpRedirect
            token={state.token}
            kind={state.registered ? 'registered' : 'welcome'}
            recaptcha={recaptchaMode(flags.recaptchaV2)}
          />
        </ViewSuspense>
      );
    case 'signup_form':
    case 'otp':
    case 'corporate_error':
    case 'blocked_user':
      return (
        <FlagsCard className="card login signup" view={state.view} focus={focus}>
          <ViewSuspense>
            {state.view === 'signup_form' && <SignupForm {...view} />}
            {state.view === 'otp' && (
              <OtpStep
                deps={flow.codeStep}
                identifier={state.phone ?? ''}
                parent={state}
                flags={flags}
                onBack={flow.back}
              />
            )}
            {state.view === 'corporate_error' && <CorporateError {...view} />}
            {state.view === 'blocked_user' && (
              <BlockedNotice variant="USER_BLOCKED_FOR_SIGNUP" back={{ href: login }} />
            )}
          </ViewSuspense>
        </FlagsCard>
      );
  }
}
