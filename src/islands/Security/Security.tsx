/**
 * Hydrates `/security/`: where the account is signed in (each session and trusted device, the
 * current one marked, each signed out after a confirmation, or every other one at once) and its
 * passkeys (each removed after a confirmation). Signed out, the identity service's authorize flow
 * first (once), as connected apps is (src/lib/authorize.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { fetchSecurity, removePasskey, signOutOthers, signOutSession } from '../../api/security.ts';
import { localizedPath, type Locale } from '../../i18n/config.ts';
import type { Messages } from '../../i18n/types.ts';
import { takeAuthorizeReturn, type AuthorizeReturn } from '../../lib/authorize.ts';
import {
  pageRpId,
  signalAllAcceptedCredentials,
  signalCurrentUserDetails,
} from '../../lib/passkey-signals.ts';
import {
  createSecurityFlow,
  passkeysOf,
  type Confirm,
  type ListState,
  type SecurityFlow,
} from '../../stores/flows/security.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { island } from '../../ui/island.tsx';
import { TokenPage } from '../../ui/SignedInViews.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';
import { Notice } from './Notice.tsx';
import { passkeyName, useWords } from './words.ts';

/** The authorize return leaves the address bar as this module is evaluated (ConnectedApps.tsx). */
const back: AuthorizeReturn =
  typeof window === 'undefined' ? { kind: 'none' } : takeAuthorizeReturn();

export type SecurityMessages = Pick<Messages, 'security' | 'common'>;

export const Security = island<SecurityMessages>((props) => (
  <TokenPage
    words="security"
    id={TITLE_ID}
    locale={props.locale}
    path="/security/"
    back={back}
    create={(page) =>
      createSecurityFlow({
        ...page,
        fetchLists: fetchSecurity,
        signOutSession,
        signOutOthers,
        removePasskey,
        signalPasskeys: (account, passkeys) => {
          signalAllAcceptedCredentials(account.userId, passkeysOf(passkeys, pageRpId()));
          signalCurrentUserDetails(account);
        },
      })
    }
    list={(flow, state) => <Lists flow={flow} state={state} locale={props.locale} />}
  />
));

const TITLE_ID = 'security-title';
const SESSIONS_ID = 'security-sessions';
const PASSKEYS_ID = 'security-passkeys';

