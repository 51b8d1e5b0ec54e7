/** What the security page's last action did: a polite status on success, an alert on failure. */
import type { SecurityFlow, SecurityNotice, FailureReason } from '../../stores/flows/security.ts';
import type { I18nKey } from '../../i18n/types.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { NO_ANSWER_KEYS } from '../../ui/SignedInViews.tsx';
import { useT } from '../../ui/i18n.tsx';
import { passkeyName, sessionName } from './words.ts';

const FAILED_KEYS = {
  session_failed: 'security:signOutFailed',
  others_failed: 'security:signOutOthersFailed',
  passkey_failed: 'security:removeFailed',
} as const satisfies Record<string, I18nKey>;

/** What the last action did: a polite status on success, an alert on failure. */
export function Notice(props: { notice: SecurityNotice | undefined; flow: SecurityFlow }) {
  const t = useT();
  const notice = props.notice;
  let status = '';
  let failure: { text: string; reason: FailureReason } | undefined;
  let kept = '';
  switch (notice?.kind) {
    case 'signed_out':
      status = t('security:signedOut', { name: sessionName(t, notice.session) });
      break;
    case 'already_signed_out':
      status = t('security:alreadySignedOut', { name: sessionName(t, notice.session) });
      break;
    case 'signed_out_others':
      status = t('security:signedOutOthers', { count: notice.count });
      break;
    case 'passkey_removed':
      status = t('security:removed', { name: passkeyName(t, notice.passkey) });
      break;
    case 'passkey_already_removed':
      status = t('security:alreadyRemoved', { name: passkeyName(t, notice.passkey) });
      break;
    case 'passkey_kept':
      kept = t('security:lastKept', { name: passkeyName(t, notice.passkey) });
      break;
    case 'session_failed':
      failure = {
        text: t(FAILED_KEYS.session_failed, { name: sessionName(t, notice.session) }),
        reason: notice.reason,
      };
      break;
    case 'others_failed':
      failure = { text: t(FAILED_KEYS.others_failed), reason: notice.reason };
      break;
    case 'passkey_failed':
      failure = {
        text: t(FAILED_KEYS.passkey_failed, { name: passkeyName(t, notice.passkey) }),
        reason: notice.reason,
      };
      break;
    case undefined:
      break;
  }
  return (
    <>
      {/* Always in the page, so that screen readers announce what is put into it. */}
      <p className="security-status" role="status">
        {status}
      </p>
      {kept && <ErrorAlert>{kept}</ErrorAlert>}
      {failure &&
        (failure.reason === 'expired' ? (
          <ErrorAlert
            action={
              <Button variant="link" onClick={props.flow.signIn}>
                {t('security:signIn')}
              </Button>
            }
          >
            {t('security:expired')}
          </ErrorAlert>
        ) : (
          <ErrorAlert>
            {failure.text} {failure.reason === 'server' ? '' : t(NO_ANSWER_KEYS[failure.reason])}
          </ErrorAlert>
        ))}
    </>
  );
}
