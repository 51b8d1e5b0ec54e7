import { useState } from 'react';
import type { Wait } from '../api/waits.ts';
import { WaitTimer } from './WaitTimer.tsx';

/**
 * How long a rate limit or lock still lasts, counted down from its deadline (`<WaitTimer>`); and
 * beside it a polite live region, always in the page so that its changes are heard, saying the
 * minutes when they change and 'You can try again now' when the wait ends. Needs the `common`
 * namespace.
 */
export function WaitNotice(props: { wait: Wait | undefined }) {
  const [spoken, setSpoken] = useState('');
  // From the first wait on, the timer stays: it is the one that says when a wait is over.
  const [waited, setWaited] = useState(props.wait !== undefined);
  if (props.wait !== undefined && !waited) setWaited(true);
  return (
    <>
      {waited && <WaitTimer wait={props.wait} onSpoken={setSpoken} />}
      <p className="visually-hidden wait-spoken" role="status">
        {spoken}
      </p>
    </>
  );
}
