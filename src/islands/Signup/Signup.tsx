/**
 * The sign-up page (/signup/): the views of spec section 2 'Sign-up' (form, otp, redirect to the
 * identity provider, corporate sign-up error, blocked user), driven by the sign-up flow
 * (src/stores/flows/signup.ts). The island reads the flow with `useStore` and writes only through
 * its actions; the first paint is the empty form.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { appleLogin, googleLogin } from '../../api/login.ts';
import { sendOtp, verifyOtp } from '../../api/otp.ts';
import { onboard } from '../../api/signup.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { currentQuery, takeQueryParams } from '../../lib/address.ts';
import { analytics } from '../../lib/analytics-client.ts';
import { collectDeviceRecord, deviceIdentity } from '../../lib/device.ts';
import { reportError } from '../../lib/error-reporting.ts';
import { $flags, loadFlags } from '../../lib/flags.ts';
import { readPersisted, writePersisted } from '../../lib/persisted.ts';
import { loadPhoneMetadata, phoneFromPreset, phoneMetadata, toPhone } from '../../lib/phone.ts';
import { recaptchaMode } from '../../lib/recaptcha.ts';
import { socialSignIn } from '../../lib/social/index.ts';
import {
  createSignupFlow,
  parseSignupPresets,
  SIGNUP_SECRET_PARAMS,
  type SignupDeps,
} from '../../stores/flows/signup.ts';
import { I18nProvider } from '../../ui/i18n.tsx';
import { IdpRedirect } from '../../ui/IdpRedirect.tsx';
import { BlockedNotice } from '../Login/BlockedNotice.tsx';
import { OtpStep } from '../Login/OtpView.tsx';
import { CorporateError, SignupForm, type SignupViewProps } from './SignupForm.tsx';

export type SignupMessages = Pick<
  Messages,
  | 'common'
  | 'error'
  | 'fields'
  | 'login_otp'
  | 'otp'
  | 'recaptcha'
  | 'redirect'
  | 'signup'
  | 'spring_security_error'
> & {
  /** Only the blocked page and the social sign-in messages of the login catalog. */
  login: Pick<Messages['login'], 'blocked' | 'social'>;
};

export interface SignupProps {
  locale: Locale;
  messages: SignupMessages;
}

function browserDeps(locale: Locale): SignupDeps {
  const device = () => collectDeviceRecord(deviceIdentity()) as unknown as Record<string, unknown>;
  let fallbackReported = false;
  return {
    locale,
    onboard: (body, context) =>
      onboard(body, { clientId: context.clientId, language: locale, device: deviceIdentity() }),
    appleLogin,
    googleLogin,
    sendOtp,
    verifyOtp,
    socialSignIn,
    parsePhone: (value) => {
      const meta = phoneMetadata();
      if (!meta) return undefined;
      const phone = toPhone(value.input, value.country, meta);
      return phone.isValid ? phone.fullPhoneNumber : undefined;
    },
    loadPhone: loadPhoneMetadata,
    presetPhone: async (digits) => {
      const phone = phoneFromPreset(digits, await loadPhoneMetadata());
      return phone ? { country: phone.countryCode, input: phone.nationalPhoneNumber } : undefined;
    },
    flags: () => $flags.get().flags,
    analytics: {
      page: (page, flow) => analytics().page(page, flow),
      track: (name, details) => analytics().track(name, details),
      flush: () => analytics().flush(),
    },
    deviceId: () => {
      const identity = deviceIdentity();
      // Spec section 7: a missing device id falls back to a random uuid, and is reported.
      if (identity.fallback && !fallbackReported) {
        fallbackReported = true;
        reportError(new Error('Device id unavailable: a random uuid was sent'));
      }
      return identity.deviceId;
    },
    profiling: device,
    fallbackClientId: () => readPersisted('clientId'),
    recaptchaRequired: () => recaptchaMode($flags.get().flags.recaptchaV2) !== 'off',
    shieldParams: () => ($flags.get().flags.shieldEnabled ? device() : undefined),
    persisted: {
      read: (key) => readPersisted(key),
      write: (key, value) => void writePersisted(key, value),
    },
  };
}

/** The presets: secrets and personal data leave the address at once; csrf waits in storage. */
function readPresets() {
  const taken = takeQueryParams(SIGNUP_SECRET_PARAMS);
  if (taken.csrf) writePersisted('csrf', taken.csrf);
  const query = currentQuery();
  for (const name of SIGNUP_SECRET_PARAMS) {
    const value = taken[name];
    if (name !== 'csrf' && value !== undefined) query.set(name, value);
  }
  return parseSignupPresets(query);
}

export function Signup(props: SignupProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <SignupScreen locale={props.locale} />
    </I18nProvider>
  );
}

function SignupScreen({ locale }: { locale: Locale }) {
  const [flow] = useState(() => createSignupFlow(browserDeps(locale)));
  const state = useStore(flow.$state);
  const { flags, status } = useStore($flags);
  // Focus moves to a view's heading once the view has changed, never on the page's first paint.
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    let view = flow.$state.get().view;
    const unbind = flow.$state.listen((next) => {
      if (next.view === view) return;
      view = next.view;
      setMoved(true);
    });
    void loadFlags();
    void flow.init(readPresets());
    return () => {
      unbind();
      flow.destroy();
    };
  }, [flow]);

  const focus = moved;
  const clientId = state.presets.clientId;
  const loginHref = `${localizedPath(locale, '/login')}${
    clientId ? `?${new URLSearchParams({ clientId }).toString()}` : ''
  }`;
  const view: SignupViewProps = { flow, state, flags, locale, focus, loginHref };

  switch (state.view) {
    case 'redirect_to_idp':
      return (
        <IdpRedirect
          token={state.token}
          kind={state.registered ? 'registered' : 'welcome'}
          recaptcha={recaptchaMode(flags.recaptchaV2)}
        />
      );
    case 'signup_form':
    case 'otp':
    case 'corporate_error':
    case 'blocked_user':
      return (
        // Hidden until the flags choose the layout (as on /login).
        <section
          className="card login signup"
          data-view={state.view}
          aria-busy={status === 'loading' || undefined}
          data-flags={status}
        >
          {state.view === 'signup_form' && <SignupForm {...view} />}
          {state.view === 'otp' && (
            <OtpStep
              otp={flow.otp}
              busy={state.submitting}
              error={state.error?.message}
              enhanced={flags.enhancedForm}
              recaptchaFlag={flags.recaptchaV2}
              focus={focus}
              onBack={() => flow.back()}
            />
          )}
          {state.view === 'corporate_error' && <CorporateError {...view} />}
          {state.view === 'blocked_user' && (
            <BlockedNotice
              variant="USER_BLOCKED_FOR_SIGNUP"
              focus={focus}
              back={{ href: loginHref }}
            />
          )}
        </section>
      );
  }
}
