/**
 * One-click checkout (/login/one-click): every view of spec section 2 'One-click checkout', driven
 * by the one-click flow (src/stores/flows/one-click.ts). The island reads the flow with
 * `useStore` and writes only through its actions; the first paint is the empty phone form.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { approvalStatus, oneClickLogin, oneClickProof } from '../../api/one-click.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { currentQuery, takeQueryParams } from '../../lib/address.ts';
import { analytics } from '../../lib/analytics-client.ts';
import { collectDeviceRecord, deviceIdentity } from '../../lib/device.ts';
import { $flags, loadFlags } from '../../lib/flags.ts';
import { readPersisted, writePersisted } from '../../lib/persisted.ts';
import { loadPhoneMetadata, toPhone } from '../../lib/phone.ts';
import { recaptchaMode } from '../../lib/recaptcha.ts';
import {
  createOneClickFlow,
  csrfForAddress,
  readOneClickPresets,
  type OneClickDeps,
  type PageVisibility,
} from '../../stores/flows/one-click.ts';
import { I18nProvider } from '../../ui/i18n.tsx';
import { IdpRedirect } from '../../ui/IdpRedirect.tsx';
import { useHydrated } from '../../ui/use-query.ts';
import {
  ErrorView,
  MaxTriesView,
  PhoneForm,
  RedirectToOtp,
  RejectedView,
  SignupInApp,
  type ViewProps,
} from './Views.tsx';
import { WaitingView } from './Waiting.tsx';

export type OneClickMessages = Pick<
  Messages,
  'common' | 'fields' | 'one_click' | 'recaptcha' | 'redirect' | 'spring_security_error'
>;

export interface OneClickProps {
  locale: Locale;
  messages: OneClickMessages;
}

const pageVisibility: PageVisibility = {
  hidden: () => document.hidden,
  subscribe: (listener) => {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

function browserDeps(locale: Locale): OneClickDeps {
  return {
    locale,
    login: oneClickLogin,
    status: approvalStatus,
    proof: oneClickProof,
    validatePhone: async (value) => {
      const phone = toPhone(value.input, value.country, await loadPhoneMetadata());
      return phone.isValid ? phone.fullPhoneNumber : undefined;
    },
    oneClickSignup: async () => (await loadFlags()).oneClickSignup,
    navigate: (href) => location.assign(href),
    analytics: {
      page: (page, flow) => analytics().page(page, flow),
      track: (name, details) => analytics().track(name, details),
      flush: () => analytics().flush(),
    },
    profiling: () => collectDeviceRecord(deviceIdentity()) as unknown as Record<string, unknown>,
    newKey: () => crypto.randomUUID(),
    visibility: pageVisibility,
    device: { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints },
  };
}

export function OneClick(props: OneClickProps) {
  return (
    <I18nProvider locale={props.locale} messages={props.messages}>
      <OneClickScreen locale={props.locale} />
    </I18nProvider>
  );
}

function OneClickScreen({ locale }: { locale: Locale }) {
  const [flow] = useState(() => createOneClickFlow(browserDeps(locale)));
  const state = useStore(flow.$state);
  const { flags } = useStore($flags);
  // Focus moves to a view's heading when the view changes, not on the page's first paint.
  const focus = useStore(flow.$viewChanged);
  const hydrated = useHydrated();

  useEffect(() => {
    // The csrf leaves the address at once and waits in session storage for the final form post.
    const { csrf } = takeQueryParams(['csrf']);
    const stored = csrf ? writePersisted('csrf', csrf) : true;
    void loadFlags();
    flow.init({
      ...readOneClickPresets(currentQuery(), readPersisted('clientId')),
      csrfForAddress: csrfForAddress(csrf, stored),
    });
    return () => flow.destroy();
  }, [flow]);

  if (state.view === 'redirect_to_idp') {
    return (
      <IdpRedirect
        token={state.token}
        kind="welcome"
        remember={state.remember}
        recaptcha={recaptchaMode(flags.recaptchaV2)}
      />
    );
  }

  const view: ViewProps = { flow, state, locale, focus };
  return (
    <section className="card one-click" data-view={state.view} aria-busy={!hydrated || undefined}>
      <View {...view} />
    </section>
  );
}

function View(props: ViewProps) {
  switch (props.state.view) {
    case 'phone_form':
      return <PhoneForm {...props} />;
    case 'push_notification':
    case 'confirm_via_app':
      return <WaitingView key={props.state.view} {...props} />;
    case 'redirect_to_otp':
      return <RedirectToOtp {...props} />;
    case 'redirect_to_signup':
      return <SignupInApp {...props} />;
    case 'rejected_user':
      return <RejectedView {...props} />;
    case 'max_tries_reached':
      return <MaxTriesView {...props} />;
    case 'error':
      return <ErrorView {...props} />;
    case 'redirect_to_idp':
      return null;
  }
}
