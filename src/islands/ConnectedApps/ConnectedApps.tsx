/**
 * Hydrates `/client-management/`: the apps the user approved, each removable after a
 * confirmation; signed out, the identity service's authorize flow first (once): a code flow with
 * PKCE whose return is checked against the state and nonce this page issued (src/lib/authorize.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { fetchApprovedApps, removeApprovedApp } from '../../api/connected-apps.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { takeAuthorizeReturn, type AuthorizeReturn } from '../../lib/authorize.ts';
import { safeLogoUri } from '../../stores/client.ts';
import {
  createConnectedAppsFlow,
  type AppsNotice,
  type AppsState,
  type ConnectedApp,
  type ConnectedAppsFlow,
  appInitial,
} from '../../stores/flows/connected-apps.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { useT } from '../../ui/i18n.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';
import { island } from '../../ui/island.tsx';
import { NO_ANSWER_KEYS, TokenPage } from '../../ui/SignedInViews.tsx';

/**
 * The authorize return (a code, or an access token in the hash) is taken out of the address bar
 * as this module is evaluated: before the island renders, before any request, analytics event or
 * error report can see the address. The access token then lives only in the flow's closure.
 */
const back: AuthorizeReturn =
  typeof window === 'undefined' ? { kind: 'none' } : takeAuthorizeReturn();

export type ConnectedAppsMessages = Pick<Messages, 'apps' | 'common'>;

export const ConnectedApps = island<ConnectedAppsMessages>((props) => (
  <TokenPage
    words="apps"
    id={TITLE_ID}
    locale={props.locale}
    path="/client-management/"
    back={back}
    create={(page) =>
      createConnectedAppsFlow({
        ...page,
        fetchApps: fetchApprovedApps,
        removeApp: removeApprovedApp,
        safeLogo: (value) => safeLogoUri(value, location.origin),
      })
    }
    list={(flow, state) => <AppList flow={flow} state={state} locale={props.locale} />}
  />
));

const TITLE_ID = 'apps-title';
const focusTitle = () => document.getElementById(TITLE_ID)?.focus();

function AppList(props: {
  flow: ConnectedAppsFlow;
  state: Extract<AppsState, { view: 'list' }>;
  locale: Locale;
}) {
  const t = useT();
  const { flow, state } = props;
  const previous = useRef<{ confirm: string | undefined; apps: readonly ConnectedApp[] }>({
    confirm: undefined,
    apps: state.apps,
  });

  // When the dialog closes: focus the app's own Remove button again, or, after a removal, the
  // next app's (the previous one's at the end; the heading when none is left).
  useEffect(() => {
    const before = previous.current;
    previous.current = { confirm: state.confirm, apps: state.apps };
    if (before.confirm === undefined || state.confirm !== undefined) return;
    const own = removeButton(before.confirm);
    if (own) {
      own.focus();
      return;
    }
    const index = before.apps.findIndex((app) => app.clientId === before.confirm);
    const next = state.apps[Math.min(index, state.apps.length - 1)];
    const target = next ? removeButton(next.clientId) : undefined;
    if (target) target.focus();
    else focusTitle();
  }, [state.confirm, state.apps]);

  const confirming = state.apps.find((app) => app.clientId === state.confirm);
  // The dialog keeps its text while it closes (the app may already be gone from the list).
  const [dialogName, setDialogName] = useState('');
  if (confirming && confirming.name !== dialogName) setDialogName(confirming.name);
  return (
    <section className="card stack" aria-labelledby="apps-title">
      <ViewHeading id={TITLE_ID}>{t('apps:title')}</ViewHeading>
      <Notice notice={state.notice} flow={flow} />
      {state.apps.length === 0 ? (
        <p className="apps-empty">{t('apps:empty')}</p>
      ) : (
        <>
          <p className="muted">{t('apps:intro', { product: t('common:productName') })}</p>
          <ul className="app-list" aria-labelledby="apps-title">
            {state.apps.map((app) => (
              <li key={app.clientId} className="app-item">
                <AppLogo app={app} />
                <span className="app-name">
                  <bdi>{app.name}</bdi>
                </span>
                <button
                  data-client-id={app.clientId}
                  type="button"
                  className="button button-secondary app-remove"
                  aria-label={t('apps:removeLabel', { name: app.name })}
                  aria-haspopup="dialog"
                  onClick={() => flow.askRemove(app.clientId)}
                >
                  {t('apps:remove')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={localizedPath(props.locale, '/security/')}>{t('apps:security')}</a>
      </p>
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('apps:confirmTitle', { name: dialogName })}
        confirmLabel={t('apps:confirmRemove')}
        cancelLabel={t('common:cancel')}
        pending={state.submitting === true}
        pendingLabel={t('apps:removing')}
        onConfirm={() => void flow.confirmRemove()}
        onCancel={flow.cancelRemove}
      >
        <p>{t('apps:confirmBody', { name: dialogName })}</p>
      </ConfirmDialog>
    </section>
  );
}

function removeButton(clientId: string): HTMLButtonElement | undefined {
  for (const button of document.querySelectorAll<HTMLButtonElement>('.app-remove')) {
    if (button.dataset['clientId'] === clientId) return button;
  }
  return undefined;
}

/** What happened to the last removal: a polite status on success, an alert on failure. */
function Notice(props: { notice: AppsNotice | undefined; flow: ConnectedAppsFlow }) {
  const t = useT();
  const notice = props.notice;
  const failure =
    notice?.kind === 'remove_failed' ? (
      notice.reason === 'expired' ? (
        <ErrorAlert
          action={
            <Button variant="link" onClick={props.flow.signIn}>
              {t('apps:signIn')}
            </Button>
          }
        >
          {t('apps:removeExpired', { name: notice.name })}
        </ErrorAlert>
      ) : (
        <ErrorAlert>
          {t('apps:removeFailed', { name: notice.name })}{' '}
          {notice.reason === 'server' ? '' : t(NO_ANSWER_KEYS[notice.reason])}
        </ErrorAlert>
      )
    ) : null;
  return (
    <>
      {/* Always in the page, so that screen readers announce what is put into it. */}
      <p className="apps-status" role="status">
        {notice?.kind === 'removed' ? t('apps:removed', { name: notice.name }) : ''}
      </p>
      {failure}
    </>
  );
}

/** The app's logo, or its initial when there is none or it does not load. */
function AppLogo(props: { app: ConnectedApp }) {
  const [failed, setFailed] = useState(false);
  const { logoUri, name } = props.app;
  if (logoUri && !failed) {
    return (
      <img
        className="app-logo"
        src={logoUri}
        alt=""
        width={40}
        height={40}
        referrerPolicy="no-referrer"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="app-logo app-logo-letter" aria-hidden="true">
      {appInitial(name)}
    </span>
  );
}
