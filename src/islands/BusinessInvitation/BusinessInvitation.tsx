/**
 * Hydrates `/invitation/{token}`: the signed-in invitee accepts a business invitation; signed
 * out, the identity service's authorize flow first (once): a code flow with PKCE that comes back
 * to `/invitation/_` (the one registered address), the invitation's code waiting in session
 * storage meanwhile, never in `redirect_uri` (src/lib/authorize.ts).
 */
import { useEffect } from 'react';
import { acceptInvitation, assignBusinessRole, fetchUserInfo } from '../../api/business.ts';
import { toFailure } from '../../api/errors.ts';
import { APP_ENV, BUSINESS_WEB_APP_LOGIN } from '../../config.ts';
import { localizedPath, splitLocale, type Locale } from '../../i18n/config.ts';
import type { I18nKey, Messages } from '../../i18n/types.ts';
import { pathToken } from '../../lib/address.ts';
import { flushBeforeLeaving, pageAnalytics } from '../../api/analytics.ts';
import { loadFlags } from '../../stores/flags.ts';
import {
  authorizeAddressOnce,
  takeAuthorizeReturn,
  type AuthorizeReturn,
} from '../../lib/authorize.ts';
import { logoutAddress } from '../../lib/identity-service.ts';
import { SHELL_TOKEN } from '../../routing/routes.ts';
import {
  createBusinessInvitationFlow,
  type BusinessInvitationFlow,
  type InvitationState,
  type Invitee,
} from '../../stores/flows/business-invitation.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { Ltr, RichText, useT } from '../../ui/i18n.tsx';
import { ViewFocus, ViewHeading } from '../../ui/ViewHeading.tsx';
import { island, useFlow } from '../../ui/island.tsx';
import { LoadFailed } from '../../ui/SignedInViews.tsx';
import { useAccessToken } from '../../ui/use-access-token.ts';
import { useResolved } from '../../ui/use-resolved.ts';
import { WaitCard } from '../../ui/WaitCard.tsx';

/** Where the authorize flow brings this page back: its shell, in the page's language. */
const RETURN_PATH = `/invitation/${SHELL_TOKEN}`;
/** The name the invitation's code waits under in session storage during the round trip. */
const KEPT_CODE = 'invitation';

/**
 * An authorize return leaves the address bar as this module is evaluated, before any request,
 * analytics event or error report; the access token then lives only in memory and goes only to
 * user info and the business API, as a bearer header. Back at `/invitation/_`, the page takes
 * its invitation's own address again, the code from session storage.
 */
const back: AuthorizeReturn = typeof window === 'undefined' ? { kind: 'none' } : takeBack();

function takeBack(): AuthorizeReturn {
  const taken = takeAuthorizeReturn();
  const code = taken.kind === 'none' ? undefined : keptOf(taken)[KEPT_CODE];
  const { locale, path } = splitLocale(location.pathname);
  if (code && path === RETURN_PATH) {
    history.replaceState(
      history.state,
      '',
      localizedPath(locale, `/invitation/${encodeURIComponent(code)}`),
    );
  }
  return taken;
}

function keptOf(taken: Exclude<AuthorizeReturn, { kind: 'none' }>): Record<string, string> {
  return taken.kind === 'code' ? taken.pending.keep : taken.keep;
}

export type BusinessInvitationMessages = Pick<Messages, 'invitation' | 'common'>;

export const BusinessInvitation = island<BusinessInvitationMessages>(InvitationPage);

/** The loader until the authorize return's code has become an access token, then the page. */
function InvitationPage(props: { locale: Locale }) {
  const access = useAccessToken(back);
  if (!access.ready) {
    return (
      <ViewFocus focus={false} view="loading">
        <Busy title="invitation:title" status="invitation:loading" busy />
      </ViewFocus>
    );
  }
  return (
    <InvitationView locale={props.locale} accessToken={access.token} returned={access.returned} />
  );
}

const PAGE = 'business_invitation' as const;

/** Sends what analytics and error reporting hold, then leaves (at most ~1 s later). */
async function leave(address: string, replace = false): Promise<void> {
  await flushBeforeLeaving();
  if (replace) location.replace(address);
  else location.assign(address);
}

/** The one authorize address this page leaves for; the invitation's code waits meanwhile. */
function signInHref(locale: Locale, code: string | undefined): Promise<string> {
  return authorizeAddressOnce({
    redirectUri: `${location.origin}${localizedPath(locale, RETURN_PATH)}`,
    locale,
    keep: code ? { [KEPT_CODE]: code } : {},
  });
}

/** The screen a view shows: the invitation stays while it is accepted. */
function screenOf(state: InvitationState): string {
  return state.view === 'submitting' ? 'ready' : state.view;
}

function InvitationView(props: {
  locale: Locale;
  accessToken: string | undefined;
  returned: boolean;
}) {
  const { locale, accessToken } = props;
  const code = typeof location === 'undefined' ? undefined : pathToken(location.pathname, -1);
  const { flow, state, focus } = useFlow(() =>
    createBusinessInvitationFlow({
      code,
      returned: props.returned,
      fetchInvitee: () => fetchUserInfo(accessToken),
      accept: (invitation, invitee) => acceptInvitation(invitation, invitee, accessToken),
      assignRole: (invitation) => assignBusinessRole(invitation, accessToken),
      skipRoleCall: async () => (await loadFlags()).businessInvitationS2SRoles,
      toFailure,
      goToBusinessApp: () => void leave(BUSINESS_WEB_APP_LOGIN[APP_ENV]),
      goToSignIn: () => void signInHref(locale, code).then((href) => leave(href, true)),
      logOut: () => void leave(logoutAddress(localizedPath(locale, '/login'), location.origin)),
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
      <InvitationScreen flow={flow} state={state} signIn={() => signInHref(locale, code)} />
    </ViewFocus>
  );
}

function InvitationScreen(props: {
  flow: BusinessInvitationFlow;
  state: InvitationState;
  signIn: () => Promise<string>;
}) {
  const { flow, state } = props;
  switch (state.view) {
    case 'loading':
      return <Busy title="invitation:title" status="invitation:loading" busy />;
    case 'signin':
      return <SigningIn signIn={props.signIn} />;
    case 'signin_failed':
      return <SignInAgain flow={flow} />;
    case 'load_failed':
      return (
        <LoadFailed
          words="invitation"
          id="invitation-title"
          reason={state.reason}
          onRetry={flow.retry}
        />
      );
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

/** Leaving for the sign-in, with the address it leaves for as a link for those who cannot wait. */
function SigningIn(props: { signIn: () => Promise<string> }) {
  const href = useResolved(props.signIn);
  return (
    <Busy
      title="invitation:title"
      status="invitation:signingIn"
      {...(href ? { link: { href, label: 'invitation:continueToSignIn' as const } } : {})}
    />
  );
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
