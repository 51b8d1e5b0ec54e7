/**
 * Hydrates the sign-up page (`/signup/`): the form, the code step, the identity-service redirect,
 * the corporate sign-up error and the blocked page, driven by the sign-up flow
 * (src/stores/flows/signup/). The island reads the flow with `useStore` and writes only through
 * its actions; the first paint is the empty form.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pageAnalytics } from '../../api/analytics.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { currentQuery, takeQueryParams } from '../../lib/address.ts';
import { takeCsrf } from '../../lib/csrf.ts';
import { later, laterCall } from '../../lib/later.ts';
import { loginHref } from '../../lib/hrefs.ts';
import { readPersisted } from '../../lib/persisted.ts';
import { loadPhoneRules, phoneRules } from '../../lib/phone.ts';
import { recaptchaMode } from '../../lib/recaptcha-mode.ts';
import { googleOneTap, socialSignIn } from '../../lib/social/index.ts';
import { $flags, loadFlags } from '../../stores/flags.ts';
import { persistedName, presetPhone, recaptchaRequired } from '../../stores/flows/browser-deps.ts';
import {
  createSignupFlow,
  parseSignupPresets,
  SIGNUP_SECRET_PARAMS,
  visibleOf,
  type SignupDeps,
} from '../../stores/flows/signup/index.ts';
import { SignupForm, type SignupViewProps } from './SignupForm.tsx';
import { useErrorMessages } from '../../i18n/error-messages.ts';
import { island, useFlow } from '../../ui/island.tsx';
import { FlagsCard } from '../../ui/FlagsCard.tsx';
import { lazyView, ViewSuspense } from '../../ui/lazy-view.tsx';

// The form comes with the page; the views after it load when the browser is idle, or when the
// flow opens them (src/ui/lazy-view.tsx).
const OtpStep = lazyView(() => import('../../ui/OtpStep.tsx').then((m) => m.OtpStep));
const BlockedNotice = lazyView(() =>
  import('../../ui/BlockedNotice.tsx').then((m) => m.BlockedNotice),
);
const IdpRedirect = lazyView(() => import('../../ui/IdpRedirect.tsx').then((m) => m.IdpRedirect));
const CorporateError = lazyView(() => import('./CorporateError.tsx').then((m) => m.CorporateError));

// The calls, made only by the flow's effects and its code step, and the waits this tab keeps:
// fetched when the browser is idle, like them (a module that could not load fails the call as a
// lost connection does, and is asked for again by the next one).
const calls = later(() => import('./signup-calls.ts'));

export type SignupMessages = Pick<
  Messages,
  'common' | 'error' | 'fields' | 'login_otp' | 'otp' | 'recaptcha' | 'redirect' | 'signup'
> & {
  /** Only the blocked page and the social sign-in messages of the login catalog. */
  login: Pick<Messages['login'], 'blocked' | 'social'>;
};

function browserDeps(locale: Locale): SignupDeps {
  return {
    locale,
    onboard: laterCall(calls, (m) => m.onboardFrom.bind(undefined, locale)),
    appleLogin: laterCall(calls, (m) => m.appleLogin),
    googleLogin: laterCall(calls, (m) => m.googleLogin),
    sendOtp: laterCall(calls, (m) => m.sendOtp),
    verifyOtp: laterCall(calls, (m) => m.verifyOtp),
    socialSignIn,
    oneTap: googleOneTap,
    parsePhone: (value) => {
      const phone = phoneRules()?.toPhone(value.input, value.country);
      if (!phone) return undefined;
      return phone.isValid ? phone.fullPhoneNumber : undefined;
    },
    loadPhone: loadPhoneRules,
    presetPhone,
    flags: () => $flags.get().flags,
    analytics: pageAnalytics,
    deviceId: laterCall(calls, (m) => m.deviceId),
    profiling: laterCall(calls, (m) => m.profiling),
    fallbackClientId: () => readPersisted('clientId'),
    recaptchaRequired,
    shieldParams: laterCall(calls, (m) => m.shieldParams),
    persisted: persistedName,
    // The flow's effects and code step wait for these: a kept wait holds the first submit.
    wait: async () => ({ waits: (await calls.load()).sessionWaits }),
  };
}

/** The presets: secrets and personal data leave the address at once; csrf waits in storage. */
function readPresets() {
  takeCsrf();
  const taken = takeQueryParams(SIGNUP_SECRET_PARAMS);
  const query = currentQuery();
  for (const name of SIGNUP_SECRET_PARAMS) {
    const value = taken[name];
    if (value !== undefined) query.set(name, value);
  }
  return parseSignupPresets(query);
}

export const Signup = island<SignupMessages>(SignupScreen, { laterMessages: useErrorMessages });

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
              <OtpStep otp={flow.otp} parent={state} flags={flags} onBack={flow.back} />
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
