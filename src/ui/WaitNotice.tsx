import { waitText, type Wait } from '../api/waits.ts';
import { useT } from './i18n.tsx';
import { useSecondsUntil } from './use-countdown.ts';

/**
 * How long a rate limit or lock still lasts ('Try again in 2 minutes'), counted down from its
 * deadline; without a deadline from the server, it says so. A timer, not a live region: the
 * error that came with the wait is the announcement. Needs the `common` namespace.
 */
export function WaitNotice(props: { wait: Wait | undefined }) {
  const t = useT();
  const left = useSecondsUntil(props.wait?.until);
  if (!props.wait) return null;
  const text = waitText(props.wait.until === undefined ? undefined : left);
  if (!text) return null;
  return (
    <p className="muted wait-notice" role="timer" data-wait={props.wait.until ?? 'unknown'}>
      {t.text(text)}
    </p>
  );
}
