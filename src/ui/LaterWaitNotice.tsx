/**
 * `<WaitNotice>` (./WaitNotice.tsx) in a form that is a page's first view: a wait comes only with
 * a call's answer, so its code, and the waits' (src/stores/flows/waits.ts), need not come with the
 * page. Until it is here, this draws what WaitNotice draws without a wait: its polite live region,
 * empty, so that the region is in the page before any wait is said in it. The code loads when the
 * browser is idle (src/ui/lazy-view.tsx), and at the latest with the flow's calls: an island whose
 * flow keeps its waits loads them with `waitNoticeHere()`, so no wait reaches the view before its
 * notice, which takes the region's place as soon as it arrives, still empty.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { Suspense } from 'react';
import type { Wait } from '../api/waits.ts';
import { lazyView } from './lazy-view.tsx';

/** Whether WaitNotice's code is here: every LaterWaitNotice then draws it. */
const $here = atom(false);

const Notice = lazyView(() =>
  import('./wait-notice-entry.ts').then((module) => {
    $here.set(true);
    return module.WaitNotice;
  }),
);

/** Loads WaitNotice's code (once); resolves when it is here and every notice shows it. */
export const waitNoticeHere = (): Promise<unknown> => Notice.preload();

/** WaitNotice's live region as it is without a wait (the same element, classes and role). */
export function EmptyWaitNotice() {
  return <p className="visually-hidden wait-spoken" role="status" />;
}

export function LaterWaitNotice(props: { wait: Wait | undefined }) {
  const here = useStore($here);
  if (!here && !props.wait) return <EmptyWaitNotice />;
  return (
    <Suspense fallback={<EmptyWaitNotice />}>
      <Notice wait={props.wait} />
    </Suspense>
  );
}
