/**
 * Hydrates one-click checkout (`/login/one-click`): every view of the one-click flow
 * (src/stores/flows/one-click/). The island reads the flow with `useStore` and writes only
 * through its actions; the first paint is the empty phone form.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { approvalStatus, oneClickLogin, oneClickProof } from '../../api/one-click.ts';
import { pageAnalytics } from '../../api/analytics.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { currentQuery } from '../../lib/address.ts';
import { csrfForAddress, takeCsrf } from '../../lib/csrf.ts';
import { readPersisted } from '../../lib/persisted.ts';
import { recaptchaMode } from '../../lib/recaptcha-mode.ts';
import { $flags, loadFlags } from '../../stores/flags.ts';
import { profiling, validatePhone } from '../../stores/flows/browser-deps.ts';
import { sessionWaits } from '../../lib/wait-store.ts';
import {
  createOneClickFlow,
  readOneClickPresets,
  type OneClickDeps,
  type PageVisibility,
} from '../../stores/flows/one-click/index.ts';
import { useHydrated } from '../../ui/use-query.ts';
import { ViewFocus } from '../../ui/ViewHeading.tsx';
import {
  ErrorView,
  MaxTriesView,
  PhoneForm,
  RedirectToOtp,
  RejectedView,
  SignupInApp,
  type ViewProps,
} from './Views.tsx';
import { useErrorMessages } from '../../i18n/error-messages.ts';
import { island, useFlow } from '../../ui/island.tsx';
import { lazyView, ViewSuspense } from '../../ui/lazy-view.tsx';

// The waiting views and the redirect load when the browser is idle, or when the flow opens them
// (src/ui/lazy-view.tsx); the phone form and the short outcome views come with the page.
const WaitingView = lazyView(() => import('./Waiting.tsx').then((m) => m.WaitingView));
const IdpRedirect = lazyView(() => import('../../ui/IdpRedirect.tsx').then((m) => m.IdpRedirect));

export type OneClickMessages = Pick<
  Messages,
  'common' | 'fields' | 'one_click' | 'recaptcha' | 'redirect'
>;

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
    validatePhone,
    oneClickSignup: async () => (await loadFlags()).oneClickSignup,
    navigate: (href) => location.assign(href),
    analytics: pageAnalytics,
    profiling,
    newKey: () => crypto.randomUUID(),
    wait: { waits: sessionWaits },
    visibility: pageVisibility,
    device: { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints },
  };
}

export const OneClick = island<OneClickMessages>(OneClickScreen, {
  laterMessages: useErrorMessages,
});

function OneClickScreen({ locale }: { locale: Locale }) {
  const { flow, state, focus } = useFlow(() => createOneClickFlow(browserDeps(locale)));
  const { flags } = useStore($flags);
  const hydrated = useHydrated();

  useEffect(() => {
    // The csrf leaves the address at once and waits in session storage for the final form post.
    const csrf = takeCsrf();
    void loadFlags();
    flow.init({
      ...readOneClickPresets(currentQuery(), readPersisted('clientId')),
      csrfForAddress: csrfForAddress(csrf.value, csrf.stored),
    });
    return () => flow.destroy();
  }, [flow]);

  if (state.view === 'redirect_to_idp') {
    return (
      <ViewSuspense>
        <IdpRedirect
          token={state.token}
          kind="welcome"
          remember={state.remember}
          recaptcha={recaptchaMode(flags.recaptchaV2)}
        />
      </ViewSuspense>
    );
  }

  const view: ViewProps = { flow, state, locale };
  return (
    <section className="card one-click" data-view={state.view} aria-busy={!hydrated || undefined}>
      <ViewFocus focus={focus} view={state.view}>
        <ViewSuspense>
          <View {...view} />
        </ViewSuspense>
      </ViewFocus>
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
