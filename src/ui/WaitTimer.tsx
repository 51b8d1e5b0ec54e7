import { useEffect, useState } from 'react';
import { spokenWait, waitText, type Wait } from '../api/waits.ts';
import { useT } from './i18n.tsx';
import { useSecondsUntil } from './use-countdown.ts';

/**
 * The visible line of a wait (`<WaitNotice>`, which loads it with the first wait): how long it
 * still lasts ('Try again in 2 minutes'), counted down from its deadline, or, without a deadline
 * from the server, that none was given. A timer, not announced at each tick: what the notice's
 * live region says goes to `onSpoken`, the minutes when they change and, when the flow ends the
 * wait (its `wait` gone after a deadline), 'You can try again now'.
 */
export function WaitTimer(props: { wait: Wait | undefined; onSpoken: (text: string) => void }) {
  const t = useT();
  const { wait, onSpoken } = props;
  const left = useSecondsUntil(wait?.until);
  const until = wait?.until;
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
  const over = !wait && reached !== undefined && reached === lastUntil;

  const text = wait ? waitText(wait.until === undefined ? undefined : left) : undefined;
  const spoken = over ? { key: 'common:wait.over' as const } : spokenWait(wait, left);
  const said = spoken ? t.text(spoken) : '';
  useEffect(() => onSpoken(said), [said, onSpoken]);
  return text ? (
    <p className="muted wait-notice" role="timer" data-wait={wait?.until ?? 'unknown'}>
      {t.text(text)}
    </p>
  ) : null;
}
