/**
 * Hydrates `/invitation/{token}`: the signed-in invitee accepts a business invitation; signed
 * out, the identity service's authorize flow first (once).
 */
import { useEffect } from 'react';
import { acceptInvitation, assignBusinessRole, fetchUserInfo } from '../../api/business.ts';
import { toFailure } from '../../api/errors.ts';
import { APP_ENV, BUSINESS_WEB_APP_LOGIN } from '../../config.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { I18nKey, Messages } from '../../i18n/types.ts';
import { pathToken, takeHashParams } from '../../lib/address.ts';
import { flushBeforeLeaving, pageAnalytics } from '../../api/analytics.ts';
import { loadFlags } from '../../stores/flags.ts';
import {
  authorizeAddress,
  logoutAddress,
  readAuthorizeReturn,
  type AuthorizeReturn,
} from '../../lib/identity-service.ts';
import {
  createBusinessInvitationFlow,
  type BusinessInvitationFlow,
  type InvitationState,
  type Invitee,
  type LoadFailure,
} from '../../stores/flows/business-invitation.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert, FormError } from '../../ui/ErrorAlert.tsx';
import { Ltr, RichText, useT } from '../../ui/i18n.tsx';
import { ViewFocus, ViewHeading } from '../../ui/ViewHeading.tsx';
import { island, useFlow } from '../../ui/island.tsx';
import { WaitCard } from '../../ui/WaitCard.tsx';

/** The `state` this page sends to the authorize flow: its return says "we have been there". */
const INVITATION_AUTHORIZE_STATE = 'invitation';

/**
 * An authorize return (`#access_token=...&state=...`) leaves the address bar as this module is
 * evaluated, before any request, analytics event or error report; the token then lives only in
 * memory and goes only to the identity service's user info, as a bearer header.
 */
const fromHash: AuthorizeReturn | undefined =
  typeof window === 'undefined' ? undefined : readAuthorizeReturn(takeHashParams());

export type BusinessInvitationMessages = Pick<Messages, 'invitation' | 'common'>;

export const BusinessInvitation = island<BusinessInvitationMessages>(InvitationView);

const PAGE = 'business_invitation' as const;

/** Sends what analytics and error reporting hold, then leaves (at most ~1 s later). */
async function leave(address: string, replace = false): Promise<void> {
  await flushBeforeLeaving();
  if (replace) location.replace(address);
  else location.assign(address);
}

function signInHref(): string {
  return authorizeAddress(location.pathname, INVITATION_AUTHORIZE_STATE, location.origin);
}

const LOAD_FAILURE_KEYS = {
  offline: 'common:offline',
  network: 'common:networkError',
  timeout: 'common:timeout',
  server: 'invitation:loadFailed',
} as const satisfies Record<LoadFailure, I18nKey>;

/** The screen a view shows: the invitation stays while it is accepted. */
function screenOf(state: InvitationState): string {
  return state.view === 'submitting' ? 'ready' : state.view;
}

function InvitationView(props: { locale: Locale }) {
  const { flow, state, focus } = useFlow(() =>
    createBusinessInvitationFlow({
      code: typeof location === 'undefined' ? undefined : pathToken(location.pathname, -1),
      returned: fromHash?.state === INVITATION_AUTHORIZE_STATE,
      fetchInvitee: () => fetchUserInfo(fromHash?.accessToken),
      accept: acceptInvitation,
      assignRole: assignBusinessRole,
      skipRoleCall: async () => (await loadFlags()).businessInvitationS2SRoles,
      toFailure,
      goToBusinessApp: () => void leave(BUSINESS_WEB_APP_LOGIN[APP_ENV]),
      goToSignIn: () => void leave(signInHref(), true),
      logOut: () =>
        void leave(logoutAddress(localizedPath(props.locale, '/login'), location.origin)),
      track: (name, properties) =>
        pageAnalytics.track(name, { page: PAGE, ...(properties ? { properties } : {}) }),
      pageView: () => pageAnalytics.page(PAGE),
    }),
  );
  const screen = screenOf(state);

  useEffect(() => {
    // Flags load alongside user info; the accept step waits for them (3 s at most).
    void loadFlags();
    flow.start();
    return () => flow.destroy();
  }, [flow]);

  // The loader never takes focus (after a retry, focus stays where it was).
  return (
    <ViewFocus focus={focus && screen !== 'loading'} view={screen}>
      <InvitationScreen flow={flow} state={state} />
    </ViewFocus>
  );
}

