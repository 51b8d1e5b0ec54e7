/**
 * Hydrates one-click checkout (`/login/one-click`): every view of the one-click flow
 * (src/stores/flows/one-click/). The island reads the flow with `useStore` and writes only
 * through its actions; the first paint is the empty phone form.
 */
import { useEffect } from 'react';
import { pageAnalytics } from '../../api/analytics.ts';
import { approvalStatus, oneClickLogin, oneClickProof } from '../../api/one-click.ts';
import type { Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { sessionWaits } from '../../lib/wait-store.ts';
import { currentQuery } from '../../lib/address.ts';
import { csrfForAddress, takeCsrf } from '../../lib/csrf.ts';
import { readPersisted } from '../../lib/persisted.ts';
import { loadFlags } from '../../stores/flags.ts';
import { profiling, validatePhone } from '../../stores/flows/browser-deps.ts';
import { createOneClickFlow, type OneClickDeps } from '../../stores/flows/one-click/flow.ts';
import { readOneClickPresets } from '../../stores/flows/one-click/presets.ts';
import { browserVisibility } from '../../lib/page-visibility.ts';
import { useHydrated } from '../../ui/use-query.ts';
import { ViewFocus } from '../../ui/ViewHeading.tsx';
import { PhoneForm, type ViewProps } from './Views.tsx';
import { useErrorMessages } from '../../i18n/error-messages.ts';
import { island, useFlow } from '../../ui/island.tsx';
import { lazyView, ViewSuspense } from '../../ui/lazy-view.tsx';

// The phone form comes with the page; the other views load when the browser is idle, or when the
// flow opens them (src/ui/lazy-view.tsx).
const laterViews = () => import('./LaterViews.tsx');
const LaterView = lazyView(() => laterViews().then((m) => m.LaterView));
const Redirect = lazyView(() => laterViews().then((m) => m.Redirect));

export type OneClickMessages = Pick<
  Messages,
  'common' | 'fields' | 'one_click' | 'recaptcha' | 'redirect'
>;

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
    // Waits kept in this tab's session storage: a reload still waits.
    wait: { waits: sessionWaits },
    visibility: browserVisibility,
    device: { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints },
  };
}

export const OneClick = island<OneClickMessages>(OneClickScreen, {
  laterMessages: useErrorMessages,
});

function OneClickScreen({ locale }: { locale: Locale }) {
  const { flow, state, focus } = useFlow(() => createOneClickFlow(browserDeps(locale)));
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
        <Redirect token={state.token} remember={state.remember} />
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
  if (props.state.view === 'phone_form') return <PhoneForm {...props} />;
  return <LaterView {...props} />;
}