function Lists(props: { flow: SecurityFlow; state: ListState; locale: Locale }) {
  const { flow, state, locale } = props;
  const words = useWords(locale);
  const { t } = words;
  useFocusAfterDialog(state);

  const others = state.sessions.filter((item) => !item.current);
  return (
    <section className="card stack security" aria-labelledby={TITLE_ID}>
      <ViewHeading id={TITLE_ID}>{t('security:title')}</ViewHeading>
      <Notice notice={state.notice} flow={flow} />

      <h2 id={SESSIONS_ID} tabIndex={-1}>
        {t('security:sessionsTitle')}
      </h2>
      <p className="muted">{t('security:sessionsIntro', { product: t('common:productName') })}</p>
      <ul className="security-list" aria-labelledby={SESSIONS_ID}>
        {state.sessions.map((session) => (
          <li key={session.id} className="security-item" data-session-id={session.id}>
            <div className="security-what">
              <span className="security-name">
                <bdi>{words.session(session)}</bdi>
              </span>
              {session.current && <span className="security-tag">{t('security:thisBrowser')}</span>}
              {session.kind === 'trusted_device' && (
                <span className="security-tag">{t('security:trusted')}</span>
              )}
              <span className="muted security-detail">
                <bdi>{words.place(session)}</bdi>
                {' · '}
                {session.current
                  ? t('security:activeNow')
                  : t('security:lastActive', { when: words.ago(session.lastActiveAt) })}
              </span>
            </div>
            {!session.current && (
              <button
                type="button"
                className="button button-secondary security-action"
                data-action={`session:${session.id}`}
                aria-label={t('security:signOutLabel', { name: words.session(session) })}
                aria-haspopup="dialog"
                onClick={() => flow.ask({ kind: 'session', id: session.id })}
              >
                {t('security:signOut')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <button
          type="button"
          className="button button-secondary"
          data-action="others"
          aria-haspopup="dialog"
          onClick={() => flow.ask({ kind: 'others' })}
        >
          {t('security:signOutOthers')}
        </button>
      ) : (
        <p className="muted">{t('security:onlyHere')}</p>
      )}

      <h2 id={PASSKEYS_ID} tabIndex={-1}>
        {t('security:passkeysTitle')}
      </h2>
      {state.passkeys.length === 0 ? (
        <p className="muted">{t('security:noPasskeys')}</p>
      ) : (
        <>
          <p className="muted">{t('security:passkeysIntro')}</p>
          <ul className="security-list" aria-labelledby={PASSKEYS_ID}>
            {state.passkeys.map((passkey) => (
              <li key={passkey.id} className="security-item">
                <div className="security-what">
                  <span className="security-name">
                    <bdi>{passkeyName(t, passkey)}</bdi>
                  </span>
                  <span className="muted security-detail">
                    {t('security:passkeyCreated', { when: words.ago(passkey.createdAt) })}
                    {' · '}
                    {passkey.lastUsedAt
                      ? t('security:passkeyUsed', { when: words.ago(passkey.lastUsedAt) })
                      : t('security:passkeyNeverUsed')}
                  </span>
                </div>
                <button
                  type="button"
                  className="button button-secondary security-action"
                  data-action={`passkey:${passkey.id}`}
                  aria-label={t('security:removeLabel', { name: passkeyName(t, passkey) })}
                  aria-haspopup="dialog"
                  onClick={() => flow.ask({ kind: 'passkey', id: passkey.id })}
                >
                  {t('security:remove')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}

      <p>
        <a href={localizedPath(locale, '/client-management/')}>{t('security:connectedApps')}</a>
      </p>
      <Confirmation flow={flow} state={state} words={words} />
    </section>
  );
}

/** The dialog's texts for what it confirms (kept while it closes: the row may be gone). */
function dialogTexts(
  state: ListState,
  words: ReturnType<typeof useWords>,
): { title: string; body: string; warning?: string; confirm: string; pending: string } | undefined {
  const { t } = words;
  const asked = state.confirm;
  if (!asked) return undefined;
  if (asked.kind === 'others') {
    return {
      title: t('security:confirmOthersTitle'),
      body: t('security:confirmOthersBody'),
      confirm: t('security:signOutOthers'),
      pending: t('security:signingOut'),
    };
  }
  if (asked.kind === 'session') {
    const session = state.sessions.find((item) => item.id === asked.id);
    if (!session) return undefined;
    return {
      title: t('security:confirmSignOutTitle', { name: words.session(session) }),
      body: t('security:confirmSignOutBody'),
      confirm: t('security:signOut'),
      pending: t('security:signingOut'),
    };
  }
  const passkey = state.passkeys.find((item) => item.id === asked.id);
  if (!passkey) return undefined;
  return {
    title: t('security:confirmRemoveTitle', { name: passkeyName(t, passkey) }),
    body: t('security:confirmRemoveBody'),
    ...(state.passkeys.length === 1 ? { warning: t('security:lastPasskeyWarning') } : {}),
    confirm: t('security:confirmRemove'),
    pending: t('security:removing'),
  };
}

function Confirmation(props: {
  flow: SecurityFlow;
  state: ListState;
  words: ReturnType<typeof useWords>;
}) {
  const { flow, state } = props;
  const current = dialogTexts(state, props.words);
  const [texts, setTexts] = useState(current);
  if (current && current.title !== texts?.title) setTexts(current);
  return (
    <ConfirmDialog
      open={current !== undefined}
      title={texts?.title ?? ''}
      confirmLabel={texts?.confirm ?? ''}
      cancelLabel={props.words.t('common:cancel')}
      pending={state.submitting === true}
      pendingLabel={texts?.pending ?? ''}
      onConfirm={() => void flow.confirm()}
      onCancel={flow.cancel}
    >
      <p>{texts?.body}</p>
      {texts?.warning && <p className="security-warning">{texts.warning}</p>}
    </ConfirmDialog>
  );
}

/** The button that opened the dialog, or the heading of its list once its row is gone. */
function useFocusAfterDialog(state: ListState) {
  const previous = useRef<Confirm | undefined>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = state.confirm;
    if (!before || state.confirm) return;
    const action = before.kind === 'others' ? 'others' : `${before.kind}:${before.id}`;
    const own = document.querySelector<HTMLElement>(`[data-action="${CSS.escape(action)}"]`);
    const heading = document.getElementById(before.kind === 'passkey' ? PASSKEYS_ID : SESSIONS_ID);
    (own ?? heading)?.focus();
  }, [state.confirm]);
}