function InvitationScreen(props: { flow: BusinessInvitationFlow; state: InvitationState }) {
  const { flow, state } = props;
  switch (state.view) {
    case 'loading':
      return <Busy title="invitation:title" status="invitation:loading" busy />;
    case 'signin':
      return (
        <Busy
          title="invitation:title"
          status="invitation:signingIn"
          link={{ href: signInHref(), label: 'invitation:continueToSignIn' }}
        />
      );
    case 'signin_failed':
      return <SignInAgain flow={flow} />;
    case 'load_failed':
      return <LoadFailed flow={flow} reason={state.reason} />;
    case 'ready':
    case 'submitting':
      return <Invitation flow={flow} state={state} />;
    case 'failed':
      return <Failed flow={flow} state={state} />;
    case 'leaving':
      return <Busy title="invitation:title" status="invitation:leaving" />;
    case 'redirect':
      return (
        <Busy
          title="invitation:acceptedTitle"
          status="invitation:redirecting"
          link={{ href: BUSINESS_WEB_APP_LOGIN[APP_ENV], label: 'invitation:continue' }}
        />
      );
  }
}

/** A waiting view: heading, spinner, what is happening, and a link for those who cannot wait. */
function Busy(props: {
  title: I18nKey;
  status: I18nKey;
  busy?: boolean;
  link?: { href: string; label: I18nKey };
}) {
  const t = useT();
  const { link } = props;
  return (
    <WaitCard
      id="invitation-title"
      title={t(props.title)}
      status={t(props.status)}
      busy={props.busy === true}
      link={link && { href: link.href, label: t(link.label) }}
    />
  );
}

function SignInAgain(props: { flow: BusinessInvitationFlow }) {
  const t = useT();
  return (
    <section className="card center stack" aria-labelledby="invitation-title">
      <ViewHeading id="invitation-title">{t('invitation:signInTitle')}</ViewHeading>
      <p className="muted">{t('invitation:signInBody')}</p>
      <Button onClick={props.flow.signIn}>{t('invitation:signIn')}</Button>
      <Button variant="secondary" onClick={props.flow.notNow}>
        {t('invitation:notNow')}
      </Button>
    </section>
  );
}

function LoadFailed(props: { flow: BusinessInvitationFlow; reason: LoadFailure }) {
  const t = useT();
  return (
    <section className="card stack" aria-labelledby="invitation-title">
      <ViewHeading id="invitation-title">{t('invitation:title')}</ViewHeading>
      <ErrorAlert>{t(LOAD_FAILURE_KEYS[props.reason])}</ErrorAlert>
      <Button onClick={props.flow.retry}>{t('common:retry')}</Button>
    </section>
  );
}

/** 'You are signed in with {phone}', the phone kept left-to-right inside any sentence. */
function SignedInAs(props: { invitee: Invitee }) {
  if (!props.invitee.phone) return null;
  return (
    <p className="invitation-phone">
      <RichText k="invitation:signedInAs" slots={{ phone: <Ltr>{props.invitee.phone}</Ltr> }} />
    </p>
  );
}

function Invitation(props: {
  flow: BusinessInvitationFlow;
  state: Extract<InvitationState, { view: 'ready' | 'submitting' }>;
}) {
  const t = useT();
  const { flow, state } = props;
  const submitting = state.view === 'submitting';
  const name = state.invitee.givenName;
  return (
    <section className="card stack" aria-labelledby="invitation-title">
      <ViewHeading id="invitation-title">{t('invitation:title')}</ViewHeading>
      <p className="invitation-greeting">
        {name ? (
          <RichText k="invitation:greeting" slots={{ name: <bdi>{name}</bdi> }} />
        ) : (
          t('invitation:greetingNoName')
        )}
      </p>
      <p>{t('invitation:body', { product: t('common:productName') })}</p>
      <SignedInAs invitee={state.invitee} />
      <FormError error={state.view === 'ready' ? state.error : undefined} />
      <Button
        pending={submitting}
        pendingLabel={t('invitation:accepting')}
        onClick={() => void flow.accept()}
      >
        {t('invitation:accept')}
      </Button>
      <Button variant="secondary" disabled={submitting} onClick={flow.notNow}>
        {t('invitation:notNow')}
      </Button>
    </section>
  );
}

function Failed(props: {
  flow: BusinessInvitationFlow;
  state: Extract<InvitationState, { view: 'failed' }>;
}) {
  const t = useT();
  const { state } = props;
  return (
    <section className="card stack" aria-labelledby="invitation-title">
      <ViewHeading id="invitation-title">{t('invitation:errorTitle')}</ViewHeading>
      <FormError error={state.error} />
      {state.invitee && <SignedInAs invitee={state.invitee} />}
      <Button variant="secondary" onClick={props.flow.notNow}>
        {t('invitation:logOut')}
      </Button>
    </section>
  );
}
