import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $flags } from '../stores/flags.ts';
import { ViewFocus } from './ViewHeading.tsx';

/**
 * The card of a form whose layout the flags choose (login, sign-up): laid out but hidden until the
 * flags answer or time out (`data-flags` in global.css), so nothing jumps under a finger. It
 * carries its view (`data-view`) and tells its headings when to take focus.
 */
export function FlagsCard(props: {
  className: string;
  view: string;
  focus: boolean;
  children: ReactNode;
}) {
  const { status } = useStore($flags);
  return (
    <section
      className={props.className}
      data-view={props.view}
      aria-busy={status === 'loading' || undefined}
      data-flags={status}
    >
      <ViewFocus focus={props.focus} view={props.view}>
        {props.children}
      </ViewFocus>
    </section>
  );
}
