import { useEffect, useState } from 'react';
import { spokenWait, waitText, type Wait } from '../api/waits.ts';
import type { Text } from '../i18n/types.ts';
import { useT } from './i18n.tsx';
import { useSecondsUntil } from './use-countdown.ts';

/**
 * How long a rate limit or lock still lasts ('Try again in 2 minutes'), counted down from its
 * deadline; without a deadline from the server, it says so. The visible line is a timer (not
 * announced at each tick); beside it, a polite live region, always in the page so that its
 * changes are heard, says the minutes when they change and, when the flow ends the wait (its
 * `wait` gone after a deadline), 'You can try again now'. Needs the `common` namespace.
 */
export function WaitNotice(props: { wait: Wait | undefined }) {
  const t = useT();
  const left = useSecondsUntil(props.wait?.until);
  const until = props.wait?.until;
  // The last deadline shown, and the last one reached: the end is said only when the flow drops
  // the wait because it is over (not when another number drops it early).
  const [lastUntil, setLastUntil] = useState(until);
  if (until !== undefined && until !== lastUntil) setLastUntil(until);
  const [reached, setReached] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (until === undefined) return undefined;
    const timer = setTimeout(() => setReached(until), Math.max(0, until - Date.now()));
    return () => {
      clearTimeout(timer);
      // The flow's own timer may end the wait first: a deadline reached still counts.
      if (Date.now() >= until - 250) setReached(until);
    };
  }, [until]);
  const over = !props.wait && reached !== undefined && reached === lastUntil;

  const text = props.wait ? waitText(props.wait.until === undefined ? undefined : left) : undefined;
  const spoken: Text | undefined = over
    ? { key: 'common:wait.over' }
    : spokenWait(props.wait, left);
  return (
    <>
      {text && (
        <p className="muted wait-notice" role="timer" data-wait={props.wait?.until ?? 'unknown'}>
          {t.text(text)}
        </p>
      )}
      <p className="visually-hidden wait-spoken" role="status">
        {spoken ? t.text(spoken) : ''}
      </p>
    </>
  );
}
